import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import type { CopilotItem } from "@learnward/contracts";
import { RequireAuth } from "../../app/session";
import { renderApp, signedIn } from "../../test/render";
import { contentItem } from "../../test/contentItem";
import { purchaseRequest } from "../../test/purchaseRequest";
import { collection, fakeServer, page } from "../network/testing";
import { CopilotItemActions } from "./CopilotItemActions";
import { copilotItem } from "./testing";

afterEach(() => vi.unstubAllGlobals());

// Compile the lazy dialogs once, before the timed tests (slow on a busy machine).
beforeAll(async () => {
  await Promise.all([import("./AddToCollectionDialog"), import("../budgeting/NewRequestDialog")]);
}, 60_000);

/** The item's actions, for a signed-in person (as on /discover). */
const actionsFor = (item: CopilotItem, role: Parameters<typeof signedIn>[0] = "member") =>
  renderApp(
    <RequireAuth>
      <CopilotItemActions item={item} />
    </RequireAuth>,
    { session: signedIn(role) },
  );

const course: CopilotItem = { ...copilotItem(1, "SQL Essential Training"), content_type: "course", url: "https://learning.example/sql" };

/** The saved copy POST /api/user/courses/ answers with. */
const running = contentItem({
  id_primary: 3,
  id_content: course.id_content,
  content_type: "course",
  title: course.title,
  url: course.url,
  author: null,
  duration_s: 600,
  provider: null,
  course_status: "running",
  completed: false,
  created_at: "2026-01-01T00:00:00.000Z",
});

const draft = collection({ id: 8, title: "My SQL path", status: "private", items: [] });
/** The request POST /api/b2b/v1/purchase-requests/ answers with. */
const filed = purchaseRequest({
  title: course.title,
  link: course.url,
  price_minor: 4990,
  reason: null,
  requested_by: { id: 1, display_name: "Demo member" },
  abilities: { approve: false, reject: false, pay: false, cancel: true },
});

