// Every id in a request body is checked like an id in the path. The fields come from the
// app's OpenAPI document, not from a list: a body field that names another resource (by its name,
// or an integer that is not a known quantity) must appear below, or this test fails. Each is tried,
// as a caller the route admits, with another company's id, a colleague's private one and one that
// does not exist: refused with 403/404 in the error shape, the database unchanged, nothing of the
// foreign object in the answer. The same call with the caller's own id must then succeed, so a
// refusal can't come from a broken request.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type Client, type Res, type TestContext } from "./helpers.ts";
import { addOperator, addPerson, createCompany, createCompanyWithRoles, createTeam, fingerprinter } from "./factories.ts";
import { idFields, withValue, type IdField } from "./body-id-fields.ts";
import type { Doc } from "./openapi-doc.ts";

/** What each id-named field points at. A new field name must be added here. */
type Resource =
  "content" | "saved" | "plan" | "tag" | "folder" | "folderSection" | "collection" | "collectionSection" | "collectionItem" | "account" | "team" | "company";
const RESOURCE_OF: Record<string, Resource> = {
  id_content: "content",
  id_course: "content",
  content_id: "content",
  into_id: "content",
  id_primary: "saved",
  tag_ids: "tag",
  into_tag_id: "tag",
  plan_id: "plan",
  id_folder: "folder",
  id_section: "folderSection",
  section_id: "collectionSection",
  item_id: "collectionItem",
  collection_id: "collection",
  collections: "collection",
  leader_id: "account",
  employee_id: "account",
  selectedAccount: "account",
  account_ids: "account",
  team_id: "team",
  selectedTeam: "team",
  team: "team",
  team_ids: "team",
  company_id: "company",
};

let t: TestContext;
let fingerprint: () => Promise<string>;
let ids: IdField[];
const as = {} as Record<"member" | "teamleader" | "hr" | "ldleader" | "admin", Client>;
/** Another company's objects (undefined: the route is cross-company by design, e.g. admin). */
const foreign = {} as Record<Resource, number | undefined>;
/** A colleague's private objects (undefined: the resource has no private kind). */
const colleagues = {} as Record<Resource, number | undefined>;
/** The callers' own objects, for the calls that must succeed. */
const own = {} as Record<string, number>;
/** Text of the foreign and private objects that no refused answer may carry. */
const SECRETS = ["Globex secret plan", "globex.example", "Colleague diary", "colleague-diary"];
const MISSING = 2_000_000_000;

let serial = 0;
/** A catalog item of Acme, saved publicly by the L&D leader, not yet saved by anyone else. */
async function freshContent(): Promise<number> {
  const r = await as.ldleader.post("/api/contentuser/save/", {
    url: `https://acme.example/fresh-${++serial}`,
    title: `Fresh ${serial}`,
    fetch_metadata: false,
  });
  return r.body.id_content;
}
/** A new tag of the member's, on a new item of theirs. */
async function freshTag(): Promise<number> {
  const name = `Tag ${++serial}`;
  await as.member.put(`/api/contentuser/${await freshSaved()}/tags/`, { tags: [name] });
  const tags = (await as.member.get("/api/contentuser/tags/")).body.results as { id: number; name: string }[];
  return tags.find((tag) => tag.name === name)!.id;
}
/** A new item of the member's library. */
async function freshSaved(): Promise<number> {
  const r = await as.member.post("/api/contentuser/save/", { url: `https://acme.example/mine-${++serial}`, title: `Mine ${serial}`, fetch_metadata: false });
  return r.body.id_primary;
}

