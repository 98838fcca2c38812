// spec §4: "The panel shows for accounts created within the last 7 days": it opens by
// itself on the person's first visit in that week, once, and is not offered after it.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, screen, waitFor } from "@testing-library/react";
import { notifyManager, type QueryClient } from "@tanstack/react-query";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { AppLayout } from "./AppLayout";
import { renderApp, serveFetch, signedIn } from "../../test/render";
import type { StubAnswer } from "../../test/fetch";
import { onboardingProgress } from "../../features/onboarding/progress";

const NOW = new Date("2026-11-25T12:00:00Z");
const emptyPage: StubAnswer = { body: { count: 0, next: null, previous: null, results: [] } };
/** The company and the person's onboarding, as `onboarding` says. */
const serve = (onboarding: StubAnswer) =>
  serveFetch({
    "GET /api/b2b/v1/profile/acme.test": { body: { id: 1, name: "Acme", domain: "acme.test", url_photo: null, currency: "USD", status: "active" } },
    "GET /api/b2b/v1/onboarding/": onboarding,
  });

const shell = (
  <Routes>
    <Route element={<AppLayout />}>
      <Route path="*" element={<h1>A page</h1>} />
    </Route>
  </Routes>
);
const createdDaysAgo = (days: number) => new Date(NOW.getTime() - days * 24 * 60 * 60 * 1000).toISOString();
const visit = (days: number) => renderApp(shell, { path: "/home", session: signedIn("member", { created_at: createdDaysAgo(days) }) });
const panel = () => screen.queryByRole("dialog", { name: "Your first week" });
/**
 * Every query the page started has its answer, react-query has handed each to the page (its
 * notifications go out in order, this one after them), and React has rendered all that caused: a
 * panel about to open by itself is open now.
 */
async function settled(queryClient: QueryClient) {
  await waitFor(() => expect(queryClient.isFetching()).toBe(0));
  await act(() => new Promise<void>((resolve) => notifyManager.schedule(resolve)));
}
const help = () => screen.getByRole("button", { name: "Help and onboarding" });

beforeEach(() => {
  // Only the clock is fake: the app's own timers and promises run as usual.
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  // Every visit here starts as the account's first (test/setup.ts marks the fixtures' as had).
  localStorage.clear();
  serve(emptyPage);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the onboarding panel in the first week", () => {
  it("opens by itself on the first visit of an account created within 7 days", async () => {
    visit(2);
    expect(await screen.findByRole("dialog", { name: "Your first week" })).toBeInTheDocument();
  });

  it("does not open by itself again on the next visit, and the help button still opens it", async () => {
    const user = userEvent.setup();
    const first = visit(6);
    await screen.findByRole("dialog", { name: "Your first week" });
    first.unmount();

    visit(6);
    await screen.findByRole("heading", { name: "A page" });
    await waitFor(() => expect(help()).toBeEnabled());
    expect(panel()).toBeNull();
    await user.click(help());
    expect(await screen.findByRole("dialog", { name: "Your first week" })).toBeInTheDocument();
  });

  it("remembers the first opening per account: another account on the same browser gets its own", async () => {
    const first = visit(1);
    await screen.findByRole("dialog", { name: "Your first week" });
    first.unmount();
    renderApp(shell, { path: "/home", session: signedIn("member", { uid: "uid-someone-else", created_at: createdDaysAgo(1) }) });
    expect(await screen.findByRole("dialog", { name: "Your first week" })).toBeInTheDocument();
  });

  it("does not open by itself over the home when every step of the week is done already", async () => {
    const done = onboardingProgress("member", 7, []).topics.flatMap((topic) =>
      topic.subtasks.map((subtask, i) => ({ id: i + 1, type: topic.type, title: subtask.title, ready: true, created_at: NOW.toISOString() })),
    );
    serve({ body: { count: done.length, next: null, previous: null, results: done } });
    const { queryClient } = visit(1);
    await screen.findByRole("heading", { name: "A page" });
    await waitFor(() => expect(help()).toBeEnabled());
    await settled(queryClient);
    expect(panel()).toBeNull();
  });

  it("keeps the help button disabled while onboarding loads", async () => {
    // Onboarding still on its way.
    serve({ never: true });
    visit(1);
    await screen.findByRole("heading", { name: "A page" });
    expect(help()).toBeDisabled();
    expect(panel()).toBeNull();
  });
});

describe("after the first week", () => {
  it("neither opens the panel nor offers it: the help button is disabled and says why", async () => {
    const { queryClient } = visit(8);
    await screen.findByRole("heading", { name: "A page" });
    await settled(queryClient);
    expect(panel()).toBeNull();
    expect(help()).toBeDisabled();
    expect(help()).toHaveAccessibleDescription("The first-week guide is offered during your account's first 7 days; that week is over.");
  });
});
