// The permissions matrix. One table (permissions-matrix.ts) says who may call every documented route; a
// route missing from the table fails. Three passes: the role gate for every caller, tenant
// isolation with real Acme objects against another company's caller, and object-level cases.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Role } from "@learnward/contracts";
import { createTestContext, type Client, type TestContext } from "./helpers.ts";
import { addOperator, addPerson, createCompany, createCompanyWithRoles, createTeam } from "./factories.ts";
import { ALL, COMPANY, MATRIX, PUBLIC, type Caller } from "./permissions-matrix.ts";

let t: TestContext;
const as = {} as Record<Caller, Client>;
let globex: Client;
let routes: { method: string; path: string; key: string }[];
/** Real Acme objects, so the tenant pass aims at things that exist. */
const acme: Record<string, string> = {};
/** What no answer to another company's caller may mention: Acme's name and domain. */
let acmeMention: RegExp;

beforeAll(async () => {
  t = await createTestContext({ seed: false });
  // "Acme": one person per role (the team leader leads the member's team), a Marketing team; a
  // platform operator; a member of another company.
  const company = await createCompanyWithRoles(t, { name: "Acme" });
  await createTeam(t, { company: company.company.id, name: "Marketing" });
  as.none = t.anonymous;
  for (const role of COMPANY) as[role] = company[role as Exclude<Role, "admin">].client;
  as.admin = (await addOperator(t)).client;
  globex = (await addPerson(t, { company: (await createCompany(t, { name: "Globex" })).id, role: "member" })).client;
  acmeMention = new RegExp(`acme|${company.company.domain.replace(/\./g, "\\.")}`, "i");
  const doc = (await t.anonymous.get("/api/openapi.json")).body as { paths: Record<string, Record<string, unknown>> };
  routes = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((m) => ({ method: m.toUpperCase(), path, key: `${m.toUpperCase()} ${path}` })),
  );

  // A small world of Acme objects owned by the demo people.
  const { member, teamleader: tl, hr, ldleader: ld } = as;
  const saved = (
    await member.post("/api/contentuser/save/", { url: "https://www.udemy.com/course/matrix-course/", title: "Matrix course", fetch_metadata: false })
  ).body;
  const folder = (await member.post("/api/user/folder/", { name: "Private folder" })).body;
  const section = (await member.post(`/api/user/folder/${folder.id}/section/`, { name: "S" })).body;
  const relation = (await member.post("/api/user/folder_relation/create_content/", { id_folder: folder.id, id_primary: saved.id_primary })).body;
  const collection = (await member.post("/api/b2b/v1/collections/", { title: "Matrix path" })).body;
  const withItem = (await member.post(`/api/b2b/v1/collections/${collection.id}/items/`, { content_id: saved.id_content })).body;
  const cSection = (await member.post(`/api/b2b/v1/collections/${collection.id}/sections/`, { title: "Week 1" })).body.sections[0];
  const publish = (await member.post("/api/b2b/v1/publish-requests/", { collection_id: collection.id })).body;
  await ld.post(`/api/b2b/v1/publish-requests/${publish.id}/accept/`, {});
  const team = (await member.get("/api/me")).body.account.team.id;
  const memberId = (await member.get("/api/me")).body.account.id;
  const plan = (await tl.post("/api/b2b/v1/plans/", { title: "Matrix plan", skills: { sql: { collections: [collection.id] } }, selectedTeam: [team] })).body;
  const invite = (await tl.post("/api/b2b/v1/invite-requests/", { email: "matrix@outside.test", team_id: team })).body;
  const removal = (await tl.post("/api/b2b/v1/removal-requests/", { employee_id: memberId })).body;
  const invitation = (await hr.post("/api/b2b/v1/invitations/", { email: "matrix-direct@outside.test" })).body;
  const budget = (await ld.post("/api/b2b/v1/budgets/", { period: "year", period_start: `${new Date().getUTCFullYear()}-01-01`, amount_minor: 100_000 })).body;
  const purchase = (await member.post("/api/b2b/v1/purchase-requests/", { title: "Matrix purchase", price_minor: 1_000 })).body;
  const mail = (await t.outbox()).results.find((m: { to: string }) => m.to === "matrix-direct@outside.test");
  const conversation = (await member.post("/api/b2b/v1/copilot/conversations/", {})).body;
  await member.post(`/api/b2b/v1/copilot/conversations/${conversation.id}/messages/`, { content: "SQL in two weeks" });
  Object.assign(acme, {
    "/api/contentuser/{id}": String(saved.id_primary),
    "/api/user/folder/{id}": String(folder.id),
    "/api/user/folder/{id}/section/{sectionId}": `${folder.id}/${section.id}`,
    "/api/user/folder_relation/{id}": String(relation.id),
    "/api/b2b/v1/collections/{id}": String(collection.id),
    "/api/b2b/v1/collections/{id}/sections/{sectionId}": `${collection.id}/${cSection.id}`,
    "/api/b2b/v1/collections/{id}/items/{itemId}": `${collection.id}/${withItem.items[0].id}`,
    "/api/b2b/v1/teams/{id}": String(team),
    "/api/b2b/v1/employees/{id}": String(memberId),
    "/api/b2b/v1/invite-requests/{id}": String(invite.id),
    "/api/b2b/v1/removal-requests/{id}": String(removal.id),
    "/api/b2b/v1/invitations/{id}": String(invitation.id),
    "/api/b2b/v1/publish-requests/{id}": String(publish.id),
    "/api/b2b/v1/plans/{id}": String(plan.id),
    "/api/b2b/v1/my-tasks/{id}": String(plan.id),
    "/api/b2b/v1/budgets/{id}": String(budget.id),
    "/api/b2b/v1/purchase-requests/{id}": String(purchase.id),
    "/api/b2b/v1/copilot/conversations/{id}": String(conversation.id),
    "/api/b2b/v1/catalog/{id}": String(saved.id_content),
    domain: (await member.get("/api/me")).body.account.domain,
    token: mail.text.match(/\/invitation\/([A-Za-z0-9_-]+)/)[1],
    id_content: String(saved.id_content),
    id_primary: String(saved.id_primary),
    folder: String(folder.id),
    uid: (await member.get("/api/me")).body.account.uid,
    username: (await member.get("/api/me")).body.account.username,
    collection: String(collection.id),
    team: String(team),
    memberId: String(memberId),
  });
});
afterAll(() => t.close());