type Caller = keyof typeof as;
interface Scenario {
  as: Caller;
  url: () => Promise<string> | string;
  /** A body the caller may send, naming their own objects; `field` is the one under attack. */
  body: (field: string) => Promise<Record<string, unknown>>;
  method?: "POST" | "PATCH";
}
/** How to call each route that takes an id in its body. A new route must be added here. */
const REQUIREMENTS = "/api/b2b/v1/compliance-requirements/";
const requirement = () => ({ collection_id: own.published, team_ids: [own.engineering], roles: [], due_days: 30, every_months: null });
const newRequirement = async () => `${REQUIREMENTS}${(await as.ldleader.post(REQUIREMENTS, requirement())).body.id}/`;
const SCENARIOS: Record<string, Scenario> = {
  "POST /api/contentuser/save": {
    as: "member",
    url: () => "/api/contentuser/save/",
    body: async () => ({ id_content: await freshContent(), fetch_metadata: false }),
  },
  // A fresh duplicate each time (a merged item is not merged again), into the item named in the body.
  "POST /api/b2b/v1/catalog/{id}/merge": {
    as: "ldleader",
    url: async () => `/api/b2b/v1/catalog/${await freshContent()}/merge/`,
    body: async () => ({ into_id: await freshContent() }),
  },
  // Fresh tags each time (a merged tag is gone), merged into the member's own kept tag.
  "POST /api/contentuser/tags/merge": {
    as: "member",
    url: () => "/api/contentuser/tags/merge/",
    body: async () => ({ tag_ids: [await freshTag()], into_tag_id: own.tag }),
  },
  // The member's own new item, counted towards a plan named in the body.
  "PUT /api/contentuser/{id}/plan-skills": {
    as: "member",
    url: async () => `/api/contentuser/${await freshSaved()}/plan-skills`,
    body: async () => ({ plan_id: own.plan, skill: "sql" }),
  },
  "POST /api/user/wishlist": { as: "member", url: () => "/api/user/wishlist/", body: async () => ({ id_course: await freshContent() }) },
  "POST /api/user/courses": { as: "member", url: () => "/api/user/courses/", body: async () => ({ id_course: await freshContent(), completed: false }) },
  "PATCH /api/user/folder_relation/{id}": {
    as: "member",
    url: () => `/api/user/folder_relation/${own.relation}/`,
    body: async () => ({ id_section: own.folderSection, priority: 1 }),
  },
  "POST /api/user/folder_relation/create_content": {
    as: "member",
    url: () => "/api/user/folder_relation/create_content/",
    body: async (field) => ({
      id_folder: own.folder,
      ...(field === "id_section" ? { id_section: own.folderSection } : {}),
      ...(field === "id_primary" || field === "id_section" ? { id_primary: await freshSaved() } : { id_content: await freshContent() }),
    }),
  },
  "POST /api/b2b/v1/teams": { as: "hr", url: () => "/api/b2b/v1/teams/", body: async () => ({ name: `Team ${++serial}`, leader_id: own.colleague }) },
  "PATCH /api/b2b/v1/teams/{id}": {
    as: "hr",
    url: () => `/api/b2b/v1/teams/${own.marketing}/`,
    body: async () => ({ name: `Marketing ${++serial}`, leader_id: own.colleague }),
  },
  "PATCH /api/b2b/v1/employees/{id}": {
    as: "hr",
    url: () => `/api/b2b/v1/employees/${own.colleague}/`,
    body: async () => ({ role: "member", team_id: own.engineering }),
  },
  "POST /api/b2b/v1/invite-requests": {
    as: "teamleader",
    url: () => "/api/b2b/v1/invite-requests/",
    body: async () => ({ email: `invite${++serial}@outside.test`, team_id: own.engineering }),
  },
  "POST /api/b2b/v1/removal-requests": {
    as: "teamleader",
    url: () => "/api/b2b/v1/removal-requests/",
    body: async () => ({ employee_id: (await addPerson(t, { company: own.acme!, role: "member", teamId: own.engineering })).id }),
  },
  "POST /api/b2b/v1/invitations": {
    as: "hr",
    url: () => "/api/b2b/v1/invitations/",
    body: async () => ({ email: `direct${++serial}@outside.test`, team_id: own.engineering }),
  },
  "POST /api/b2b/v1/collections/{id}/items": {
    as: "member",
    url: () => `/api/b2b/v1/collections/${own.collection}/items/`,
    body: async () => ({ content_id: await freshContent(), section_id: own.collectionSection }),
  },
  "PATCH /api/b2b/v1/collections/{id}/items/{itemId}": {
    as: "member",
    url: () => `/api/b2b/v1/collections/${own.collection}/items/${own.collectionItem}/`,
    body: async () => ({ section_id: own.collectionSection, position: 1 }),
  },
  "POST /api/b2b/v1/collections/{id}/progress": {
    as: "member",
    url: () => `/api/b2b/v1/collections/${own.collection}/progress/`,
    body: async () => ({ item_id: own.collectionItem, done: true }),
  },
  "POST /api/b2b/v1/publish-requests": {
    as: "member",
    url: () => "/api/b2b/v1/publish-requests/",
    body: async () => ({ collection_id: (await as.member.post("/api/b2b/v1/collections/", { title: `To publish ${++serial}` })).body.id }),
  },
  // The L&D leader requires the company's published path of a team (a new requirement to change each time).
  "POST /api/b2b/v1/compliance-requirements": { as: "ldleader", url: () => REQUIREMENTS, body: async () => requirement() },
  "PATCH /api/b2b/v1/compliance-requirements/{id}": { as: "ldleader", url: newRequirement, body: async () => ({ team_ids: [own.marketing] }) },
  "POST /api/b2b/v1/plans": {
    as: "teamleader",
    url: () => "/api/b2b/v1/plans/",
    body: async () => ({
      title: `Plan ${++serial}`,
      deadline: "2099-01-31",
      skills: { sql: { collections: [own.published] } },
      selectedAccount: [own.member],
      selectedTeam: [own.engineering],
    }),
  },
  "PATCH /api/b2b/v1/plans/{id}": {
    as: "teamleader",
    url: () => `/api/b2b/v1/plans/${own.plan}/`,
    body: async () => ({ skills: { sql: { collections: [own.published] } } }),
  },
  "POST /api/b2b/v1/plans/{id}/assignees": {
    as: "teamleader",
    url: () => `/api/b2b/v1/plans/${own.plan}/assignees/`,
    body: async () => ({ selectedAccount: [own.member], selectedTeam: [own.engineering] }),
  },
  "POST /api/b2b/v1/budgets/{id}/allocations": {
    as: "ldleader",
    url: () => `/api/b2b/v1/budgets/${own.budget}/allocations/`,
    body: async () => ({ team_id: own.engineering, amount_minor: 100 }),
  },
  "POST /api/b2b/v1/insights/actions/{kind}": {
    as: "ldleader",
    url: () => "/api/b2b/v1/insights/actions/remind_overdue/",
    body: async () => ({ scope: "team", team: own.engineering, account_ids: [own.member] }),
  },
  // A feed subscription names the company whose catalog follows it (the caller's own, by default).
  "POST /api/b2b/v1/catalog-feeds": {
    as: "ldleader",
    url: () => "/api/b2b/v1/catalog-feeds/",
    body: async () => ({ url: `https://feeds.acme.example/${++serial}.xml`, company_id: own.acme }),
  },
  // A mapping's catalog item must be one of the caller's company.
  "POST /api/b2b/v1/company/xapi-activity-mappings": {
    as: "ldleader",
    url: () => "/api/b2b/v1/company/xapi-activity-mappings/",
    body: async () => ({ activity: `urn:matrix:${++serial}`, content_id: await freshContent() }),
  },
  "PATCH /api/b2b/v1/admin/accounts/{id}": {
    as: "admin",
    url: () => `/api/b2b/v1/admin/accounts/${own.colleague}/`,
    body: async () => ({ company_id: own.acme }),
  },
  // A group rule's team must be one of the company's (the path's, for a platform operator).
  "PUT /api/b2b/v1/company/sso/group-mappings": {
    as: "hr",
    url: () => "/api/b2b/v1/company/sso/group-mappings/",
    body: async () => ({ rules: [{ group: "engineers", role: "member", team_id: own.engineering }] }),
  },
  "PUT /api/b2b/v1/admin/companies/{id}/sso/group-mappings": {
    as: "admin",
    url: () => `/api/b2b/v1/admin/companies/${own.acme}/sso/group-mappings/`,
    body: async () => ({ rules: [{ group: "engineers", role: "member", team_id: own.engineering }] }),
  },
  // A platform operator works across companies, but the team must be one of the company in the path.
  "POST /api/b2b/v1/admin/companies/{id}/invitations": {
    as: "admin",
    url: () => `/api/b2b/v1/admin/companies/${own.acme}/invitations/`,
    body: async () => ({ email: `operator${++serial}@outside.test`, role: "hr", team_id: own.engineering }),
  },
};

