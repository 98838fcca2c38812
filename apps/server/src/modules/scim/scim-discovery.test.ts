import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { createCompanyWithRoles } from "../../../test/factories.ts";

// What a directory reads before provisioning (RFC 7643 §5-7, RFC 7644 §4).
let t: TestContext;
let token: string;
const as = () => ({ authorization: `Bearer ${token}` });

beforeAll(async () => {
  t = await createTestContext({ seed: false });
  const acme = await createCompanyWithRoles(t);
  token = (await acme.hr.client.post("/api/b2b/v1/company/scim-token", {})).body.token;
});
afterAll(() => t.close());

describe("SCIM discovery", () => {
  it("needs the token like every SCIM call", async () => {
    for (const path of ["ServiceProviderConfig", "ResourceTypes", "Schemas"]) expect((await t.anonymous.get(`/scim/v2/${path}`)).status).toBe(401);
  });

  it("tells the directory what it may do: PATCH and filters yes, bulk, sort and passwords no", async () => {
    const res = await t.anonymous.get("/scim/v2/ServiceProviderConfig", as());
    expect(res.headers["content-type"]).toContain("application/scim+json");
    expect(res.body).toMatchObject({
      schemas: ["urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig"],
      patch: { supported: true },
      filter: { supported: true, maxResults: 200 },
      bulk: { supported: false },
      sort: { supported: false },
      changePassword: { supported: false },
      etag: { supported: false },
      authenticationSchemes: [expect.objectContaining({ type: "oauthbearertoken" })],
    });
  });

  it("lists the User resource type and its schema, one by one too", async () => {
    const types = (await t.anonymous.get("/scim/v2/ResourceTypes", as())).body;
    expect(types.Resources).toContainEqual(expect.objectContaining({ id: "User", endpoint: "/Users", schema: "urn:ietf:params:scim:schemas:core:2.0:User" }));
    expect(types.Resources).toContainEqual(
      expect.objectContaining({ id: "Group", endpoint: "/Groups", schema: "urn:ietf:params:scim:schemas:core:2.0:Group" }),
    );
    expect((await t.anonymous.get("/scim/v2/ResourceTypes/User", as())).body).toMatchObject({ id: "User", name: "User" });
    const schemas = (await t.anonymous.get("/scim/v2/Schemas", as())).body;
    const user = schemas.Resources.find((s: { id: string }) => s.id === "urn:ietf:params:scim:schemas:core:2.0:User");
    expect(user.attributes.map((a: { name: string }) => a.name)).toEqual(expect.arrayContaining(["userName", "name", "emails", "active"]));
    expect(user.attributes.find((a: { name: string }) => a.name === "userName")).toMatchObject({ required: true, uniqueness: "server", caseExact: false });
    expect((await t.anonymous.get(`/scim/v2/Schemas/${user.id}`, as())).body.id).toBe(user.id);
    const missing = await t.anonymous.get("/scim/v2/Schemas/urn:nope", as());
    expect(missing.status).toBe(404);
    expect(missing.body.schemas).toEqual(["urn:ietf:params:scim:api:messages:2.0:Error"]);
  });
});
