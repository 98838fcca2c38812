import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { as, call } from "../api";
import { DESKTOP, PHONE, browserForThisFile, openPage, signInWithApi, visible } from "../support";

// Required learning paths: the L&D leader requires a fresh path of the Engineering team on the
// path's page; Marco (Engineering) sees it due in My tasks, completes it, and hr's insights then
// count him on time in the team's row, read at 390 wide.

const browser = browserForThisFile();
const LD = "ldleader@acme.test";
const MEMBER = "member@acme.test";
const HR = "hr@acme.test";

/** A published one-item path of Acme's, made through the API by the L&D leader. */
async function freshPath(title: string, item: string): Promise<number> {
  const ld = await as(LD);
  const saved = await call<{ id_content: number }>(ld, "POST", "/api/contentuser/save/", {
    url: `https://acme.example/compliance-${randomUUID()}`,
    title: item,
    fetch_metadata: false,
  });
  const { id } = await call(ld, "POST", "/api/b2b/v1/collections/", { title });
  await call(ld, "POST", `/api/b2b/v1/collections/${id}/items/`, { content_id: saved.id_content });
  const asked = await call(ld, "POST", "/api/b2b/v1/publish-requests/", { collection_id: id });
  await call(ld, "POST", `/api/b2b/v1/publish-requests/${asked.id}/accept/`, {});
  return id;
}

const noSidewaysScroll = (page: import("playwright-core").Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe("required learning paths", () => {
  it("the L&D leader requires a path of Engineering; Marco sees it due, completes it, and insights count him on time", { timeout: 180_000 }, async () => {
    const title = `Safety basics ${randomUUID().slice(0, 8)}`;
    const item = `Fire drill ${randomUUID().slice(0, 8)}`;
    const pathId = await freshPath(title, item);

    // The L&D leader, on the path's page: "Required for" Engineering, within 14 days, once.
    const ld = await openPage(browser(), DESKTOP);
    await signInWithApi(ld.context, LD);
    await ld.page.goto(`/collaborative-network/collections/${pathId}/x`);
    const form = await visible(ld.page.getByRole("region", { name: "Required for" }));
    const teams = form.getByRole("combobox", { name: "Teams" });
    await teams.click();
    await teams.fill("Engineering");
    await ld.page.getByRole("option", { name: "Engineering", exact: true }).click();
    await form.getByRole("spinbutton", { name: "Days to complete" }).fill("14");
    await form.getByRole("combobox", { name: "Recurrence" }).selectOption({ label: "Once" });
    await form.getByRole("button", { name: "Require this path" }).click();
    await visible(ld.page.getByText("This path is now required"));
    await visible(form.getByRole("list", { name: "Who this path is required of" }).getByText("Engineering: within 14 days"));
    expect(ld.errors).toEqual([]);

    // Marco, on a phone: the path is due in My tasks; he completes it from there.
    const marco = await openPage(browser(), PHONE);
    await signInWithApi(marco.context, MEMBER);
    await marco.page.goto("/collaborative-network/myTasks");
    const required = await visible(marco.page.getByRole("list", { name: "Learning paths required of me" }));
    const entry = required.getByRole("listitem").filter({ hasText: title });
    await visible(entry.getByText("Due", { exact: true }));
    expect(await noSidewaysScroll(marco.page)).toBe(true);
    await entry.getByRole("link", { name: title }).click();
    const box = await visible(marco.page.getByRole("checkbox", { name: `Done: ${item}` }));
    const saved = marco.page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.endsWith("/progress/"));
    await box.check();
    expect((await saved).ok()).toBe(true);
    await marco.page.goto("/collaborative-network/myTasks");
    const done = (await visible(marco.page.getByRole("list", { name: "Learning paths required of me" }))).getByRole("listitem").filter({ hasText: title });
    await visible(done.getByText("On time", { exact: true }));
    expect(marco.errors).toEqual([]);

    // hr, on a phone: the Engineering row of "Compliance by team" counts Marco on time.
    const hr = await openPage(browser(), PHONE);
    await signInWithApi(hr.context, HR);
    await hr.page.goto("/dashboard/content");
    const table = await visible(hr.page.getByRole("table", { name: "Compliance by team" }));
    const row = table.getByRole("row").filter({ has: hr.page.getByRole("rowheader", { name: "Engineering" }) });
    const figures = await row.getByRole("cell").allTextContents();
    // Columns after the team: on time, due, overdue, expired; Marco is the only one of Engineering who completed it.
    expect(figures[0]).toBe("1");
    expect(await noSidewaysScroll(hr.page)).toBe(true);
    await visible(hr.page.getByRole("link", { name: "Download CSV of Compliance by team" }));
    expect(hr.errors).toEqual([]);
  });
});
