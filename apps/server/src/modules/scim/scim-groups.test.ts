import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { adminAudit } from "../../db/schema/index.ts";
import type { Handler } from "../../lib/events.ts";
import type { TestContext } from "../../../test/helpers.ts";
import { twoScimCompanies, type ScimCompany } from "../../../test/scim-directory.ts";
import { addPerson } from "../../../test/factories.ts";

// A directory's groups are the company's teams; members added and removed by PATCH.
let t: TestContext;
let acme: ScimCompany;
let acmeToken: string;
let globexToken: string;
const as = (token: string) => ({ authorization: `Bearer ${token}`, "content-type": "application/scim+json" });
const GROUP = "urn:ietf:params:scim:schemas:core:2.0:Group";
const PATCH = "urn:ietf:params:scim:api:messages:2.0:PatchOp";
let serial = 0;
const groupName = () => `Directory group ${++serial}`;

beforeAll(async () => {
  ({ t, acme, acmeToken, globexToken } = await twoScimCompanies());
});
afterAll(() => t.close());

const teamOf = async (personId: number) => (await acme.hr.client.get(`/api/b2b/v1/employees/${personId}`)).body.team?.id ?? null;

describe("SCIM Groups", () => {
  it("creates a team with members, finds it by displayName, and refuses a taken name", async () => {
    const ana = await addPerson(t, { company: acme.company.id, role: "member" });
    const name = groupName();
    const made = await t.anonymous.post("/scim/v2/Groups", { schemas: [GROUP], displayName: name, members: [{ value: String(ana.id) }] }, as(acmeToken));
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ schemas: [GROUP], displayName: name, members: [{ value: String(ana.id) }], meta: { resourceType: "Group" } });
    expect(await teamOf(ana.id)).toBe(Number(made.body.id));

    const found = await t.anonymous.get(`/scim/v2/Groups?filter=${encodeURIComponent(`displayName eq "${name}"`)}`, as(acmeToken));
    expect(found.body).toMatchObject({ totalResults: 1, Resources: [{ id: made.body.id }] });
    expect((await t.anonymous.get(`/scim/v2/Groups/${made.body.id}`, as(acmeToken))).body.displayName).toBe(name);
    const again = await t.anonymous.post("/scim/v2/Groups", { schemas: [GROUP], displayName: name }, as(acmeToken));
    expect(again.status).toBe(409);
    expect(again.body.scimType).toBe("uniqueness");
  });

  it("adds and removes members in Azure AD's and Okta's PATCH shapes, renames, and deletes", async () => {
    const [bo, cy] = [await addPerson(t, { company: acme.company.id, role: "member" }), await addPerson(t, { company: acme.company.id, role: "member" })];
    const id = (await t.anonymous.post("/scim/v2/Groups", { schemas: [GROUP], displayName: groupName() }, as(acmeToken))).body.id;
    const azureAdd = await t.anonymous.patch(
      `/scim/v2/Groups/${id}`,
      { schemas: [PATCH], Operations: [{ op: "Add", path: "members", value: [{ value: String(bo.id) }, { value: String(cy.id) }] }] },
      as(acmeToken),
    );
    expect(azureAdd.status).toBe(200);
    expect([await teamOf(bo.id), await teamOf(cy.id)]).toEqual([Number(id), Number(id)]);
    await t.anonymous.patch(
      `/scim/v2/Groups/${id}`,
      { schemas: [PATCH], Operations: [{ op: "Remove", path: "members", value: [{ value: String(bo.id) }] }] },
      as(acmeToken),
    );
    expect(await teamOf(bo.id)).toBeNull();
    await t.anonymous.patch(`/scim/v2/Groups/${id}`, { schemas: [PATCH], Operations: [{ op: "remove", path: `members[value eq "${cy.id}"]` }] }, as(acmeToken));
    expect(await teamOf(cy.id)).toBeNull();
    const renamed = await t.anonymous.patch(
      `/scim/v2/Groups/${id}`,
      { schemas: [PATCH], Operations: [{ op: "replace", value: { id, displayName: "Renamed by Okta" } }] },
      as(acmeToken),
    );
    expect(renamed.body.displayName).toBe("Renamed by Okta");

    await t.anonymous.patch(
      `/scim/v2/Groups/${id}`,
      { schemas: [PATCH], Operations: [{ op: "add", path: "members", value: [{ value: String(bo.id) }] }] },
      as(acmeToken),
    );
    expect((await t.anonymous.delete(`/scim/v2/Groups/${id}`, as(acmeToken))).status).toBe(204);
    expect((await t.anonymous.get(`/scim/v2/Groups/${id}`, as(acmeToken))).status).toBe(404);
    expect(await teamOf(bo.id)).toBeNull();
    expect((await bo.client.get("/api/me")).status).toBe(200);

    const audited = await t.database.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.entity, "team"), eq(adminAudit.entityId, Number(id))));
    expect(audited.map((r) => r.action)).toEqual(expect.arrayContaining(["create", "add_members", "remove_members", "rename", "delete"]));
  });

  it("emits team.created for a team the directory creates, as hr's teams do", async () => {
    const seen: Array<{ actorId: number | null; teamId: number }> = [];
    const spy: Handler<"team.created"> = async (_tx, e) => {
      seen.push(e);
    };
    const stop = t.app.events.on("team.created", spy);
    try {
      const made = await t.anonymous.post("/scim/v2/Groups", { schemas: [GROUP], displayName: groupName() }, as(acmeToken));
      expect(made.status).toBe(201);
      // No account acted: the SCIM token is named in the audit entry's reason.
      expect(seen).toEqual([{ actorId: null, teamId: Number(made.body.id) }]);
    } finally {
      stop();
    }
  });

  it("keeps another company's teams and people out of reach", async () => {
    const acmeTeam = acme.team.id;
    expect((await t.anonymous.get(`/scim/v2/Groups/${acmeTeam}`, as(globexToken))).status).toBe(404);
    expect((await t.anonymous.delete(`/scim/v2/Groups/${acmeTeam}`, as(globexToken))).status).toBe(404);
    const own = (await t.anonymous.post("/scim/v2/Groups", { schemas: [GROUP], displayName: groupName() }, as(globexToken))).body.id;
    const res = await t.anonymous.patch(
      `/scim/v2/Groups/${own}`,
      { schemas: [PATCH], Operations: [{ op: "add", path: "members", value: [{ value: String(acme.member.id) }] }] },
      as(globexToken),
    );
    expect(res.status).toBe(400);
    expect(await teamOf(acme.member.id)).toBe(acme.team.id);
  });
});
