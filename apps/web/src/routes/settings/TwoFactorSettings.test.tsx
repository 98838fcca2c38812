import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Me } from "@learnward/contracts";
import { AppRoutes } from "../../app/router";
import { meFor, renderApp, serveFetch, signedIn, type StubRoutes } from "../../test/render";

// Settings → Two-factor sign-in.

const TOTP_URI = "otpauth://totp/Learnward:hr%40acme.test?secret=JBSWY3DPEHPK3PXP&issuer=Learnward&digits=6&period=30";
const BACKUP_CODES = ["aaaaa-11111", "bbbbb-22222", "ccccc-33333"];
const wrongPassword = { status: 400, body: { error: { code: "invalid_credentials", message: "Email or password incorrect" } } };

type Answer = { status?: number; body?: unknown };

/**
 * The server for hr on /setting. `twoFactor` is what GET /api/session says now (a test changes it
 * as the server would); `answers` lists each POST's answers in turn. Records the POSTs.
 */
function serve(twoFactor: Me["account"]["two_factor"], answers: Record<string, Answer[]>) {
  const state = { twoFactor };
  const me = () => meFor("hr", { two_factor: state.twoFactor });
  const noMore = { status: 404, body: { error: { code: "not_found", message: "No more answers" } } };
  const turns: Partial<StubRoutes> = Object.fromEntries(Object.entries(answers).map(([key, list]) => [key, () => list.shift() ?? noMore]));
  const { calls } = serveFetch({
    "GET /api/session": () => ({ body: { me: me() } }),
    "GET /api/user/profile/": () => ({
      body: { uid: me().user.uid, displayName: "Demo hr", photoURL: null, email: me().user.email, username: "hr", role: "hr", locale: "en" },
    }),
    "GET /api/b2b/v1/profile/acme.test": () => ({ body: me().company }),
    "GET /api/b2b/v1/onboarding/": { body: { count: 0, next: null, previous: null, results: [] } },
    ...turns,
  });
  const posts = () => calls().flatMap(({ call, body }) => (call.startsWith("POST ") ? [{ path: call.slice(5), body }] : []));
  return { state, posts };
}

