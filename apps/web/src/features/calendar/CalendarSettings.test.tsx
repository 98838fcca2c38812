import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { CalendarFeed } from "@learnward/contracts";
import { AppRoutes } from "../../app/router";
import { meFor, renderApp, reply, serveFetch, signedIn } from "../../test/render";

// Settings → Calendar, my private feed of plan deadlines.

const me = meFor("member");
const profile = { uid: me.user.uid, displayName: "Demo member", photoURL: null, email: me.user.email, username: "member", role: "member", locale: "en" };
const OLD = "http://localhost:3000/api/calendar/old-secret-old-secret-old-secret-old-secret-1.ics";
const NEW = "http://localhost:3000/api/calendar/new-secret-new-secret-new-secret-new-secret-2.ics";
const RATE_LIMITED = "Too many attempts. Wait a moment and try again.";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function serve(rotate = reply(CalendarFeed, { url: NEW, created_at: "2026-11-26T10:00:00.000Z" })) {
  return serveFetch({
    "GET /api/user/profile/": { body: profile },
    "GET /api/b2b/v1/profile/acme.test": { body: me.company },
    "GET /api/b2b/v1/onboarding/": { body: { count: 0, next: null, previous: null, results: [] } },
    "GET /api/me/calendar": reply(CalendarFeed, { url: OLD, created_at: "2026-11-20T10:00:00.000Z" }),
    "POST /api/me/calendar/rotate": rotate,
  });
}

async function openSection() {
  renderApp(<AppRoutes />, { path: "/setting#calendar-heading", session: signedIn("member") });
  return screen.findByRole("region", { name: "Calendar" });
}

describe("/setting → Calendar", () => {
  it("shows my feed's link read-only, copies it, and says how to subscribe from Google Calendar and Outlook", async () => {
    serve();
    const user = userEvent.setup();
    const section = await openSection();
    const field = await within(section).findByRole("textbox", { name: "Your private calendar link" });
    expect(field).toHaveValue(OLD);
    expect(field).toHaveAttribute("readonly");

    await user.click(within(section).getByRole("button", { name: "Copy link" }));
    expect(await navigator.clipboard.readText()).toBe(OLD);
    expect(await screen.findByText("Calendar link copied")).toBeInTheDocument();

    expect(within(section).getByRole("heading", { name: "Google Calendar" })).toBeInTheDocument();
    expect(within(section).getByText(/“Other calendars”, select \+ and then “From URL”/)).toBeInTheDocument();
    expect(within(section).getByRole("heading", { name: "Outlook" })).toBeInTheDocument();
    expect(within(section).getByText(/“Add calendar” and then “Subscribe from web”/)).toBeInTheDocument();
  });

  it("gets a new link only once I confirm, and shows it in place of the old one", async () => {
    const { sent } = serve();
    const user = userEvent.setup();
    const section = await openSection();
    const field = await within(section).findByRole("textbox", { name: "Your private calendar link" });

    await user.click(within(section).getByRole("button", { name: "Get a new link" }));
    const dialog = await screen.findByRole("dialog", { name: "Get a new calendar link?" });
    expect(dialog).toHaveTextContent("Your current link stops working at once");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(sent("POST /api/me/calendar/rotate")).toHaveLength(0);
    expect(field).toHaveValue(OLD);

    await user.click(within(section).getByRole("button", { name: "Get a new link" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Get a new link" }));
    await waitFor(() => expect(field).toHaveValue(NEW));
    expect(sent("POST /api/me/calendar/rotate")).toHaveLength(1);
    expect(await screen.findByText("New calendar link ready. Add it to your calendar again.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("keeps the dialog open with the reason when the server refuses", async () => {
    serve({ status: 429, body: { error: { code: "rate_limited", message: "Too many requests" } } });
    const user = userEvent.setup();
    const section = await openSection();
    await within(section).findByRole("textbox", { name: "Your private calendar link" });
    await user.click(within(section).getByRole("button", { name: "Get a new link" }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Get a new link" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(RATE_LIMITED);
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(within(section).getByRole("textbox", { name: "Your private calendar link" })).toHaveValue(OLD);
  });
});
