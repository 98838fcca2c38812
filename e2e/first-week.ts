// The first-week onboarding panel as a newcomer meets it: someone hr invites today, the panel opened
// from the help button, and its checklist walked step by step.
import { expect } from "vitest";
import { request, type Page } from "playwright-core";
import { as, call } from "./api";
import { BASE_URL, clickPastToasts, linkInMail, settled, signInWithForm, visible, waitForPath } from "./support";

/** Someone hr invites today (their first week begins), signed in through the form. */
export async function newcomer(page: Page, role: "member" | "hr" | "teamleader" | "ldleader", team: "Engineering" | null): Promise<string> {
  const hr = await as("hr@acme.test");
  const teamId = team ? (await call<{ results: { id: number }[] }>(hr, "GET", `/api/b2b/v1/teams/?search=${team}`)).results[0]!.id : null;
  const email = `${role}-week-${Date.now()}@acme.test`;
  await call(hr, "POST", "/api/b2b/v1/invitations/", { email, role, team_id: teamId });
  const token = new URL(await linkInMail(email)).pathname.split("/").pop();
  const anonymous = await request.newContext({ baseURL: BASE_URL });
  await call(anonymous, "POST", `/api/b2b/v1/invitations/${token}/accept/`, { name: `New ${role}`, password: "first-week" });
  await anonymous.dispose();
  await signInWithForm(page, email, "first-week");
  await waitForPath(page, "/home");
  return email;
}

/** The onboarding panel, opened from the help button unless it is open already. */
export async function panel(page: Page) {
  const dialog = page.getByRole("dialog", { name: "Your first week" });
  // A panel still sliding out is not open: wait for it to finish first.
  await settled(page);
  if (!(await dialog.isVisible())) {
    await page.waitForFunction(() => !document.querySelector('button[aria-label="Help and onboarding"]')?.hasAttribute("disabled"));
    // A step done on its page may leave a toast over the help button.
    await clickPastToasts(page, page.getByRole("button", { name: "Help and onboarding" }));
  }
  return visible(dialog);
}

/**
 * Walks the checklist as a person does: the panel lists exactly these steps; each is chosen (its
 * page opens), done for real, and shows ticked the next time the panel opens; then all is done.
 */
export async function walk(page: Page, steps: { title: string; path: string | RegExp; act: () => Promise<void> }[]) {
  const first = await panel(page);
  const names = (await first.getByRole("list").getByRole("button").allInnerTexts()).map((text) => text.split("\n")[0]!.trim());
  expect(names).toEqual(steps.map((s) => s.title));
  for (const step of steps) {
    const open = await panel(page);
    const item = open.getByRole("button", { name: new RegExp(step.title) });
    await visible(item.getByRole("img", { name: "Not done yet" }));
    await item.click();
    await open.waitFor({ state: "hidden" });
    await waitForPath(page, step.path);
    await step.act();
    const again = await panel(page);
    await visible(again.getByRole("button", { name: new RegExp(step.title) }).getByRole("img", { name: "Done" }));
    // A step done on its page may leave a toast over the panel's close button.
    await clickPastToasts(page, again.getByRole("button", { name: "Close onboarding" }));
    await again.waitFor({ state: "hidden" });
  }
  await visible((await panel(page)).getByText("You have completed every step of your first week. Well done!"));
}