/** Fills a path's parameters: a non-existent id for the gate pass, real Acme objects for the tenant pass. */
function url(path: string, real: boolean): string {
  let filled = path;
  if (real) {
    const prefix = Object.keys(acme)
      .filter((k) => k.startsWith("/") && path.startsWith(k.replace(/\{[^}]+\}.*$/, "")) && path.includes(k.split("/").pop()!))
      .sort((a, b) => b.length - a.length)
      .find((k) => path.startsWith(k.split("{")[0]!));
    if (prefix) {
      const ids = acme[prefix]!.split("/");
      let i = 0;
      filled = filled.replace(/\{(id|sectionId|itemId)\}/g, () => ids[i++] ?? ids[0]!);
    }
  }
  filled = filled
    .replace("{domain}", acme.domain!)
    .replace("{token}", real ? acme.token! : "no-such-invitation-token-000000")
    .replace(/\{[^}]+\}/g, "999999");
  const q = real
    ? `?uid=${acme.uid}&id_primary=${acme.id_primary}&id_course=${acme.id_content}&id_folder__id=${acme.folder}&username=${acme.username}&imageUrl=https://img.example/a.png`
    : "?uid=nobody&id_primary=999999&id_course=999999&id_folder__id=999999&imageUrl=https://img.example/a.png";
  return filled + q;
}
const body = (real: boolean) =>
  real
    ? {
        collection_id: Number(acme.collection),
        employee_id: Number(acme.memberId),
        team_id: Number(acme.team),
        item_id: 1,
        done: true,
        id_folder: Number(acme.folder),
        id_primary: Number(acme.id_primary),
      }
    : {};

