// Every role's first-week checklist holds only steps that role can do, and each step
// ticks when the real action succeeds, done through the API as that person.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { onboardingTopicsFor, type Role } from "@learnward/contracts";
import { createTestContext, type Client, type Res, type TestContext } from "../../../test/helpers.ts";
import { eq } from "drizzle-orm";
import { onboardingEntries } from "../../db/schema/index.ts";
import { addContent, addOperator, addPerson, createCompanyWithRoles } from "../../../test/factories.ts";

let t: TestContext;
let acme: number, engineering: number;
/** A second L&D leader and team leader who prepare what a step needs, so none of it ticks anyone's list early. */
let curator: Client, otherLeader: Client;
let memberId: number;
/** The person of each role whose checklist is checked. */
let people: Record<Role, Client>;
let n = 0;
const unique = () => `${Date.now()}-${++n}`;

const ok = (res: Res, what: string) => {
  expect(res.status, `${what}: ${res.text}`).toBeLessThan(300);
  return res.body;
};
const thisYear = `${new Date().getUTCFullYear()}-01-01`;

/** A catalog item of the company nobody has used yet. */
async function catalogItem(type: "article" | "video"): Promise<number> {
  return (await addContent(t, { company: acme, contentType: type })).id;
}

/** A published learning path with one article, made by the curator. */
async function publishedPath(): Promise<{ id: number; itemId: number }> {
  const c = ok(await curator.post("/api/b2b/v1/collections/", { title: `Path ${unique()}`, skills: ["sql"] }), "create a path");
  ok(await curator.post(`/api/b2b/v1/collections/${c.id}/items/`, { content_id: await catalogItem("article") }), "add an item");
  const request = ok(await curator.post("/api/b2b/v1/publish-requests/", { collection_id: c.id }), "ask to publish");
  ok(await curator.post(`/api/b2b/v1/publish-requests/${request.id}/accept/`, {}), "publish");
  const detail = ok(await curator.get(`/api/b2b/v1/collections/${c.id}/`), "read the path");
  return { id: c.id, itemId: detail.items[0].id };
}