async function openSection(twoFactor: Me["account"]["two_factor"]) {
  renderApp(<AppRoutes />, { path: "/setting#two-factor-heading", session: signedIn("hr", { two_factor: twoFactor }) });
  return screen.findByRole("region", { name: "Two-factor sign-in" });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("/setting → Two-factor sign-in", () => {
  it("turns it on: password, then the QR code and setup key, then a code from the app, then the backup codes once", { timeout: 40_000 }, async () => {
    const server = serve(
      { enabled: false, required: false },
      {
        "POST /api/auth/two-factor/enable": [wrongPassword, { body: { totpURI: TOTP_URI, backupCodes: BACKUP_CODES } }],
        "POST /api/auth/two-factor/verify-totp": [
          { status: 401, body: { error: { code: "invalid_code", message: "Invalid code" } } },
          { body: { token: "t" } },
        ],
      },
    );
    const user = userEvent.setup();
    const section = await openSection({ enabled: false, required: false });
    expect(within(section).getByText("Off")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Two-factor sign-in" })).toHaveAttribute("href", "/setting#two-factor-heading");

    await user.click(within(section).getByRole("button", { name: "Turn on" }));
    await user.type(within(section).getByLabelText(/^Password/), "not-it");
    await user.click(within(section).getByRole("button", { name: "Continue" }));
    expect(await within(section).findByText("That password is not right.")).toBeInTheDocument();

    await user.clear(within(section).getByLabelText(/^Password/));
    await user.type(within(section).getByLabelText(/^Password/), "learnward-demo");
    await user.click(within(section).getByRole("button", { name: "Continue" }));
    const qr = await within(section).findByRole("img", { name: "QR code that adds Learnward to an authenticator app" });
    expect(qr.getAttribute("src")).toMatch(/^data:image\/svg\+xml/);
    // For typing into the app by hand: the secret of the URI, in groups of four.
    expect(within(section).getByRole("textbox", { name: "Setup key" })).toHaveValue("JBSW Y3DP EHPK 3PXP");
    expect(server.posts()[1]).toEqual({ path: "/api/auth/two-factor/enable", body: { password: "learnward-demo" } });

    const code = within(section).getByRole("textbox", { name: "Code from the app" });
    await user.type(code, "12345");
    await user.click(within(section).getByRole("button", { name: "Turn on" }));
    expect(await within(section).findByText("Enter the 6 digits the app shows.")).toBeInTheDocument();
    await user.type(code, "6");
    await user.click(within(section).getByRole("button", { name: "Turn on" }));
    expect(await within(section).findByText("That code is not right. Check your authenticator app and try again.")).toBeInTheDocument();

    server.state.twoFactor = { enabled: true, required: false };
    await user.clear(code);
    await user.type(code, "654 321");
    await user.click(within(section).getByRole("button", { name: "Turn on" }));
    const codes = await within(section).findByRole("list", { name: "Backup codes" });
    expect(
      within(codes)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(BACKUP_CODES);
    expect(within(section).getByText(/They are not shown again/)).toBeInTheDocument();
    expect(server.posts().at(-1)).toEqual({ path: "/api/auth/two-factor/verify-totp", body: { code: "654321" } });
    // The session is read again (the server replaced its cookie): the section says it is on.
    await waitFor(() => expect(within(section).getByText("On")).toBeInTheDocument());

    await user.click(within(section).getByRole("button", { name: "Copy codes" }));
    expect(await navigator.clipboard.readText()).toBe(BACKUP_CODES.join("\n"));
    const download = vi.fn((_blob: Blob) => "blob:codes");
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: download, revokeObjectURL: vi.fn() }));
    await user.click(within(section).getByRole("button", { name: "Download as .txt" }));
    expect(await download.mock.calls[0]![0].text()).toContain(BACKUP_CODES.join("\n"));

    await user.click(within(section).getByRole("button", { name: "I have saved my codes" }));
    expect(within(section).queryByRole("list", { name: "Backup codes" })).not.toBeInTheDocument();
    expect(within(section).getByRole("button", { name: "Turn off" })).toBeInTheDocument();
  });

  it("turns it off with the password", async () => {
    const server = serve({ enabled: true, required: false }, { "POST /api/auth/two-factor/disable": [wrongPassword, { body: { status: true } }] });
    const user = userEvent.setup();
    const section = await openSection({ enabled: true, required: false });
    expect(within(section).getByText("On")).toBeInTheDocument();
    await user.click(within(section).getByRole("button", { name: "Turn off" }));
    const dialog = await screen.findByRole("dialog", { name: "Turn off two-factor sign-in?" });
    await user.type(within(dialog).getByLabelText(/^Password/), "not-it");
    await user.click(within(dialog).getByRole("button", { name: "Turn off" }));
    expect(await within(dialog).findByText("That password is not right.")).toBeInTheDocument();

    server.state.twoFactor = { enabled: false, required: false };
    await user.clear(within(dialog).getByLabelText(/^Password/));
    await user.type(within(dialog).getByLabelText(/^Password/), "learnward-demo");
    await user.click(within(dialog).getByRole("button", { name: "Turn off" }));
    expect(await screen.findByText("Two-factor sign-in is off")).toBeInTheDocument();
    await waitFor(() => expect(within(section).getByText("Off")).toBeInTheDocument());
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(server.posts().at(-1)).toEqual({ path: "/api/auth/two-factor/disable", body: { password: "learnward-demo" } });
  });

  it("does not offer to turn it off when the person's role requires it", async () => {
    serve({ enabled: true, required: true }, {});
    const section = await openSection({ enabled: true, required: true });
    expect(within(section).getByText("Your role requires it, so it can't be turned off.")).toBeInTheDocument();
    expect(within(section).queryByRole("button", { name: "Turn off" })).not.toBeInTheDocument();
    expect(within(section).getByRole("button", { name: "New backup codes" })).toBeInTheDocument();
  });

  it("makes new backup codes with the password, and shows them once", async () => {
    const server = serve(
      { enabled: true, required: false },
      { "POST /api/auth/two-factor/generate-backup-codes": [{ body: { status: true, backupCodes: ["ddddd-44444", "eeeee-55555"] } }] },
    );
    const user = userEvent.setup();
    const section = await openSection({ enabled: true, required: false });
    await user.click(within(section).getByRole("button", { name: "New backup codes" }));
    const dialog = await screen.findByRole("dialog", { name: "New backup codes" });
    await user.type(within(dialog).getByLabelText(/^Password/), "learnward-demo");
    await user.click(within(dialog).getByRole("button", { name: "Make new codes" }));
    const codes = await within(dialog).findByRole("list", { name: "Backup codes" });
    expect(
      within(codes)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["ddddd-44444", "eeeee-55555"]);
    expect(server.posts()).toEqual([{ path: "/api/auth/two-factor/generate-backup-codes", body: { password: "learnward-demo" } }]);
    await user.click(within(dialog).getByRole("button", { name: "I have saved my codes" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });
});
