import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { adminAudit } from "../../db/schema/index.ts";
import type { TestContext } from "../../../test/helpers.ts";
import { twoScimCompanies, type ScimCompany } from "../../../test/scim-directory.ts";
import { addPerson } from "../../../test/factories.ts";

// A directory (Okta, Microsoft Entra ID) provisions a company's people over SCIM 2.0 with its token.
let t: TestContext;
let acme: ScimCompany;
let acmeToken: string;
let globexToken: string;
const SCIM_JSON = { "content-type": "application/scim+json" };
const as = (token: string) => ({ authorization: `Bearer ${token}`, ...SCIM_JSON });
const ERROR = "urn:ietf:params:scim:api:messages:2.0:Error";
const PATCH = "urn:ietf:params:scim:api:messages:2.0:PatchOp";
const USER = "urn:ietf:params:scim:schemas:core:2.0:User";

beforeAll(async () => {
  ({ t, acme, acmeToken, globexToken } = await twoScimCompanies());
});
afterAll(() => t.close());

const newUser = (local: string, extra: Record<string, unknown> = {}) => ({
  schemas: [USER],
  userName: `${local}@${acme.company.domain}`,
  name: { givenName: "Ada", familyName: "Lovelace" },
  emails: [{ primary: true, value: `${local}@${acme.company.domain}`, type: "work" }],
  active: true,
  ...extra,
});