/** How each subtask is done for real, by the person whose list shows it. */
const ACTIONS: Record<string, (me: Client) => Promise<Res>> = {
  saveContent: (me) => me.post("/api/contentuser/save/", { url: `https://blog.example/first-${unique()}`, title: "A first save", fetch_metadata: false }),
  // A saved course starts on the wishlist (spec §4): that is adding it there.
  addToWishlist: (me) =>
    me.post("/api/contentuser/save/", { url: `https://www.coursera.org/learn/first-week-${unique()}`, title: "A course", fetch_metadata: false }),
  createCollection: (me) => me.post("/api/b2b/v1/collections/", { title: `Mine ${unique()}` }),
  followPath: async (me) => me.post(`/api/b2b/v1/collections/${(await publishedPath()).id}/follow/`, {}),
  finishItem: async (me) => {
    const path = await publishedPath();
    return me.post(`/api/b2b/v1/collections/${path.id}/progress/`, { item_id: path.itemId, done: true });
  },
  acceptPlan: async (me) => {
    const myId = (await me.get("/api/me")).body.account.id;
    const plan = ok(
      await curator.post("/api/b2b/v1/plans/", {
        title: `Plan ${unique()}`,
        skills: { sql: { collections: [(await publishedPath()).id] } },
        selectedAccount: [myId],
      }),
      "assign a plan",
    );
    return me.post(`/api/b2b/v1/my-tasks/${plan.id}/accept/`, {});
  },
  askPurchase: (me) =>
    me.post("/api/b2b/v1/purchase-requests/", {
      title: "SQL course",
      link: "https://www.udemy.com/course/sql/",
      price_minor: 1500,
      reason: "For the data project",
    }),
  assignPlan: async (me) =>
    me.post("/api/b2b/v1/plans/", { title: `Plan ${unique()}`, skills: { sql: { collections: [(await publishedPath()).id] } }, selectedAccount: [memberId] }),
  setBudget: (me) => me.post("/api/b2b/v1/budgets/", { period: "year", period_start: thisYear, amount_minor: 1_000_000 }),
  allocateBudget: async (me) => {
    const budget = (await me.get("/api/b2b/v1/budgets/")).body.results.find((b: { period: string }) => b.period === "year");
    return me.post(`/api/b2b/v1/budgets/${budget.id}/allocations/`, { team_id: engineering, amount_minor: 500_000 });
  },
  publishCollection: async (me) => {
    const c = ok(await me.post("/api/b2b/v1/collections/", { title: `To publish ${unique()}` }), "create");
    ok(await me.post(`/api/b2b/v1/collections/${c.id}/items/`, { content_id: await catalogItem("video") }), "add an item");
    const request = ok(await me.post("/api/b2b/v1/publish-requests/", { collection_id: c.id }), "ask");
    return me.post(`/api/b2b/v1/publish-requests/${request.id}/accept/`, {});
  },
  requestInvite: (me) => me.post("/api/b2b/v1/invite-requests/", { email: `friend-${unique()}@acme.test`, team_id: engineering, reason: "Joins in May" }),
  approvePurchase: async (me) => {
    // This month's budget, with some for the team, set by the other L&D leader.
    const month = `${new Date().toISOString().slice(0, 7)}-01`;
    const budget = ok(await curator.post("/api/b2b/v1/budgets/", { period: "month", period_start: month, amount_minor: 100_000 }), "set a budget");
    ok(await curator.post(`/api/b2b/v1/budgets/${budget.id}/allocations/`, { team_id: engineering, amount_minor: 50_000 }), "allocate");
    const colleague = await addPerson(t, { company: acme, role: "member", teamId: engineering });
    const request = ok(await colleague.client.post("/api/b2b/v1/purchase-requests/", { title: "Kubernetes course", price_minor: 2000 }), "ask");
    return me.post(`/api/b2b/v1/purchase-requests/${request.id}/approve/`, {});
  },
  invitePerson: (me) => me.post("/api/b2b/v1/invitations/", { email: `new-${unique()}@acme.test`, role: "member", team_id: engineering }),
  decideInvite: async (me) => {
    const request = ok(await otherLeader.post("/api/b2b/v1/invite-requests/", { email: `asked-${unique()}@acme.test`, team_id: engineering }), "ask");
    return me.post(`/api/b2b/v1/invite-requests/${request.id}/accept/`, {});
  },
  createTeam: (me) => me.post("/api/b2b/v1/teams/", { name: `Team ${unique()}` }),
  createCompany: (me) => me.post("/api/b2b/v1/admin/companies/", { name: "Initech", domain: `initech-${n++}.test` }),
  inviteFirstPerson: async (me) => {
    const company = ok(await me.post("/api/b2b/v1/admin/companies/", { name: "Umbrella", domain: `umbrella-${n++}.test` }), "create a company");
    return me.post(`/api/b2b/v1/admin/companies/${company.id}/invitations/`, { email: `boss@${company.domain}`, role: "hr" });
  },
};

beforeAll(async () => {
  // A company of its own on an empty database: one person per role, the team leader leading
  // Engineering with the member in it; and a platform operator.
  t = await createTestContext({ seed: false });
  const world = await createCompanyWithRoles(t, { teamName: "Engineering" });
  acme = world.company.id;
  engineering = world.team.id;
  memberId = world.member.id;
  people = {
    member: world.member.client,
    teamleader: world.teamleader.client,
    ldleader: world.ldleader.client,
    hr: world.hr.client,
    admin: (await addOperator(t)).client,
  };
  curator = (await addPerson(t, { company: acme, role: "ldleader" })).client;
  otherLeader = (await addPerson(t, { company: acme, role: "teamleader", teamId: engineering })).client;
});
afterAll(() => t.close());

const readyOf = async (me: Client) =>
  new Set(
    ((await me.get("/api/b2b/v1/onboarding/?page_size=30")).body.results as { type: string; title: string; ready: boolean }[])
      .filter((e) => e.ready)
      .map((e) => `${e.type}:${e.title}`),
  );

