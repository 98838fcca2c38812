import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, DEMO, type Client, type TestContext } from "../../../test/helpers.ts";

let t: TestContext;
let member: Client;
let ldleader: Client;
beforeAll(async () => {
  t = await createTestContext();
  member = await t.as(DEMO.member);
  ldleader = await t.as(DEMO.ldleader);
});
afterAll(() => t.close());

describe("GET|POST /api/b2b/v1/onboarding (spec §7)", () => {
  it("refuses callers without a session", async () => {
    expect((await t.anonymous.get("/api/b2b/v1/onboarding/?page_size=30")).status).toBe(401);
    expect((await t.anonymous.post("/api/b2b/v1/onboarding/", { title: "a", type: "b", ready: true })).status).toBe(401);
  });

  it("records my done tasks and lists only mine", async () => {
    const posted = await member.post("/api/b2b/v1/onboarding/", { title: "Save your first content", type: "discover", ready: true });
    expect(posted.status).toBe(201);
    expect(posted.body).toMatchObject({ title: "Save your first content", type: "discover", ready: true });
    await ldleader.post("/api/b2b/v1/onboarding/", { title: "Create a team", type: "peopleManagement", ready: true });

    const mine = await member.get("/api/b2b/v1/onboarding/?page_size=30");
    expect(mine.body.count).toBe(1);
    expect(mine.body.results.map((r: { title: string }) => r.title)).toEqual(["Save your first content"]);
    const theirs = await ldleader.get("/api/b2b/v1/onboarding/?page_size=30");
    expect(theirs.body.results.map((r: { type: string }) => r.type)).toEqual(["peopleManagement"]);
  });

  it("keeps one entry when the same task is posted twice", async () => {
    await member.post("/api/b2b/v1/onboarding/", { title: "Follow a learning path", type: "learningPaths", ready: true });
    await member.post("/api/b2b/v1/onboarding/", { title: "Follow a learning path", type: "learningPaths", ready: true });
    const list = await member.get("/api/b2b/v1/onboarding/?page_size=30");
    expect(list.body.results.filter((r: { type: string }) => r.type === "learningPaths")).toHaveLength(1);
  });

  it("uses the spec's page size of 30 by default", async () => {
    for (let i = 0; i < 32; i++) await ldleader.post("/api/b2b/v1/onboarding/", { title: `task ${i}`, type: "budgetingPlan" });
    const page = await ldleader.get("/api/b2b/v1/onboarding/");
    expect(page.body.count).toBe(33);
    expect(page.body.results).toHaveLength(30);
    expect(page.body.next).toMatch(/page=2/);
  });

  it("refuses an entry without a type or with an empty title", async () => {
    expect((await member.post("/api/b2b/v1/onboarding/", { title: "x" })).body.error.code).toBe("validation_error");
    expect((await member.post("/api/b2b/v1/onboarding/", { title: "  ", type: "x" })).status).toBe(400);
  });
});

describe("doing the real action records the subtask (spec §4)", () => {
  it("ticks a member's subtask when they save content, and only that one", async () => {
    const saved = await member.post("/api/contentuser/save/", { url: "https://www.coursera.org/learn/onboarding-sql", title: "SQL", fetch_metadata: false });
    expect(saved.status).toBe(201);
    const titles = (await member.get("/api/b2b/v1/onboarding/?page_size=30")).body.results.map((r: { type: string; title: string }) => `${r.type}:${r.title}`);
    expect(titles).toContain("discover:Save your first content");
    expect(titles).not.toContain("mytasks:Start an upskilling plan");
  });

  it("records it under the leaders' topic names for an L&D leader, and nothing for a refused call", async () => {
    await member.post("/api/b2b/v1/budgets/", { period: "year", period_start: "2026-01-01", amount_minor: 1 });
    expect((await member.get("/api/b2b/v1/onboarding/?page_size=30")).body.results.some((r: { type: string }) => r.type === "budgetingPlan")).toBe(false);
    await ldleader.post("/api/b2b/v1/budgets/", { period: "year", period_start: "2026-01-01", amount_minor: 1000 });
    const types = (await ldleader.get("/api/b2b/v1/onboarding/?page_size=100")).body.results.map((r: { type: string; title: string }) => `${r.type}:${r.title}`);
    expect(types).toContain("budgetingPlan:Set the company budget");
  });
});