describe("SCIM Users", () => {
  it("refuses calls without a valid token, and a session cookie is no token", async () => {
    for (const res of [
      await t.anonymous.get("/scim/v2/Users"),
      await t.anonymous.get("/scim/v2/Users", { authorization: "Bearer lwscim_not-a-token" }),
      await acme.hr.client.get("/scim/v2/Users"),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ schemas: [ERROR], status: "401" });
    }
  });

  it("creates a person as Okta does, finds them by userName filter, pages, and refuses a duplicate or a foreign domain", async () => {
    const made = await t.anonymous.post("/scim/v2/Users", newUser("okta.ada"), as(acmeToken));
    expect(made.status).toBe(201);
    expect(made.headers["content-type"]).toContain("application/scim+json");
    expect(made.body).toMatchObject({
      schemas: [USER],
      userName: `okta.ada@${acme.company.domain}`,
      active: true,
      name: { givenName: "Ada", familyName: "Lovelace" },
    });
    expect(made.body.meta).toMatchObject({ resourceType: "User", location: expect.stringContaining(`/scim/v2/Users/${made.body.id}`) });

    const found = await t.anonymous.get(
      `/scim/v2/Users?filter=${encodeURIComponent(`userName eq "OKTA.ada@${acme.company.domain}"`)}&startIndex=1&count=10`,
      as(acmeToken),
    );
    expect(found.body).toMatchObject({ totalResults: 1, itemsPerPage: 1, startIndex: 1, Resources: [{ id: made.body.id }] });
    const none = await t.anonymous.get(`/scim/v2/Users?filter=${encodeURIComponent('userName eq "nobody@x.test"')}`, as(acmeToken));
    expect(none.body).toMatchObject({ totalResults: 0, Resources: [] });

    const all = (await t.anonymous.get("/scim/v2/Users", as(acmeToken))).body;
    const page = (await t.anonymous.get("/scim/v2/Users?startIndex=2&count=2", as(acmeToken))).body;
    expect(page).toMatchObject({ totalResults: all.totalResults, startIndex: 2, itemsPerPage: 2 });
    expect(page.Resources.map((r: { id: string }) => r.id)).toEqual(all.Resources.slice(1, 3).map((r: { id: string }) => r.id));

    const again = await t.anonymous.post("/scim/v2/Users", newUser("okta.ada"), as(acmeToken));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ schemas: [ERROR], scimType: "uniqueness" });
    const foreign = await t.anonymous.post("/scim/v2/Users", { ...newUser("x"), userName: "x@elsewhere.test" }, as(acmeToken));
    expect(foreign.status).toBe(400);
    expect((await t.anonymous.get("/scim/v2/Users?filter=userName%20eq", as(acmeToken))).body).toMatchObject({ status: "400", scimType: "invalidFilter" });
    expect((await t.anonymous.post("/scim/v2/Users", "{not json", as(acmeToken))).status).toBe(400);
    // The app's input guard (NUL bytes) refuses in SCIM's shape too, never as a 500.
    const nul = await t.anonymous.get("/scim/v2/Users?filter=userName%20eq%20%22a%00b%22", as(acmeToken));
    expect(nul.status).toBe(400);
    expect(nul.body).toMatchObject({ schemas: [ERROR], status: "400" });
  });

  it("replaces with PUT and patches in Okta's and Azure AD's shapes", async () => {
    const id = (await t.anonymous.post("/scim/v2/Users", newUser("azure.bo"), as(acmeToken))).body.id;
    const put = await t.anonymous.put(`/scim/v2/Users/${id}`, newUser("azure.bo", { name: { givenName: "Bo", familyName: "Diddley" } }), as(acmeToken));
    expect(put.body).toMatchObject({ name: { givenName: "Bo", familyName: "Diddley" }, active: true });

    const azure = await t.anonymous.patch(
      `/scim/v2/Users/${id}`,
      {
        schemas: [PATCH],
        Operations: [
          { op: "Add", path: "name.givenName", value: "Robert" },
          { op: "Replace", path: "name.familyName", value: "Bo" },
        ],
      },
      as(acmeToken),
    );
    expect(azure.status).toBe(200);
    expect(azure.body.name).toMatchObject({ givenName: "Robert", familyName: "Bo" });
    const azureOff = await t.anonymous.patch(
      `/scim/v2/Users/${id}`,
      { schemas: [PATCH], Operations: [{ op: "Replace", path: "active", value: "False" }] },
      as(acmeToken),
    );
    expect(azureOff.body.active).toBe(false);
    const oktaOn = await t.anonymous.patch(
      `/scim/v2/Users/${id}`,
      { schemas: [PATCH], Operations: [{ op: "replace", value: { active: true } }] },
      as(acmeToken),
    );
    expect(oktaOn.body.active).toBe(true);
    const bad = await t.anonymous.patch(`/scim/v2/Users/${id}`, { schemas: [PATCH], Operations: [{ op: "explode", path: "active" }] }, as(acmeToken));
    expect(bad.status).toBe(400);
    expect(bad.body.schemas).toEqual([ERROR]);
  });

  it("deactivating a person (Okta's PATCH) signs them out; DELETE makes them gone for the directory", async () => {
    const person = await addPerson(t, { company: acme.company.id, role: "member" });
    expect((await person.client.get("/api/me")).status).toBe(200);
    const off = await t.anonymous.patch(
      `/scim/v2/Users/${person.id}`,
      { schemas: [PATCH], Operations: [{ op: "replace", value: { active: false } }] },
      as(acmeToken),
    );
    expect(off.body.active).toBe(false);
    expect((await person.client.get("/api/me")).status).toBe(401);

    const other = await addPerson(t, { company: acme.company.id, role: "member" });
    expect((await t.anonymous.delete(`/scim/v2/Users/${other.id}`, as(acmeToken))).status).toBe(204);
    expect((await other.client.get("/api/me")).status).toBe(401);
    expect((await t.anonymous.get(`/scim/v2/Users/${other.id}`, as(acmeToken))).status).toBe(404);
    expect((await t.anonymous.delete(`/scim/v2/Users/${other.id}`, as(acmeToken))).status).toBe(404);
  });

  it("keeps the directory's externalId as Azure AD sends it: on create, by PATCH and PUT, and finds people by it", async () => {
    // Azure AD (Entra ID) creates with its object id as externalId and the enterprise extension alongside.
    const azureId = "0a21f0f2-8d2a-4f8e-bf98-7b2d4b8a4b1e";
    const made = await t.anonymous.post(
      "/scim/v2/Users",
      {
        schemas: [USER, "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User"],
        externalId: azureId,
        userName: `azure.grace@${acme.company.domain}`,
        active: true,
        displayName: "Grace Hopper",
        emails: [{ primary: true, type: "work", value: `azure.grace@${acme.company.domain}` }],
        meta: { resourceType: "User" },
        name: { formatted: "Grace Hopper", familyName: "Hopper", givenName: "Grace" },
        roles: [],
      },
      as(acmeToken),
    );
    expect(made.status).toBe(201);
    expect(made.body.externalId).toBe(azureId);
    const id = made.body.id;
    // Azure AD's lookup before it creates or updates someone.
    const found = await t.anonymous.get(`/scim/v2/Users?filter=${encodeURIComponent(`externalId eq "${azureId}"`)}`, as(acmeToken));
    expect(found.body).toMatchObject({ totalResults: 1, Resources: [{ id, externalId: azureId }] });
    // externalId is case-exact (RFC 7643 §3.1), and one company's directory never finds another's people by it.
    expect(
      (await t.anonymous.get(`/scim/v2/Users?filter=${encodeURIComponent(`externalId eq "${azureId.toUpperCase()}"`)}`, as(acmeToken))).body.totalResults,
    ).toBe(0);
    expect((await t.anonymous.get(`/scim/v2/Users?filter=${encodeURIComponent(`externalId eq "${azureId}"`)}`, as(globexToken))).body.totalResults).toBe(0);

    // Azure AD's PATCH: capitalised op, a path, a new externalId.
    const patched = await t.anonymous.patch(
      `/scim/v2/Users/${id}`,
      { schemas: [PATCH], Operations: [{ op: "Replace", path: "externalId", value: "grace-2" }] },
      as(acmeToken),
    );
    expect(patched.status).toBe(200);
    expect((await t.anonymous.get(`/scim/v2/Users/${id}`, as(acmeToken))).body.externalId).toBe("grace-2");
    expect((await t.anonymous.get(`/scim/v2/Users?filter=${encodeURIComponent(`externalId eq "${azureId}"`)}`, as(acmeToken))).body.totalResults).toBe(0);

    // PUT replaces the whole resource: one without externalId clears it (RFC 7644 §3.5.1).
    const { externalId: _, ...withoutExternal } = made.body;
    const replaced = await t.anonymous.put(`/scim/v2/Users/${id}`, { ...withoutExternal, meta: undefined }, as(acmeToken));
    expect(replaced.status).toBe(200);
    expect(replaced.body).not.toHaveProperty("externalId");
    const again = await t.anonymous.put(`/scim/v2/Users/${id}`, { ...withoutExternal, meta: undefined, externalId: "grace-3" }, as(acmeToken));
    expect(again.body.externalId).toBe("grace-3");
    // A person nobody gave an externalId shows none.
    expect((await t.anonymous.get("/scim/v2/Users?count=200", as(acmeToken))).body.Resources.filter((u: { externalId?: string }) => u.externalId).length).toBe(
      1,
    );
  });

  it("never lets one company's token read or change another company's people", async () => {
    const target = acme.member.id;
    expect((await t.anonymous.get(`/scim/v2/Users/${target}`, as(globexToken))).status).toBe(404);
    expect(
      (await t.anonymous.patch(`/scim/v2/Users/${target}`, { schemas: [PATCH], Operations: [{ op: "replace", value: { active: false } }] }, as(globexToken)))
        .status,
    ).toBe(404);
    expect((await t.anonymous.put(`/scim/v2/Users/${target}`, newUser("x"), as(globexToken))).status).toBe(404);
    expect((await t.anonymous.delete(`/scim/v2/Users/${target}`, as(globexToken))).status).toBe(404);
    const list = (await t.anonymous.get(`/scim/v2/Users?filter=${encodeURIComponent(`userName eq "${acme.member.email}"`)}`, as(globexToken))).body;
    expect(list.totalResults).toBe(0);
    expect((await acme.member.client.get("/api/me")).status).toBe(200);
    const created = await t.anonymous.post("/scim/v2/Users", newUser("stranger"), as(globexToken));
    expect(created.status).toBe(400);
  });

  it("audits every SCIM change in the name of the company's token", async () => {
    const id = (await t.anonymous.post("/scim/v2/Users", newUser("audited.cy"), as(acmeToken))).body.id;
    await t.anonymous.patch(`/scim/v2/Users/${id}`, { schemas: [PATCH], Operations: [{ op: "Replace", path: "name.givenName", value: "Cy" }] }, as(acmeToken));
    await t.anonymous.patch(`/scim/v2/Users/${id}`, { schemas: [PATCH], Operations: [{ op: "replace", value: { active: false } }] }, as(acmeToken));
    await t.anonymous.patch(`/scim/v2/Users/${id}`, { schemas: [PATCH], Operations: [{ op: "Replace", path: "active", value: "True" }] }, as(acmeToken));
    await t.anonymous.delete(`/scim/v2/Users/${id}`, as(acmeToken));
    const rows = await t.database.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.companyId, acme.company.id), eq(adminAudit.entity, "account"), eq(adminAudit.entityId, Number(id))))
      .orderBy(adminAudit.id);
    expect(rows.map((r) => r.action)).toEqual(["create", "update", "deactivate", "reactivate", "deactivate", "delete"]);
    expect(rows.every((r) => r.actorId === null && r.reason?.startsWith("SCIM token lwscim_"))).toBe(true);
  });
});