const call = (c: Client, method: string, url: string, body: unknown): Promise<Res> =>
  method === "PATCH" ? c.patch(url, body) : method === "PUT" ? c.put(url, body) : c.post(url, body);
const isErrorShape = (b: unknown) =>
  typeof (b as { error?: { code?: unknown } })?.error?.code === "string" && typeof (b as { error: { message?: unknown } }).error.message === "string";

beforeAll(async () => {
  t = await createTestContext({ seed: false });
  // "Acme": one person per role, the team leader and the member in Engineering, and a Marketing team.
  const acme = await createCompanyWithRoles(t, { teamName: "Engineering" });
  for (const role of ["member", "teamleader", "hr", "ldleader"] as const) as[role] = acme[role].client;
  as.admin = (await addOperator(t)).client;
  await createTeam(t, { company: acme.company.id, name: "Marketing" });
  fingerprint = await fingerprinter(t);
  ids = idFields((await t.anonymous.get("/api/openapi.json")).body as Doc);

  // Acme: the callers' own objects.
  const me = (await as.member.get("/api/me")).body.account;
  own.acme = acme.company.id;
  own.member = me.id;
  own.engineering = me.team.id;
  own.marketing = (await as.hr.get("/api/b2b/v1/teams/?search=Marketing")).body.results[0].id;
  own.folder = (await as.member.post("/api/user/folder/", { name: "Mine" })).body.id;
  own.tag = await freshTag();
  own.folderSection = (await as.member.post(`/api/user/folder/${own.folder}/section/`, { name: "Part" })).body.id;
  own.relation = (await as.member.post("/api/user/folder_relation/create_content/", { id_folder: own.folder, id_primary: await freshSaved() })).body.id;
  own.collection = (await as.member.post("/api/b2b/v1/collections/", { title: "My path" })).body.id;
  own.collectionSection = (await as.member.post(`/api/b2b/v1/collections/${own.collection}/sections/`, { title: "Week 1" })).body.sections[0].id;
  own.collectionItem = (await as.member.post(`/api/b2b/v1/collections/${own.collection}/items/`, { content_id: await freshContent() })).body.items[0].id;
  const published = (await as.ldleader.post("/api/b2b/v1/collections/", { title: "Company path" })).body.id;
  await as.ldleader.post(`/api/b2b/v1/collections/${published}/items/`, { content_id: await freshContent() });
  const asked = (await as.ldleader.post("/api/b2b/v1/publish-requests/", { collection_id: published })).body.id;
  await as.ldleader.post(`/api/b2b/v1/publish-requests/${asked}/accept/`, {});
  own.published = published;
  own.plan = (
    await as.teamleader.post("/api/b2b/v1/plans/", { title: "Team plan", skills: { sql: { collections: [published] } }, selectedTeam: [own.engineering] })
  ).body.id;
  own.budget = (
    await as.ldleader.post("/api/b2b/v1/budgets/", { period: "year", period_start: `${new Date().getUTCFullYear()}-01-01`, amount_minor: 1_000_000 })
  ).body.id;

  // Acme: a colleague's private things.
  const colleague = await addPerson(t, { company: own.acme!, role: "member", teamId: own.engineering });
  own.colleague = colleague.id;
  const diary = (
    await colleague.client.post("/api/contentuser/save/", {
      url: "https://acme.example/colleague-diary",
      title: "Colleague diary",
      is_private: true,
      fetch_metadata: false,
    })
  ).body;
  const cFolder = (await colleague.client.post("/api/user/folder/", { name: "Theirs" })).body.id;
  await colleague.client.put(`/api/contentuser/${diary.id_primary}/tags/`, { tags: ["Colleague diary tag"] });
  const cTag = (await colleague.client.get("/api/contentuser/tags/")).body.results[0].id;
  const cCollection = (await colleague.client.post("/api/b2b/v1/collections/", { title: "Their path" })).body.id;
  const cWithItem = (await colleague.client.post(`/api/b2b/v1/collections/${cCollection}/items/`, { content_id: await freshContent() })).body;
  Object.assign(colleagues, {
    content: diary.id_content,
    saved: diary.id_primary,
    folder: cFolder,
    folderSection: (await colleague.client.post(`/api/user/folder/${cFolder}/section/`, { name: "Theirs" })).body.id,
    collection: cCollection,
    collectionSection: (await colleague.client.post(`/api/b2b/v1/collections/${cCollection}/sections/`, { title: "Theirs" })).body.sections[0].id,
    collectionItem: cWithItem.items[0].id,
    tag: cTag,
    // A plan the colleague holds by name and the member does not.
    plan: (
      await as.ldleader.post("/api/b2b/v1/plans/", {
        title: "Colleague's plan",
        skills: { sql: { collections: [published] } },
        selectedAccount: [colleague.id],
      })
    ).body.id,
  });

  // Globex: one object of each kind.
  const globex = (await createCompany(t, { name: "Globex", currency: "EUR" })).id;
  const gMember = (await addPerson(t, { company: globex, role: "member" })).client;
  const gHr = (await addPerson(t, { company: globex, role: "hr" })).client;
  const gLd = (await addPerson(t, { company: globex, role: "ldleader" })).client;
  const gSaved = (
    await gMember.post("/api/contentuser/save/", { url: "https://globex.example/secret-plan", title: "Globex secret plan", fetch_metadata: false })
  ).body;
  const gFolder = (await gMember.post("/api/user/folder/", { name: "Globex folder" })).body.id;
  await gMember.put(`/api/contentuser/${gSaved.id_primary}/tags/`, { tags: ["Globex secret tag"] });
  const gCollection = (await gLd.post("/api/b2b/v1/collections/", { title: "Globex path" })).body.id;
  const gSection = (await gLd.post(`/api/b2b/v1/collections/${gCollection}/sections/`, { title: "Globex week" })).body.sections[0].id;
  const gItem = (await gLd.post(`/api/b2b/v1/collections/${gCollection}/items/`, { content_id: gSaved.id_content })).body.items[0].id;
  const gAsked = (await gLd.post("/api/b2b/v1/publish-requests/", { collection_id: gCollection })).body.id;
  await gLd.post(`/api/b2b/v1/publish-requests/${gAsked}/accept/`, {});
  Object.assign(foreign, {
    content: gSaved.id_content,
    saved: gSaved.id_primary,
    folder: gFolder,
    tag: (await gMember.get("/api/contentuser/tags/")).body.results[0].id,
    folderSection: (await gMember.post(`/api/user/folder/${gFolder}/section/`, { name: "Globex part" })).body.id,
    collection: gCollection,
    collectionSection: gSection,
    collectionItem: gItem,
    account: (await gMember.get("/api/me")).body.account.id,
    team: (await gHr.post("/api/b2b/v1/teams/", { name: "Globex team" })).body.id,
    company: undefined,
    plan: (
      await gLd.post("/api/b2b/v1/plans/", {
        title: "Globex secret plan",
        skills: { sql: { collections: [gCollection] } },
        selectedAccount: [(await gMember.get("/api/me")).body.account.id],
      })
    ).body.id,
  });
  for (const [k, v] of Object.entries({ ...own, ...foreign, ...colleagues })) if (v === null || Number.isNaN(v)) throw new Error(`set-up failed for ${k}`);
});
afterAll(() => t.close());

