import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { createCompanyWithRoles } from "../../../test/factories.ts";
import { newCredential, xapiClient } from "../../../test/xapi-client.ts";

// Most xAPI content runs in a learner's browser on another site (a course package's host) and calls
// the LRS from there with its key and secret (HTTP Basic): the LRS answers any origin's CORS, without
// cookies, and such calls are not refused as cross-site writes. Nothing else of the API opens up.
let t: TestContext;
let call: ReturnType<typeof xapiClient>;
let acme: Awaited<ReturnType<typeof createCompanyWithRoles>>;
const CONTENT = "https://courses.example";

beforeAll(async () => {
  t = await createTestContext({ seed: false });
  acme = await createCompanyWithRoles(t);
  call = xapiClient(t, await newCredential(acme.hr.client));
});
afterAll(() => t.close());

const statement = (id: string) => ({
  id,
  actor: { mbox: `mailto:${acme.member.email}` },
  verb: { id: "http://adlnet.gov/expapi/verbs/experienced" },
  object: { id: `https://courses.example/activities/${id}` },
});

describe("the LRS called from course content in a browser on another site", () => {
  it("answers the preflight for any origin with the xAPI headers, and no credentials", async () => {
    const res = await t.app.inject({
      method: "OPTIONS",
      url: "/xapi/statements",
      headers: {
        origin: CONTENT,
        "access-control-request-method": "PUT",
        "access-control-request-headers": "authorization,content-type,x-experience-api-version",
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers["access-control-allow-origin"]).toBe(CONTENT);
    expect(String(res.headers["access-control-allow-methods"]).split(/,\s*/)).toEqual(expect.arrayContaining(["GET", "PUT", "POST", "DELETE"]));
    expect(String(res.headers["access-control-allow-headers"]).toLowerCase()).toContain("x-experience-api-version");
    expect(res.headers["access-control-allow-credentials"]).toBeUndefined();
  });

  it("stores a statement sent from that site and lets it read the LRS's headers", async () => {
    const id = randomUUID();
    const stored = await call("POST", "/xapi/statements", statement(id), { origin: CONTENT });
    expect(stored.status, JSON.stringify(stored.body)).toBe(200);
    expect(stored.headers["access-control-allow-origin"]).toBe(CONTENT);
    expect(String(stored.headers["access-control-expose-headers"]).toLowerCase()).toContain("x-experience-api-version");
    const read = await call("GET", `/xapi/statements?statementId=${id}`, undefined, { origin: CONTENT });
    expect(read.status).toBe(200);
    expect(read.body.id).toBe(id);
  });

  it("still refuses what a form on another site could send: no version header, nothing stored", async () => {
    const id = randomUUID();
    const res = await call("POST", "/xapi/statements", statement(id), { origin: CONTENT, "x-experience-api-version": undefined });
    expect(res.status).toBe(400);
    expect((await call("GET", `/xapi/statements?statementId=${id}`)).status).toBe(404);
  });

  it("opens nothing else: the app's own API still refuses that site's writes and answers it no CORS", async () => {
    const res = await acme.member.client.post("/api/contentuser/save/", { url: "https://blog.example/x", title: "X" }, { origin: CONTENT });
    expect(res.status).toBe(403);
    const preflight = await t.app.inject({
      method: "OPTIONS",
      url: "/api/contentuser/save/",
      headers: { origin: CONTENT, "access-control-request-method": "POST" },
    });
    expect(preflight.headers["access-control-allow-origin"]).toBeUndefined();
  });
});
