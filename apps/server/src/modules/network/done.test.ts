// "an item counts as done" is one rule (done.scope.ts). Collection progress, plan progress
// (my tasks) and insights (the stored per-plan count and the plan_completed event) must agree for
// every kind of item and every state a learner can leave it in: one table, every surface. (A plan's
// completion is history: undoing the item later keeps its plan_completed event.)
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { insightPlanDone, learningEvents } from "../../db/schema/index.ts";
import { createTestContext, type Client, type TestContext } from "../../../test/helpers.ts";
import { addPerson } from "../../../test/factories.ts";

type Step = (learner: Client, c: { collectionId: number; itemId: number; contentId: number; url: string }) => Promise<unknown>;
const save: Step = (l, c) => l.post("/api/contentuser/save/", { url: c.url, title: "Saved", fetch_metadata: false });
const markDone: Step = (l, c) => l.post(`/api/b2b/v1/collections/${c.collectionId}/progress/`, { item_id: c.itemId, done: true });
const unmark: Step = (l, c) => l.post(`/api/b2b/v1/collections/${c.collectionId}/progress/`, { item_id: c.itemId, done: false });
const course =
  (completed: boolean): Step =>
  async (l, c) =>
    l.post("/api/user/courses", { id_course: c.contentId, completed });
/** Saves the item and moves my copy through these states (any type, not only courses). */
const states =
  (...moves: string[]): Step =>
  async (l, c) => {
    const saved = (await l.post("/api/contentuser/save/", { url: c.url, title: "Saved", fetch_metadata: false })).body;
    for (const state of moves) expect((await l.patch(`/api/contentuser/${saved.id_primary}/state/`, { state })).status).toBe(200);
  };

const CASES: { name: string; url: string; steps: Step[]; done: boolean; wasDone?: boolean }[] = [
  { name: "an article nobody touched", url: "https://blog.example/untouched", steps: [], done: false },
  { name: "an article saved to my library", url: "https://blog.example/saved", steps: [save], done: false },
  { name: "an article marked done in the path", url: "https://blog.example/marked", steps: [markDone], done: true },
  { name: "an article marked done, then undone", url: "https://blog.example/undone", steps: [markDone, unmark], done: false, wasDone: true },
  { name: "an article in progress in my library", url: "https://blog.example/reading", steps: [states("running")], done: false },
  { name: "an article done in my library", url: "https://blog.example/done-in-library", steps: [states("running", "finalized")], done: true },
  {
    name: "a podcast done in my library, then back on my wishlist",
    url: "https://pod.example/done-then-wishlist",
    steps: [states("finalized", "wishlist")],
    done: false,
    wasDone: true,
  },
  { name: "a course on my wishlist", url: "https://www.udemy.com/course/wishlist-101/", steps: [save], done: false },
  { name: "a course I am taking", url: "https://www.udemy.com/course/running-101/", steps: [save, course(false)], done: false },
  { name: "a course finalized in my library", url: "https://www.udemy.com/course/finalized-101/", steps: [save, course(true)], done: true },
  { name: "a course marked done in the path", url: "https://www.udemy.com/course/marked-101/", steps: [markDone], done: true },
  {
    name: "a course marked done in the path, then undone",
    url: "https://www.udemy.com/course/undone-101/",
    steps: [markDone, unmark],
    done: false,
    wasDone: true,
  },
];

let t: TestContext;
let learner: { id: number; client: Client };
const made: { collectionId: number; itemId: number; contentId: number; planId: number; url: string }[] = [];

beforeAll(async () => {
  t = await createTestContext();
  const company = "globex";
  const ld = (await addPerson(t, { company, role: "ldleader" })).client;
  learner = await addPerson(t, { company, role: "member" });
  for (const [i, c] of CASES.entries()) {
    const saved = (await ld.post("/api/contentuser/save/", { url: c.url, title: c.name, fetch_metadata: false })).body;
    const collectionId = (await ld.post("/api/b2b/v1/collections/", { title: `Path ${i}` })).body.id;
    const item = (await ld.post(`/api/b2b/v1/collections/${collectionId}/items/`, { content_id: saved.id_content })).body;
    const asked = (await ld.post("/api/b2b/v1/publish-requests/", { collection_id: collectionId })).body.id;
    expect((await ld.post(`/api/b2b/v1/publish-requests/${asked}/accept/`, {})).status).toBe(200);
    const plan = await ld.post("/api/b2b/v1/plans/", {
      title: `Plan ${i}`,
      deadline: "2099-01-31",
      skills: { [`skill${i}`]: { collections: [collectionId] } },
      selectedAccount: [learner.id],
    });
    expect(plan.status, plan.text).toBe(201);
    made.push({ collectionId, itemId: item.id, contentId: saved.id_content, planId: plan.body.id, url: c.url });
  }
  for (const [i, c] of CASES.entries()) for (const step of c.steps) await step(learner.client, made[i]!);
});
afterAll(() => t.close());

describe("an item counts as done the same everywhere", () => {
  it.each(CASES.map((c, i) => [c.name, i] as const))("%s", async (_name, i) => {
    const c = CASES[i]!;
    const m = made[i]!;
    const expected = c.done ? 1 : 0;
    const progress = (await learner.client.get(`/api/b2b/v1/collections/${m.collectionId}/progress/`)).body;
    const task = (await learner.client.get("/api/b2b/v1/my-tasks/?status=all")).body.results.find((r: { plan: { id: number } }) => r.plan.id === m.planId);
    const [stored] = await t.database.db
      .select()
      .from(insightPlanDone)
      .where(and(eq(insightPlanDone.planId, m.planId), eq(insightPlanDone.accountId, learner.id)));
    const completed = await t.database.db
      .select()
      .from(learningEvents)
      .where(and(eq(learningEvents.planId, m.planId), eq(learningEvents.accountId, learner.id), eq(learningEvents.kind, "plan_completed")));
    expect({
      collection: progress.done,
      item: progress.items[0].done,
      plan: task?.progress.done,
      planStatus: task?.status,
      insights: stored?.done ?? 0,
      insightsCompleted: completed.length,
    }).toEqual({
      collection: expected,
      item: c.done,
      plan: expected,
      planStatus: c.done ? "completed" : expect.not.stringMatching(/^completed$/),
      insights: expected,
      insightsCompleted: c.done || c.wasDone ? 1 : 0,
    });
  });
});
