import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, DEMO_PASSWORD, type TestContext } from "./helpers.ts";
import { addOperator, addSignedOutPerson, createCompanyWithRoles, createTeam } from "./factories.ts";

// Defaults and operations: what a fresh install exposes, and to whom.
let t: TestContext;
let w: Awaited<ReturnType<typeof createCompanyWithRoles>>;
beforeAll(async () => {
  t = await createTestContext({ seed: false });
  w = await createCompanyWithRoles(t);
  // Two teams, so a page of one has a next page.
  await createTeam(t, { company: w.company.id });
});
afterAll(() => t.close());

describe("links", () => {
  it("builds next and previous from PUBLIC_URL, never from the request's Host header", async () => {
    const hr = w.hr.client;
    const teams = await hr.get("/api/b2b/v1/teams/?page_size=1", { host: "evil.example" });
    expect(teams.status).toBe(200);
    expect(teams.body.next).toMatch(/^http:\/\/localhost:3000\/api\/b2b\/v1\/teams\/?\?/);
    const second = await hr.get("/api/b2b/v1/teams/?page_size=1&page=2", { host: "evil.example" });
    expect(second.body.previous).toMatch(/^http:\/\/localhost:3000\//);
  });
});

describe("same origin in development", () => {
  it("lets a browser at http://127.0.0.1:3000 sign in, and still refuses another site", async () => {
    const { email } = await addSignedOutPerson(t, { company: w.company.id, role: "member", teamId: w.team.id });
    const signIn = (origin: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        headers: { origin, host: new URL(origin).host },
        payload: { email, password: DEMO_PASSWORD },
      });
    expect((await signIn("http://127.0.0.1:3000")).statusCode).toBe(200);
    expect((await signIn("http://localhost:3000")).statusCode).toBe(200);
    const foreign = await signIn("http://evil.example");
    expect(foreign.statusCode).toBe(403);
  });
});

describe("the development outbox", () => {
  it("is read by a platform operator only, and each read is audited", async () => {
    const asked = await t.anonymous.post("/api/auth/request-password-reset", { email: w.member.email, redirectTo: "/reset-password" });
    expect(asked.status, asked.text).toBe(200);
    await t.linkIn(w.member.email);
    expect((await t.anonymous.get("/api/dev/outbox")).status).toBe(401);
    for (const person of [w.hr, w.ldleader, w.member]) expect((await person.client.get("/api/dev/outbox")).status).toBe(403);
    const admin = (await addOperator(t)).client;
    const read = await admin.get("/api/dev/outbox");
    expect(read.status).toBe(200);
    expect(read.body.results[0].to).toBe(w.member.email);
    const audit = await admin.get("/api/b2b/v1/admin/audit/?entity=outbox");
    expect(audit.body.results[0]).toMatchObject({ entity: "outbox", action: "read", actor: { display_name: expect.any(String) } });
  });

  it("shows one mail as it would arrive, both parts, to a platform operator only", async () => {
    const asked = await t.anonymous.post("/api/auth/request-password-reset", { email: w.hr.email, redirectTo: "/reset-password" });
    expect(asked.status, asked.text).toBe(200);
    await t.linkIn(w.hr.email);
    const admin = (await addOperator(t)).client;
    const listed = (await admin.get("/api/dev/outbox")).body.results.find((m: { to: string }) => m.to === w.hr.email);
    const url = `/api/dev/outbox/${listed.id}`;
    expect((await t.anonymous.get(url)).status).toBe(401);
    for (const person of [w.hr, w.ldleader, w.member]) expect((await person.client.get(url)).status).toBe(403);
    const read = await admin.get(url);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: listed.id, to: w.hr.email, subject: listed.subject, text: listed.text });
    expect(read.body.html).toMatch(/^<!DOCTYPE html/);
    const link = listed.text.match(/https?:\/\/\S+/)[0];
    expect(read.body.html).toContain(`href="${link.replaceAll("&", "&amp;")}"`);
    expect((await admin.get("/api/dev/outbox/999999")).body.error.code).toBe("not_found");
  });
});