/** A list that holds only list items (axe's rule, which the browser suite runs on every page). */
async function listViolations(): Promise<string[]> {
  const result = await axe.run(document.body, { runOnly: { type: "rule", values: ["list", "listitem"] }, resultTypes: ["violations"] });
  return result.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.html.slice(0, 80)}`));
}

describe("acting on an item of the copilot's answer", () => {
  it("marks a course started with POST /api/user/courses/ and says so", async () => {
    const server = fakeServer({ "POST /api/user/courses/": { status: 201, body: running } });
    actionsFor(course);
    await userEvent.click(screen.getByRole("button", { name: "Mark as started: SQL Essential Training" }));
    expect(await screen.findByText("Started: SQL Essential Training is running in your library.")).toBeInTheDocument();
    expect(server.sent("POST /api/user/courses/")).toEqual([{ id_course: course.id_content, completed: false }]);
    expect(screen.getByRole("button", { name: "Started: SQL Essential Training is running in my library" })).toBeDisabled();
    // Starting saved it to the library too.
    expect(screen.getByRole("button", { name: "Saved: SQL Essential Training is in my library" })).toBeDisabled();
  });

  it("shows a translated error when starting fails", async () => {
    fakeServer({ "POST /api/user/courses/": { status: 404, body: { error: { code: "not_found", message: "Course entry not found" } } } });
    actionsFor(course);
    await userEvent.click(screen.getByRole("button", { name: "Mark as started: SQL Essential Training" }));
    expect(await screen.findByText("That did not work. Try again.")).toBeInTheDocument();
  });

  it("adds the item to one of my collections, or to a new draft made for it", async () => {
    const server = fakeServer({
      "GET /api/b2b/v1/collections/": ({ url }) => ({ body: page(url.searchParams.get("scope") === "mine" ? [draft] : []) }),
      "POST /api/b2b/v1/collections/8/items/": { status: 201, body: draft },
      "POST /api/b2b/v1/collections/": { status: 201, body: collection({ id: 9, title: "Learn SQL", status: "private", items: [] }) },
      "POST /api/b2b/v1/collections/9/items/": { status: 201, body: collection({ id: 9, title: "Learn SQL", status: "private", items: [] }) },
    });
    actionsFor(course);

    await userEvent.click(screen.getByRole("button", { name: "Add to collection: SQL Essential Training" }));
    const dialog = await screen.findByRole("dialog", { name: "Add “SQL Essential Training” to a collection" });
    await userEvent.click(await within(dialog).findByRole("button", { name: /My SQL path/ }));
    expect(await screen.findByText("Added SQL Essential Training to “My SQL path”.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Open the collection" })).toHaveAttribute("href", "/collaborative-network/collections/8/My-SQL-path");
    expect(server.sent("POST /api/b2b/v1/collections/8/items/")).toEqual([{ content_id: course.id_content }]);

    await userEvent.click(screen.getByRole("button", { name: "Add to collection: SQL Essential Training" }));
    const again = await screen.findByRole("dialog");
    await userEvent.type(within(again).getByRole("textbox", { name: "New draft collection" }), "Learn SQL");
    await userEvent.click(within(again).getByRole("button", { name: "Create and add" }));
    expect(await screen.findByText("Added SQL Essential Training to “Learn SQL”.")).toBeInTheDocument();
    expect(server.sent("POST /api/b2b/v1/collections/")).toEqual([{ title: "Learn SQL", description: null, cover_url: null, skills: [] }]);
    expect(server.sent("POST /api/b2b/v1/collections/9/items/")).toEqual([{ content_id: course.id_content }]);
  });

  it("says the item is already in the collection, in the person's words", async () => {
    fakeServer({
      "GET /api/b2b/v1/collections/": { body: page([draft]) },
      "POST /api/b2b/v1/collections/8/items/": { status: 409, body: { error: { code: "already_in_collection", message: "x" } } },
    });
    actionsFor(course);
    await userEvent.click(screen.getByRole("button", { name: "Add to collection: SQL Essential Training" }));
    await userEvent.click(await within(await screen.findByRole("dialog")).findByRole("button", { name: /My SQL path/ }));
    expect(await within(screen.getByRole("dialog")).findByText("This content is already in the collection.")).toBeInTheDocument();
  });

  it("opens the purchase request prefilled with the course's title and link and sends it", async () => {
    const server = fakeServer({ "POST /api/b2b/v1/purchase-requests/": { status: 201, body: filed } });
    actionsFor(course);
    await userEvent.click(screen.getByRole("button", { name: "Request to buy: SQL Essential Training" }));
    const dialog = await screen.findByRole("dialog", { name: "Ask for a course or content" });
    expect(within(dialog).getByRole("textbox", { name: "Title" })).toHaveValue("SQL Essential Training");
    expect(within(dialog).getByRole("textbox", { name: "Link" })).toHaveValue("https://learning.example/sql");
    await userEvent.type(within(dialog).getByRole("textbox", { name: "Price" }), "49.90");
    await userEvent.click(within(dialog).getByRole("button", { name: "Send request" }));
    await waitFor(() =>
      expect(server.sent("POST /api/b2b/v1/purchase-requests/")).toEqual([
        { title: "SQL Essential Training", link: "https://learning.example/sql", price_minor: 4990 },
      ]),
    );
  });

  it("names each action with the words it shows (WCAG label in name), and lists my collections as a list", async () => {
    fakeServer({ "GET /api/b2b/v1/collections/": { body: page([draft]) } });
    actionsFor(course);
    const buttons = screen.getAllByRole("button");
    expect(buttons).toHaveLength(5);
    for (const button of buttons) expect(button.getAttribute("aria-label")?.toLowerCase()).toContain(button.textContent!.trim().toLowerCase());
    await userEvent.click(screen.getByRole("button", { name: "Add to collection: SQL Essential Training" }));
    await within(await screen.findByRole("dialog")).findByRole("button", { name: /My SQL path/ });
    expect(await listViolations()).toEqual([]);
  });

  it("offers to buy only a course, and only to someone with a team to pay for it", () => {
    fakeServer({});
    const { unmount } = actionsFor(course, "ldleader");
    expect(screen.queryByRole("button", { name: /Request to buy/ })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Mark as started: SQL Essential Training" })).toBeInTheDocument();
    unmount();
    actionsFor(copilotItem(2, "Window functions"));
    expect(screen.queryByRole("button", { name: /Request to buy/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Mark as started/ })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Add to collection: Window functions" })).toBeInTheDocument();
  });
});
