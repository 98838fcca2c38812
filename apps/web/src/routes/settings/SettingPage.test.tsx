import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { LibraryImport, LibraryImportList, NOTIFICATION_KINDS } from "@learnward/contracts";
import { AppRoutes } from "../../app/router";
import { meFor, renderApp, serveFetch, signedIn } from "../../test/render";
import { reply } from "../../test/fetch";

const me = meFor("hr");
const profile = { uid: me.user.uid, displayName: "Demo hr", photoURL: null, email: me.user.email, username: "hr", role: "hr", locale: "en" };

afterEach(() => vi.unstubAllGlobals());

function serve(overrides: Parameters<typeof serveFetch>[0] = {}) {
  const { fetch } = serveFetch({
    "GET /api/user/profile/": { body: profile },
    "PATCH /api/user/profile/": { body: { ...profile, displayName: "Hana Reyes", photoURL: "https://img.test/me.png" } },
    "POST /api/auth/change-password": { status: 401, body: { error: { code: "invalid_credentials", message: "Email or password incorrect" } } },
    "GET /api/b2b/v1/profile/acme.test": { body: me.company },
    "GET /api/b2b/v1/onboarding/": { body: { count: 0, next: null, previous: null, results: [] } },
    "GET /api/me/notification-settings": { body: Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, "immediately"])) },
    ...overrides,
  });
  return fetch;
}

describe("/setting menu", () => {
  it("shows one section at a time, chosen in its navigation: notifications and the calendar feed included", async () => {
    serve();
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/setting", session: signedIn("hr") });
    // Personal Profile first, alone: the other sections wait for their turn.
    expect(await screen.findByRole("link", { name: "Personal Profile", current: "page" })).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Personal Profile" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Notifications" })).not.toBeInTheDocument();

    for (const name of ["Notifications", "Calendar", "Save from anywhere", "Browser extension", "Directory provisioning (SCIM)"]) {
      const link = screen.getByRole("link", { name });
      await user.click(link);
      const heading = await screen.findByRole("heading", { name, level: 2 });
      expect(link).toHaveAttribute("href", `/setting#${heading.id}`);
      expect(screen.getByRole("link", { name, current: "page" })).toBeInTheDocument();
      expect(screen.queryByRole("heading", { name: "Personal Profile" })).not.toBeInTheDocument();
    }
    // The phone's menu of the same sections.
    await user.selectOptions(screen.getByRole("combobox", { name: "Settings sections" }), "Two-factor sign-in");
    expect(await screen.findByRole("heading", { name: "Two-factor sign-in", level: 2 })).toBeInTheDocument();
  });
});

describe("/setting → Personal Profile", () => {
  it("is the default item and saves name and photo with PATCH /api/user/profile/", async () => {
    const fetch = serve();
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/setting", session: signedIn("hr") });
    expect(await screen.findByRole("link", { name: "Personal Profile", current: "page" })).toBeInTheDocument();
    const name = await screen.findByLabelText(/^Name/);
    expect(name).toHaveValue("Demo hr");

    await user.clear(name);
    await user.type(name, "Hana Reyes");
    await user.type(screen.getByLabelText(/^Photo link/), "ftp://img.test/me.png");
    await user.click(screen.getByRole("button", { name: "Save profile" }));
    expect(await screen.findByText("Enter a link that starts with http:// or https://")).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/^Photo link/));
    await user.type(screen.getByLabelText(/^Photo link/), "https://img.test/me.png");
    await user.click(screen.getByRole("button", { name: "Save profile" }));
    expect(await screen.findByText("Profile saved")).toBeInTheDocument();
    const patch = fetch.mock.calls.find(([, init]) => init?.method === "PATCH");
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ displayName: "Hana Reyes", photoURL: "https://img.test/me.png", locale: "en" });
  });

  it("tells the user when the current password is wrong", async () => {
    serve();
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/setting", session: signedIn("hr") });
    await user.type(await screen.findByLabelText(/^Current password/), "not-it");
    await user.type(screen.getByLabelText(/^New password/), "new-password");
    await user.type(screen.getByLabelText(/^Repeat the new password/), "new-password");
    await user.click(screen.getByRole("button", { name: "Change password" }));
    expect(await screen.findByText("The current password is incorrect")).toBeInTheDocument();
  });

  it("checks that the new password is repeated", async () => {
    serve();
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/setting", session: signedIn("hr") });
    await user.type(await screen.findByLabelText(/^Current password/), "old-password");
    await user.type(screen.getByLabelText(/^New password/), "12");
    await user.type(screen.getByLabelText(/^Repeat the new password/), "different");
    await user.click(screen.getByRole("button", { name: "Change password" }));
    expect(await screen.findByText("Min length 6 characters")).toBeInTheDocument();
    expect(screen.getByText("The passwords do not match")).toBeInTheDocument();
  });
});