describe("ids in request bodies", () => {
  it("finds the id fields of the document, and knows how to try each", () => {
    expect(ids.length).toBeGreaterThan(20);
    const unknown = ids.filter((f) => !(f.name in RESOURCE_OF) || !(f.route in SCENARIOS)).map((f) => `${f.route} ${f.path.join(".")}`);
    expect(unknown, "id fields this test does not know how to attack: add them to RESOURCE_OF and SCENARIOS").toEqual([]);
    const stale = Object.keys(SCENARIOS).filter((route) => !ids.some((f) => f.route === route));
    expect(stale, "scenarios for routes without body ids").toEqual([]);
  });

  it("refuses another company's ids, colleagues' private ids and missing ids, and changes nothing", async () => {
    const problems: string[] = [];
    for (const f of ids) {
      const s = SCENARIOS[f.route];
      const resource = RESOURCE_OF[f.name];
      if (!s || !resource) continue; // reported by the test above
      const method = f.route.split(" ")[0]!;
      const where = `${f.route} ${f.path.join(".")}`;
      const attacks = { "another company's": foreign[resource], "a colleague's private": colleagues[resource], "a missing": MISSING };
      for (const [kind, value] of Object.entries(attacks)) {
        if (value === undefined) continue;
        const url = await s.url();
        const body = withValue(await s.body(f.name), f.path, f.list, value);
        const before = await fingerprint();
        const res = await call(as[s.as], method, url, body);
        const after = await fingerprint();
        if (res.status !== 403 && res.status !== 404) problems.push(`${where} with ${kind} id: ${res.status} ${res.text.slice(0, 160)}`);
        else if (!isErrorShape(res.body)) problems.push(`${where} with ${kind} id: ${res.status} without the error shape`);
        if (after !== before) problems.push(`${where} with ${kind} id: ${res.status}, but the database changed`);
        const leaked = SECRETS.filter((secret) => res.text.includes(secret));
        if (leaked.length) problems.push(`${where} with ${kind} id: the answer shows ${leaked.join(", ")}`);
      }
      // The caller's own object goes through: the refusals above are about the id.
      const ok = await call(as[s.as], method, await s.url(), await s.body(f.name));
      if (ok.status >= 300) problems.push(`${where} with the caller's own id: ${ok.status} ${ok.text.slice(0, 160)}`);
    }
    expect(problems).toEqual([]);
  });
});
