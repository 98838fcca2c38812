import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { contentItems } from "../../db/schema/index.ts";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { addContent, addOperator, companyAudit, createCompany, createCompanyWithRoles } from "../../../test/factories.ts";
import { starterItems } from "./starter.service.ts";

// An empty install is not an empty copilot: the L&D leader, or a platform operator setting up a new
// company, adds the starter catalog in one click.

let t: TestContext;
let co: Awaited<ReturnType<typeof createCompanyWithRoles>>;
let other: Awaited<ReturnType<typeof createCompanyWithRoles>>;
const starter = (companyId: number) => `/api/b2b/v1/companies/${companyId}/starter-catalog`;

beforeAll(async () => {
  t = await createTestContext({ seed: false });
  co = await createCompanyWithRoles(t);
  other = await createCompanyWithRoles(t);
});
afterAll(() => t.close());

const itemCount = async (companyId: number) =>
  (await t.database.db.select({ n: count() }).from(contentItems).where(eq(contentItems.companyId, companyId)))[0]!.n;
const discovered = async (client: typeof co.member.client, search: string) =>
  (await client.get(`/api/b2b/v1/discover/?search=${encodeURIComponent(search)}`)).body.results as { title: string; skills: string[] }[];

describe("who may add the starter catalog", () => {
  it("refuses everyone but the company's L&D leader and platform operators; another company is not found; nothing is added", async () => {
    expect((await t.anonymous.post(starter(co.company.id))).status).toBe(401);
    for (const p of [co.member, co.teamleader, co.hr]) expect((await p.client.post(starter(co.company.id))).status).toBe(403);
    const res = await other.ldleader.client.post(starter(co.company.id));
    expect([res.status, res.body.error.code]).toEqual([404, "not_found"]);
    const operator = await addOperator(t);
    expect((await operator.client.post(starter(2_000_000))).body.error.code).toBe("company_not_found");
    expect(await itemCount(co.company.id)).toBe(0);
  });

  it("tells the L&D leader, and no other person of the company, that they may", async () => {
    expect((await co.ldleader.client.get("/api/me")).body.abilities.add_starter_catalog).toBe(true);
    for (const p of [co.hr, co.teamleader, co.member]) expect((await p.client.get("/api/me")).body.abilities.add_starter_catalog).toBe(false);
  });
});

describe("adding the starter catalog", () => {
  it("fills an empty catalog with the demo's open items and skills, once: a second click adds nothing and records nothing", async () => {
    const fresh = await createCompanyWithRoles(t);
    const items = starterItems();
    expect(items.length).toBeGreaterThan(100);
    expect(items.some((i) => i.content_type === "job")).toBe(false);
    // One of them is already in the catalog (someone saved it): it stays as it is and counts as present.
    await addContent(t, { company: fresh.company.id, title: "Saved before", url: items[1]!.url });

    const first = await fresh.ldleader.client.post(starter(fresh.company.id));
    expect(first.status, first.text).toBe(200);
    expect(first.body).toEqual({ company_id: fresh.company.id, added: items.length - 1, already_present: 1 });
    expect(await itemCount(fresh.company.id)).toBe(items.length);
    // Tagged as the demo's are: discover finds them, with their skills, for anyone of the company.
    const found = await discovered(fresh.member.client, "Effective Executive");
    expect(found.find((r) => r.title === "What Makes an Effective Executive")?.skills).toEqual(["leadership", "management"]);

    const again = await fresh.ldleader.client.post(starter(fresh.company.id));
    expect(again.body).toEqual({ company_id: fresh.company.id, added: 0, already_present: items.length });
    expect(await itemCount(fresh.company.id)).toBe(items.length);
    const audit = (await companyAudit(t, fresh.company.id)).filter((a) => a.action === "add_starter_catalog");
    expect(audit).toEqual([{ action: "add_starter_catalog", entity: "company", entityId: fresh.company.id, before: null, after: { added: items.length - 1 } }]);
    // Another company's catalog is untouched.
    expect(await itemCount(other.company.id)).toBe(0);
  });

  it("lets a platform operator fill a new company's catalog from the admin area", async () => {
    const company = await createCompany(t);
    const operator = await addOperator(t);
    const res = await operator.client.post(starter(company.id));
    expect(res.status, res.text).toBe(200);
    expect(res.body.added).toBe(starterItems().length);
    const rows = await t.database.db.select({ createdBy: contentItems.createdBy }).from(contentItems).where(eq(contentItems.companyId, company.id)).limit(1);
    // An operator belongs to no company: the items name no creator rather than a stranger.
    expect(rows[0]!.createdBy).toBeNull();
    expect((await operator.client.post(starter(company.id))).body.added).toBe(0);
  });
});
