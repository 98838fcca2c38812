// The insights suites' shared story: a company of its own told up to the stage a test needs, and the dashboard as one of its people sees it.
import { expect } from "vitest";
import { addContent, createCompanyWithRoles } from "./factories.ts";
import type { Client, TestContext } from "./helpers.ts";

export const PLAN = "=Overdue SQL plan";

/** The company of a story, told up to its stage (see `tellStory`). */
export interface StoryWorld {
  hr: Client;
  ld: Client;
  tl: Client;
  member: Client;
  memberId: number;
  tlId: number;
  memberEmail: string;
  tlEmail: string;
  engineering: number;
  domain: string;
  collectionId: number;
  itemIds: number[];
  planId: number;
}
export type StoryStage = 0 | 1 | 2 | "request";

export const insights = async (c: Client, query = "") => {
  const res = await c.get(`/api/b2b/v1/insights/${query}`);
  expect(res.status, res.text).toBe(200);
  return res.body;
};

/**
 * A company of its own (hr, the L&D leader, Tessa Lind leading Engineering and its member) told up
 * to `stage`, so the plan and request stories start where they need and none depends on another
 * test: 0 the member's published "SQL path" of two articles; 1 the L&D leader's plan on it, past its
 * deadline, for Engineering and Tessa by name; 2 the member has done the path; "request" is stage 0
 * with the member's pending 950.00 purchase request.
 */
export async function tellStory(t: TestContext, stage: StoryStage): Promise<StoryWorld> {
  const world = await createCompanyWithRoles(t, { teamName: "Engineering", names: { teamleader: "Tessa Lind" } });
  const [ldC, member] = [world.ldleader.client, world.member.client];
  const articles = [0, 1].map(() => addContent(t, { company: world.company.id, contentType: "article", skills: ["sql"] }));
  const collectionId = (await member.post("/api/b2b/v1/collections/", { title: "SQL path", skills: ["sql"] })).body.id;
  for (const a of articles) await member.post(`/api/b2b/v1/collections/${collectionId}/items/`, { content_id: (await a).id });
  const publish = (await member.post("/api/b2b/v1/publish-requests/", { collection_id: collectionId })).body;
  expect((await ldC.post(`/api/b2b/v1/publish-requests/${publish.id}/accept/`, {})).status).toBe(200);
  const itemIds = (await member.get(`/api/b2b/v1/collections/${collectionId}/`)).body.items.map((i: { id: number }) => i.id);
  expect(itemIds).toHaveLength(2);
  const w: StoryWorld = {
    hr: world.hr.client,
    ld: ldC,
    tl: world.teamleader.client,
    member,
    memberId: world.member.id,
    tlId: world.teamleader.id,
    memberEmail: world.member.email,
    tlEmail: world.teamleader.email,
    engineering: world.team.id,
    domain: world.company.domain,
    collectionId,
    itemIds,
    planId: 0,
  };
  if (stage === "request") {
    expect((await member.post("/api/b2b/v1/purchase-requests/", { title: "Design course", price_minor: 95_000 })).status).toBe(201);
    return w;
  }
  if (stage < 1) return w;
  const plan = await assignPlan(w);
  expect(plan.status, plan.text).toBe(201);
  w.planId = plan.body.id;
  if (stage < 2) return w;
  for (const id of itemIds) expect((await member.post(`/api/b2b/v1/collections/${collectionId}/progress/`, { item_id: id, done: true })).status).toBe(200);
  return w;
}
/** The L&D leader's overdue plan on the path, for Engineering and its leader by name (a team plan leaves its leader out). */
const assignPlan = (w: StoryWorld) =>
  w.ld.post("/api/b2b/v1/plans/", {
    title: PLAN,
    deadline: "2024-01-31",
    skills: { sql: { collections: [w.collectionId] } },
    selectedTeam: [w.engineering],
    selectedAccount: [w.tlId],
  });
