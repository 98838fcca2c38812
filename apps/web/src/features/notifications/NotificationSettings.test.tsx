import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import i18next from "i18next";
import { NOTIFICATION_KINDS, NotificationSettings, UnsubscribeResponse } from "@learnward/contracts";
import { AppRoutes } from "../../app/router";
import { meFor, renderApp, reply, serveFetch, signedIn } from "../../test/render";

// Mail per person: the settings page's Notifications section and the /unsubscribe page.
const me = meFor("member");
const profile = { uid: me.user.uid, displayName: "Demo member", photoURL: null, email: me.user.email, username: "member", role: "member", locale: "en" };
const all = (mail: "immediately" | "daily" | "weekly" | "off") => Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, mail])) as NotificationSettings;

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18next.changeLanguage("en");
});

function serveSettings(put: Parameters<typeof serveFetch>[0]["PUT /api/me/notification-settings"]) {
  return serveFetch({
    "GET /api/user/profile/": { body: profile },
    "GET /api/b2b/v1/profile/acme.test": { body: me.company },
    "GET /api/b2b/v1/onboarding/": { body: { count: 0, next: null, previous: null, results: [] } },
    "GET /api/me/notification-settings": reply(NotificationSettings, all("immediately")),
    "PUT /api/me/notification-settings": put,
  });
}

describe("/setting → Notifications", () => {
  it("lists every kind with a labelled choice and saves only what changed", async () => {
    const { sent } = serveSettings(({ body }) => reply(NotificationSettings, { ...all("immediately"), ...(body as object) }));
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/setting#notification-settings-heading", session: signedIn("member") });
    const section = await screen.findByRole("region", { name: "Notifications" });
    const planAssigned = await within(section).findByLabelText("A plan is assigned to me");
    expect(within(section).getAllByRole("combobox")).toHaveLength(NOTIFICATION_KINDS.length);
    expect(planAssigned).toHaveValue("immediately");

    await user.selectOptions(planAssigned, "In a daily digest");
    await user.selectOptions(within(section).getByLabelText("A learning path I follow changes"), "Off");
    await user.click(within(section).getByRole("button", { name: "Save notification settings" }));
    expect(await screen.findByText("Notification settings saved")).toBeInTheDocument();
    expect(sent("PUT /api/me/notification-settings")).toEqual([{ plan_assigned: "daily", path_changed: "off" }]);
    expect(planAssigned).toHaveValue("daily");
  });

  it("says so when saving fails", async () => {
    serveSettings({ status: 400, body: { error: { code: "validation_error", message: "Invalid input" } } });
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/setting#notification-settings-heading", session: signedIn("member") });
    const section = await screen.findByRole("region", { name: "Notifications" });
    await user.selectOptions(await within(section).findByLabelText("A plan of mine is overdue"), "In a weekly digest");
    await user.click(within(section).getByRole("button", { name: "Save notification settings" }));
    expect(await within(section).findByRole("alert")).toHaveTextContent(/./);
    expect(screen.queryByText("Notification settings saved")).not.toBeInTheDocument();
  });

  it("speaks Spanish", async () => {
    serveSettings(reply(NotificationSettings, all("immediately")));
    await i18next.changeLanguage("es");
    renderApp(<AppRoutes />, { path: "/setting#notification-settings-heading", session: signedIn("member") });
    const section = await screen.findByRole("region", { name: "Notificaciones" });
    expect(await within(section).findByLabelText("Me asignan un plan")).toHaveDisplayValue("Al momento");
    expect(within(section).getByRole("button", { name: "Guardar ajustes de notificaciones" })).toBeInTheDocument();
  });
});

describe("/unsubscribe/:token", () => {
  it("says what it turns off and turns it off with one button, without signing in", async () => {
    const { sent } = serveFetch({ "POST /api/unsubscribe/12~plan_assigned~sig": reply(UnsubscribeResponse, { kinds: ["plan_assigned"] }) });
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/unsubscribe/12~plan_assigned~sig" });
    expect(await screen.findByText("You will no longer get emails when this happens: A plan is assigned to me.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Unsubscribe" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Done: you won't get these emails any more.");
    expect(sent("POST /api/unsubscribe/12~plan_assigned~sig")).toHaveLength(1);
  });

  it("tells the person when the link is not valid", async () => {
    serveFetch({
      "POST /api/unsubscribe/12~daily~forged": { status: 400, body: { error: { code: "invalid_token", message: "This unsubscribe link is not valid" } } },
    });
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/unsubscribe/12~daily~forged" });
    expect(await screen.findByText("You will no longer get your daily digest email.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Unsubscribe" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("This unsubscribe link is not valid. Sign in and choose your emails in Settings instead.");
  });

  it("speaks Spanish", async () => {
    serveFetch({});
    await i18next.changeLanguage("es");
    renderApp(<AppRoutes />, { path: "/unsubscribe/12~weekly~sig" });
    expect(await screen.findByText("Dejarás de recibir tu resumen semanal por correo.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Darme de baja" })).toBeInTheDocument();
  });
});