describe("/setting → Import and export your library", () => {
  const run = (changes: Partial<LibraryImport>): LibraryImport => ({
    id: 7,
    format: "csv",
    status: "queued",
    total: 3,
    processed: 0,
    added: 0,
    merged: 0,
    folders_created: 0,
    skipped: [{ line: 7, url: "javascript:alert(1)", reason: "not_a_link" }],
    skipped_count: 1,
    error: null,
    created_at: "2026-11-29T08:00:00.000Z",
    finished_at: null,
    ...changes,
  });

  it("sends the chosen file's text with its format, follows the import's progress and says what came in", async () => {
    // The server's side of the import: queued when sent, then a batch saved, then done.
    const states = [
      run({ status: "running", processed: 1, added: 1 }),
      run({ status: "done", processed: 3, added: 2, merged: 1, folders_created: 1, finished_at: "2026-11-29T08:00:05.000Z" }),
    ];
    let sent = false;
    const fetch = serve({
      "POST /api/contentuser/import": () => {
        sent = true;
        return reply(LibraryImport, run({}), 202);
      },
      "GET /api/contentuser/import": () => reply(LibraryImportList, { results: sent ? [states.length > 1 ? states.shift()! : states[0]!] : [] }),
    });
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/setting#import-library-heading", session: signedIn("hr") });
    const file = new File(["title,url\nSQL,https://learn.example.org/sql\n"], "pocket.csv", { type: "text/csv" });
    await user.upload(await screen.findByLabelText("Choose a file"), file);
    expect(screen.getByText("Chosen: pocket.csv")).toBeInTheDocument();
    await user.click(screen.getByLabelText("Keep the imported items private"));
    await user.click(screen.getByRole("button", { name: "Import" }));

    // While it runs: a progress bar, and the person may leave.
    expect(await screen.findByRole("progressbar", { name: "Importing: 0 of 3 links saved" })).toHaveAttribute("aria-valuenow", "0");
    expect(screen.getByText(/You can leave this page/)).toBeInTheDocument();
    expect(await screen.findByRole("progressbar", { name: "Importing: 1 of 3 links saved" }, { timeout: 3000 })).toBeInTheDocument();

    const status = await screen.findByText("2 links imported.", {}, { timeout: 3000 });
    const summary = status.closest("[role=status]") as HTMLElement;
    expect(summary).toHaveTextContent("1 was in your library already or repeated in the file, and was merged.");
    expect(summary).toHaveTextContent("1 folder created.");
    expect(summary).toHaveTextContent("Line 7: not a web link (javascript:alert(1))");
    expect(screen.queryByRole("progressbar")).not.toBeInTheDocument();
    // The export is a download of the server's file, in each format.
    expect(screen.getByRole("link", { name: "Download as CSV" })).toHaveAttribute("href", "/api/contentuser/export?format=csv");
    expect(screen.getByRole("link", { name: "Download as a bookmark file" })).toHaveAttribute("href", "/api/contentuser/export?format=bookmarks_html");
    expect(screen.getByRole("link", { name: "Download as JSON" })).toHaveAttribute("href", "/api/contentuser/export?format=json");
    const post = fetch.mock.calls.find(([url, init]) => String(url).includes("/api/contentuser/import") && init?.method === "POST");
    // A .csv file switches the format to CSV by itself.
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ format: "csv", content: "title,url\nSQL,https://learn.example.org/sql\n", is_private: true });
  });

  it("shows an import still running when the person comes back to the page", async () => {
    serve({ "GET /api/contentuser/import": reply(LibraryImportList, { results: [run({ status: "running", total: 2000, processed: 1000, added: 1000 })] }) });
    renderApp(<AppRoutes />, { path: "/setting#import-library-heading", session: signedIn("hr") });
    expect(await screen.findByRole("progressbar", { name: "Importing: 1000 of 2000 links saved" })).toHaveAttribute("aria-valuenow", "50");
    expect(screen.getByRole("button", { name: "Import" })).toBeDisabled();
  });

  it("says why a file could not be imported, naming the line of a broken one, and asks for a file before sending anything", async () => {
    let answer = { status: 400, body: { error: { code: "import_unreadable", message: "No link" } } };
    const fetch = serve({ "POST /api/contentuser/import": () => answer, "GET /api/contentuser/import": reply(LibraryImportList, { results: [] }) });
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { path: "/setting#import-library-heading", session: signedIn("hr") });
    await user.click(await screen.findByRole("button", { name: "Import" }));
    expect(screen.getByText("Choose a file to import first.")).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url, init]) => String(url).includes("/api/contentuser/import") && init?.method === "POST")).toBe(false);

    await user.upload(screen.getByLabelText("Choose a file"), new File(["<p>no links</p>"], "bookmarks.html", { type: "text/html" }));
    await user.click(screen.getByRole("button", { name: "Import" }));
    const section = screen.getByRole("region", { name: "Import and export your library" });
    expect(await within(section).findByRole("alert")).toHaveTextContent("No links could be read from this file in the format you chose.");

    answer = { status: 400, body: { error: { code: "import_malformed", message: "Broken", details: { line: 12 } } as never } };
    await user.upload(screen.getByLabelText("Choose a file"), new File(["{"], "karakeep.json", { type: "application/json" }));
    expect(screen.getByRole("combobox", { name: "File format" })).toHaveTextContent("JSON: Karakeep, Linkwarden, Omnivore, Learnward");
    await user.click(screen.getByRole("button", { name: "Import" }));
    expect(await within(section).findByRole("alert")).toHaveTextContent("This file is broken at line 12 and nothing of it was imported.");
  });
});
