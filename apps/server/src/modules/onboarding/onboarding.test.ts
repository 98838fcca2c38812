import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { addPerson, createCompany } from "../../../test/factories.ts";

let t: TestContext;
let company: number;
// Each test signs in people of its own, so no test sees the entries another one posted.
const member = async () => (await addPerson(t, { company, role: "member" })).client;
const ldleader = async () => (await addPerson(t, { company, role: "ldleader" })).client;
beforeAll(async () => {
  t = await createTestContext({ seed: false });
  company = (await createCompany(t)).id;
});
afterAll(() => t.close());

describe("GET|POST /api/b2b/v1/onboarding (spec §7)", () => {
  it("refuses callers without a session", async () => {
    expect((await t.anonymous.get("/api/b2b/v1/onboarding/?page_size=30")).status).toBe(401);
    expect((await t.anonymous.post("/api/b2b/v1/onboarding/", { title: "a", type: "b", ready: true })).status).toBe(401);
  });

  it("records my done tasks and lists only mine", async () => {
    const [me, leader] = [await member(), await ldleader()];
    const posted = await me.post("/api/b2b/v1/onboarding/", { title: "Save your first content", type: "discover", ready: true });
    expect(posted.status).toBe(201);
    expect(posted.body).toMatchObject({ title: "Save your first content", type: "discover", ready: true });
    await leader.post("/api/b2b/v1/onboarding/", { title: "Create a team", type: "peopleManagement", ready: true });

    const mine = await me.get("/api/b2b/v1/onboarding/?page_size=30");
    expect(mine.body.count).toBe(1);
    expect(mine.body.results.map((r: { title: string }) => r.title)).toEqual(["Save your first content"]);
    const theirs = await leader.get("/api/b2b/v1/onboarding/?page_size=30");
    expect(theirs.body.results.map((r: { type: string }) => r.type)).toEqual(["peopleManagement"]);
  });

  it("keeps one entry when the same task is posted twice", async () => {
    const me = await member();
    await me.post("/api/b2b/v1/onboarding/", { title: "Follow a learning path", type: "learningPaths", ready: true });
    await me.post("/api/b2b/v1/onboarding/", { title: "Follow a learning path", type: "learningPaths", ready: true });
    const list = await me.get("/api/b2b/v1/onboarding/?page_size=30");
    expect(list.body.results.filter((r: { type: string }) => r.type === "learningPaths")).toHaveLength(1);
  });

  it("uses the spec's page size of 30 by default", async () => {
    const leader = await ldleader();
    await leader.post("/api/b2b/v1/onboarding/", { title: "Create a team", type: "peopleManagement", ready: true });
    for (let i = 0; i < 32; i++) await leader.post("/api/b2b/v1/onboarding/", { title: `task ${i}`, type: "budgetingPlan" });
    const page = await leader.get("/api/b2b/v1/onboarding/");
    expect(page.body.count).toBe(33);
    expect(page.body.results).toHaveLength(30);
    expect(page.body.next).toMatch(/page=2/);
  });

  it("refuses an entry without a type or with an empty title", async () => {
    const me = await member();
    expect((await me.post("/api/b2b/v1/onboarding/", { title: "x" })).body.error.code).toBe("validation_error");
    expect((await me.post("/api/b2b/v1/onboarding/", { title: "  ", type: "x" })).status).toBe(400);
  });
});

describe("doing the real action records the subtask (spec §4)", () => {
  it("ticks a member's subtask when they save content, and only that one", async () => {
    const me = await member();
    const saved = await me.post("/api/contentuser/save/", { url: "https://www.coursera.org/learn/onboarding-sql", title: "SQL", fetch_metadata: false });
    expect(saved.status).toBe(201);
    const titles = (await me.get("/api/b2b/v1/onboarding/?page_size=30")).body.results.map((r: { type: string; title: string }) => `${r.type}:${r.title}`);
    expect(titles).toContain("discover:Save your first content");
    expect(titles).not.toContain("mytasks:Start an upskilling plan");
  });

  it("records it under the leaders' topic names for an L&D leader, and nothing for a refused call", async () => {
    // A company of its own: the budget of its year is set here and nowhere else.
    const own = (await createCompany(t)).id;
    const me = (await addPerson(t, { company: own, role: "member" })).client;
    const leader = (await addPerson(t, { company: own, role: "ldleader" })).client;
    await me.post("/api/b2b/v1/budgets/", { period: "year", period_start: "2026-01-01", amount_minor: 1 });
    expect((await me.get("/api/b2b/v1/onboarding/?page_size=30")).body.results.some((r: { type: string }) => r.type === "budgetingPlan")).toBe(false);
    await leader.post("/api/b2b/v1/budgets/", { period: "year", period_start: "2026-01-01", amount_minor: 1000 });
    const types = (await leader.get("/api/b2b/v1/onboarding/?page_size=100")).body.results.map((r: { type: string; title: string }) => `${r.type}:${r.title}`);
    expect(types).toContain("budgetingPlan:Set the company budget");
  });
});