describe("each role's first-week checklist (spec §4, §6)", () => {
  const roles: [Role, number | "engineering" | null][] = [
    ["member", "engineering"],
    ["teamleader", "engineering"],
    ["ldleader", null],
    ["hr", null],
    ["admin", null],
  ];
  for (const [role, team] of roles) {
    it(`${role}: every listed step can be done by them and ticks when it is`, async () => {
      const me = people[role];
      const topics = onboardingTopicsFor(role, team === "engineering" ? engineering : team);
      expect(topics.length).toBeGreaterThan(0);
      for (const topic of topics) {
        for (const s of topic.subtasks) {
          expect(await readyOf(me), `${role} ${s.key} before`).not.toContain(`${topic.type}:${s.title}`);
          const action = ACTIONS[s.key];
          expect(action, `an action for ${s.key}`).toBeDefined();
          ok(await action!(me), `${role} does ${s.key}`);
          expect(await readyOf(me), `${role} ${s.key} after`).toContain(`${topic.type}:${s.title}`);
        }
      }
    });
  }

  it("keeps the spec's topics: the leaders' four, the member's four; hr sees no purchase decisions", () => {
    expect(onboardingTopicsFor("ldleader", null).map((x) => x.type)).toEqual(["peopleManagement", "budgetingPlan", "collaborativeNetwork", "marketplace"]);
    expect(onboardingTopicsFor("teamleader", 1).map((x) => x.type)).toEqual(["peopleManagement", "budgetingPlan", "collaborativeNetwork", "marketplace"]);
    expect(onboardingTopicsFor("member", 1).map((x) => x.type)).toEqual(["discover", "mytasks", "learningPaths", "purchaseRequests"]);
    const hr = onboardingTopicsFor("hr", null).flatMap((x) => x.subtasks.map((s) => s.key));
    expect(hr).not.toContain("approvePurchase");
    expect(hr).not.toContain("assignPlan");
    expect(hr).toContain("invitePerson");
  });

  it("ticks a course saved from a folder as on the wishlist too", async () => {
    const someone = await addPerson(t, { company: acme, role: "member", teamId: engineering });
    const folder = ok(await someone.client.post("/api/user/folder/", { name: "Later" }), "folder");
    ok(
      await someone.client.post("/api/user/folder_relation/create_content/", {
        id_folder: folder.id,
        url: `https://www.udemy.com/course/folder-${unique()}/`,
        title: "A course",
      }),
      "save to a folder",
    );
    const ready = await readyOf(someone.client);
    expect(ready).toContain("discover:Save your first content");
    expect(ready).toContain("discover:Add a course to your wishlist");
  });

  it("counts a step done whenever it was done: before the checklist existed, or by an import that ticked nothing", async () => {
    // One more person of each role, who does every step of their list and whose checklist then
    // loses every entry, as for someone whose library and plans predate the checklist.
    const world = await createCompanyWithRoles(t, { teamName: "Platform" });
    const before: [Role, Client, number | null][] = [
      ["member", world.member.client, world.team.id],
      ["teamleader", world.teamleader.client, world.team.id],
      ["ldleader", world.ldleader.client, null],
      ["hr", world.hr.client, null],
      ["admin", (await addOperator(t)).client, null],
    ];
    // The steps' helpers work in the company of whoever does them.
    const saved = { engineering, acme, memberId, curator, otherLeader };
    [engineering, acme, memberId] = [world.team.id, world.company.id, world.member.id];
    try {
      curator = (await addPerson(t, { company: acme, role: "ldleader" })).client;
      otherLeader = (await addPerson(t, { company: acme, role: "teamleader", teamId: engineering })).client;
      for (const [role, me, team] of before) {
        const steps = onboardingTopicsFor(role, team).flatMap((topic) => topic.subtasks.map((s) => ({ key: s.key, entry: `${topic.type}:${s.title}` })));
        for (const s of steps) ok(await ACTIONS[s.key]!(me), `${role} does ${s.key}`);
        const id = (await me.get("/api/me")).body.account.id;
        await t.database.db.delete(onboardingEntries).where(eq(onboardingEntries.accountId, id));
        // A team does not record who created it: that step ticks only when it happens.
        const shown = steps.filter((s) => s.key !== "createTeam");
        expect([...(await readyOf(me))].sort(), `${role}'s list`).toEqual(shown.map((s) => s.entry).sort());
      }
    } finally {
      ({ engineering, acme, memberId, curator, otherLeader } = saved);
    }
  });
});