describe("permissions matrix", () => {
  it("lists every documented route, and nothing that isn't one", () => {
    const documented = routes.map((r) => r.key).sort();
    expect(documented.filter((k) => !(k in MATRIX))).toEqual([]);
    expect(Object.keys(MATRIX).filter((k) => !documented.includes(k))).toEqual([]);
  });

  it("lets exactly the listed roles through each route's gate", async () => {
    const wrong: string[] = [];
    for (const r of routes) {
      const allowed = MATRIX[r.key]!;
      for (const caller of ["none", ...ALL] as Caller[]) {
        const mayPass = allowed === PUBLIC || (caller !== "none" && allowed.includes(caller));
        const c = as[caller];
        const u = url(r.path, false);
        const res =
          r.method === "GET"
            ? await c.get(u)
            : r.method === "DELETE"
              ? await c.delete(u)
              : r.method === "PATCH"
                ? await c.patch(u, body(false))
                : r.method === "PUT"
                  ? await c.put(u, body(false))
                  : await c.post(u, body(false));
        const passed = res.status !== 401 && res.status !== 403;
        if (passed !== mayPass) wrong.push(`${r.key} as ${caller}: ${res.status} (expected ${mayPass ? "through" : "refused"})`);
        if (res.status >= 500) wrong.push(`${r.key} as ${caller}: ${res.status}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("never lets another company read or change an Acme object, and never shows Acme data", async () => {
    const leaks: string[] = [];
    for (const r of routes) {
      if (MATRIX[r.key] === PUBLIC) continue;
      const u = url(r.path, true);
      const res =
        r.method === "GET"
          ? await globex.get(u)
          : r.method === "DELETE"
            ? await globex.delete(u)
            : r.method === "PATCH"
              ? await globex.patch(u, body(true))
              : r.method === "PUT"
                ? await globex.put(u, body(true))
                : await globex.post(u, body(true));
      // Routes aimed at one Acme object must refuse; lists may answer 200 with the caller's own data only.
      const targetsObject = r.path.includes("{") || /\/delete$|wishlist$|courses$|folder_relation$/.test(r.path);
      if (targetsObject && res.status >= 200 && res.status < 300) leaks.push(`${r.key}: ${res.status} ${res.text.slice(0, 100)}`);
      if (acmeMention.test(res.text)) leaks.push(`${r.key}: answer mentions Acme: ${res.text.slice(0, 120)}`);
      if (res.status >= 500) leaks.push(`${r.key}: ${res.status}`);
    }
    expect(leaks).toEqual([]);
    // And nothing changed: the objects are still there for their owners.
    expect((await as.member.get(`/api/b2b/v1/collections/${acme.collection}/`)).body.title).toBe("Matrix path");
    expect((await as.member.get("/api/user/folder/")).body.map((f: { name: string }) => f.name)).toContain("Private folder");
    expect((await as.hr.get(`/api/b2b/v1/removal-requests/${acme["/api/b2b/v1/removal-requests/{id}"]}/`)).body.status).toBe("pending");
    expect((await t.anonymous.get(`/api/b2b/v1/invitations/${acme.token}/`)).body.status).toBe("pending");
  });

  it("keeps people's own things their own inside the company (object level)", async () => {
    const { teamleader: tl, hr, ldleader: ld } = as;
    const folderId = acme.folder;
    expect((await tl.get(`/api/user/folder_relation/?id_folder__id=${folderId}`)).status).toBe(404);
    expect((await tl.patch(`/api/user/folder/${folderId}/`, { name: "mine now" })).status).toBe(404);
    expect((await tl.delete(`/api/contentuser/delete/?id_primary=${acme.id_primary}`)).status).toBe(404);
    expect((await tl.patch(`/api/b2b/v1/collections/${acme.collection}/`, { title: "x" })).status).toBe(403);
    // A team leader sees and files requests for their own team only.
    const marketing = (await hr.get("/api/b2b/v1/teams/?search=Marketing")).body.results[0].id;
    expect((await tl.post("/api/b2b/v1/invite-requests/", { email: "x@outside.test", team_id: marketing })).status).toBe(403);
    expect((await tl.get(`/api/b2b/v1/teams/${marketing}/members/`)).status).toBe(404);
    expect((await tl.get(`/api/b2b/v1/teams/${marketing}/progress/`)).status).toBe(404);
    // Only the L&D leader decides publishing; only hr decides people requests.
    expect((await tl.post(`/api/b2b/v1/removal-requests/${acme["/api/b2b/v1/removal-requests/{id}"]}/accept/`, {})).status).toBe(403);
    expect((await ld.post(`/api/b2b/v1/invite-requests/${acme["/api/b2b/v1/invite-requests/{id}"]}/accept/`, {})).status).toBe(403);
    expect((await hr.get(`/api/b2b/v1/plans/${acme["/api/b2b/v1/plans/{id}"]}/`)).status).toBe(403);
  });
});
