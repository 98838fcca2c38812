import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { NotificationPage, type Notification } from "@learnward/contracts";
import { renderApp, reply, serveFetch, signedIn } from "../../test/render";
import { LocationProbe } from "../../test/LocationProbe";
import { TopBar } from "../../app/layout/TopBar";
import { meFor } from "../../test/render";

// The bell in the top bar, its count, its list and marking read.
const note = (id: number, over: Partial<Notification> = {}): Notification => ({
  id,
  kind: "plan_assigned",
  params: { plan: `Plan ${id}`, by: "Tina Lead", due_on: "2026-12-24" },
  link: "/collaborative-network/myTasks",
  read: false,
  created_at: "2026-11-20T10:00:00.000Z",
  ...over,
});
const page = (results: Notification[], unread: number, next: string | null = null) =>
  reply(NotificationPage, { count: results.length, next, previous: null, results, unread });

const render = () =>
  renderApp(
    <>
      <TopBar me={meFor("member")} />
      <LocationProbe />
    </>,
    { session: signedIn("member") },
  );

describe("the notification bell", () => {
  it("shows the unread count and lists the newest first in the person's words, paging with Show more", async () => {
    const decided = note(7, { kind: "purchase_request_decided", params: { title: "SQL course", status: "approved" }, link: "/budgetingPlan/purchaseRequest" });
    serveFetch({
      "GET /api/notifications": ({ url }) =>
        url.searchParams.get("page") === "2" ? page([note(3, { read: true })], 2) : page([decided, note(5)], 2, "http://x/api/notifications?page=2"),
    });
    render();
    const bell = await screen.findByRole("button", { name: "Notifications, 2 unread" });
    await userEvent.click(bell);
    const list = await screen.findByRole("list", { name: "Notifications" });
    expect(
      within(list)
        .getAllByRole("link")
        .map((a) => a.textContent),
    ).toEqual([expect.stringContaining("Your request for SQL course was approved"), expect.stringContaining("New plan for you: Plan 5 (due 2026-12-24)")]);
    await userEvent.click(screen.getByRole("button", { name: "Show more" }));
    await waitFor(() => expect(within(list).getAllByRole("link")).toHaveLength(3));
    expect(within(list).getAllByRole("link")[2]).toHaveTextContent("New plan for you: Plan 3");
    expect(screen.queryByRole("button", { name: "Show more" })).toBeNull();
  });

  it("follows an entry to its object and marks it read", async () => {
    let read = false;
    const { sent } = serveFetch({
      "GET /api/notifications": () => page([note(5, { read })], read ? 0 : 1),
      "POST /api/notifications/5/read": () => {
        read = true;
        return { body: note(5, { read: true }) };
      },
    });
    render();
    await userEvent.click(await screen.findByRole("button", { name: "Notifications, 1 unread" }));
    await userEvent.click(await screen.findByRole("link", { name: /New plan for you: Plan 5/ }));
    expect(screen.getByTestId("location")).toHaveTextContent("/collaborative-network/myTasks");
    await waitFor(() => expect(sent("POST /api/notifications/5/read")).toHaveLength(1));
    expect(await screen.findByRole("button", { name: "Notifications" })).toBeInTheDocument();
  });

  it("marks all as read", async () => {
    let unread = 2;
    const { sent } = serveFetch({
      "GET /api/notifications": () => page([note(2, { read: unread === 0 }), note(1, { read: unread === 0 })], unread),
      "POST /api/notifications/read-all": () => {
        unread = 0;
        return { body: { read: 2 } };
      },
    });
    render();
    await userEvent.click(await screen.findByRole("button", { name: "Notifications, 2 unread" }));
    await userEvent.click(await screen.findByRole("button", { name: "Mark all as read" }));
    expect(sent("POST /api/notifications/read-all")).toHaveLength(1);
    await waitFor(() => expect(screen.getByRole("button", { name: "Mark all as read" })).toBeDisabled());
    // The button it pressed is now disabled, which a browser takes focus from: focus waits on the
    // list's heading, so Escape still closes the list and returns to the bell.
    expect(screen.getByRole("heading", { name: "Notifications" })).toHaveFocus();
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("list", { name: "Notifications" })).toBeNull());
    expect(await screen.findByRole("button", { name: "Notifications" })).toHaveFocus();
  });

  it("says so when there is nothing", async () => {
    serveFetch({ "GET /api/notifications": () => page([], 0) });
    render();
    await userEvent.click(await screen.findByRole("button", { name: "Notifications" }));
    expect(await screen.findByText(/Nothing new/)).toBeInTheDocument();
  });

  it("says what it shows: no hidden 0 while nothing is unread, and 99+ in its name when the badge says 99+ (WCAG 2.5.3)", async () => {
    let unread = 0;
    serveFetch({ "GET /api/notifications": () => page([], unread) });
    const { unmount } = render();
    expect((await screen.findByRole("button", { name: "Notifications" })).textContent).toBe("");
    unmount();
    unread = 120;
    render();
    const bell = await screen.findByRole("button", { name: "Notifications, 99+ unread" });
    expect(bell.textContent).toBe("99+");
  });
});
