import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import i18next from "i18next";
import { OutboxMail, OutboxMessage, Paginated } from "@learnward/contracts";
import { AppRoutes } from "../../app/router";
import { renderApp, signedIn } from "../../test/render";
import { reply } from "../../test/fetch";
import { page, serveAdmin } from "../../features/admin/testing";

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18next.changeLanguage("en");
});

const invitation = {
  id: 7,
  to: "new@acme.test",
  subject: "You're invited to join Acme on Learnward",
  text: "Hello,\n\nOpen this link to create your account:\nhttp://localhost:3000/invitation/abc\n",
  created_at: "2026-11-29T10:00:00.000Z",
};
const reset = { id: 6, to: "hr@acme.test", subject: "Reset your Learnward password", text: "Hello", created_at: "2026-11-29T09:00:00.000Z" };
const html =
  '<!DOCTYPE html><html lang="en"><body><p>Hello,</p><a href="http://localhost:3000/invitation/abc">http://localhost:3000/invitation/abc</a></body></html>';

const open = async (path = "/admin/outbox") => {
  renderApp(<AppRoutes />, { path, session: signedIn("admin") });
  return screen.findByRole("heading", { level: 1 });
};

describe("/admin/outbox", () => {
  it("lists the recent mail and shows the chosen one as it would arrive, both parts, from the keyboard", async () => {
    serveAdmin({
      "GET /api/dev/outbox": reply(Paginated(OutboxMessage), page([invitation, reset])),
      "GET /api/dev/outbox/7": reply(OutboxMail, { ...invitation, html }),
    });
    expect(await open()).toHaveTextContent("Mail outbox");
    const list = await screen.findByRole("list", { name: "Recent mail" });
    const entry = within(list).getByRole("link", { name: /You're invited to join Acme on Learnward/ });
    expect(entry).toHaveTextContent("To new@acme.test");
    expect(within(list).getAllByRole("link")).toHaveLength(2);

    entry.focus();
    await userEvent.keyboard("{Enter}");
    const frame = await screen.findByTitle("The mail “You're invited to join Acme on Learnward” as it would arrive");
    // An empty sandbox: the mail's HTML runs no script and reaches nothing.
    expect(frame.tagName).toBe("IFRAME");
    expect(frame.getAttribute("sandbox")).toBe("");
    expect(frame.getAttribute("srcdoc")).toBe(html);
    expect(screen.getByLabelText("Plain-text part")).toHaveTextContent("http://localhost:3000/invitation/abc");
    expect(screen.getByRole("heading", { level: 2, name: invitation.subject })).toBeInTheDocument();
    expect(within(list).getByRole("link", { name: /You're invited/ })).toHaveAttribute("aria-current", "true");
  });

  it("says there is no outbox where the server keeps none (production)", async () => {
    serveAdmin({});
    await open();
    expect(await screen.findByText("This server has no outbox: in production, mail goes out through SMTP.")).toBeInTheDocument();
  });

  it("speaks Spanish", async () => {
    await i18next.changeLanguage("es");
    serveAdmin({ "GET /api/dev/outbox": reply(Paginated(OutboxMessage), page([invitation])) });
    expect(await open()).toHaveTextContent("Bandeja de salida");
    expect(await screen.findByRole("list", { name: "Correo reciente" })).toHaveTextContent("Para new@acme.test");
  });
});
