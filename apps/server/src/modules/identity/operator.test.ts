import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { createIdentityRepo } from "./identity.repo.ts";
import { createIdentityService, OperatorError } from "./identity.service.ts";
import { linkCatcher } from "./operator-link.ts";
import { createTransport, type Mail } from "../../lib/mailer.ts";

// A real install starts empty (DEMO_SEED=false). The README's path, step by step.
const catcher = linkCatcher();
let t: TestContext;
beforeAll(async () => {
  // Mail goes to the outbox as usual; the catcher also sees it, as the command's would.
  const deliver = async (mail: Mail) => {
    await catcher.send(mail);
    await createTransport({ db: t.database.db, from: "test@learnward.local" }).deliver(mail);
  };
  t = await createTestContext({ seed: false, mailTransport: { kind: "outbox", deliver } });
});
afterAll(() => t.close());

const make = (email: string) =>
  createIdentityService({ db: t.database.db, repo: createIdentityRepo(t.database.db), clock: t.app.clock }).createOperator(
    { auth: t.app.auth, captureResetLink: (run) => catcher.capture(run, () => t.app.jobs.drain()) },
    { email, name: "Olga Ops" },
  );

describe("from an empty database to a company with its first hr person", () => {
  it("creates the first operator with a one-time set-password link, then a company and its hr", async () => {
    const { link } = await make("Ops@Example.com");
    const follow = await t.app.inject({ method: "GET", url: new URL(link).pathname + new URL(link).search });
    const token = new URL(String(follow.headers.location), t.config.publicUrl).searchParams.get("token");
    expect((await t.anonymous.post("/api/auth/reset-password", { token, newPassword: "operator-pass" })).status).toBe(200);
    expect((await t.anonymous.post("/api/auth/reset-password", { token, newPassword: "second-time" })).status).toBe(400);

    const admin = await t.as("ops@example.com", "operator-pass"); // sets up two-factor on the way in
    expect((await admin.get("/api/me")).body.account).toMatchObject({ role: "admin", company_id: null, two_factor: { enabled: true, required: true } });
    const company = (await admin.post("/api/b2b/v1/admin/companies/", { name: "Initech", domain: "initech.test" })).body;
    expect((await admin.post(`/api/b2b/v1/admin/companies/${company.id}/invitations/`, { email: "hr@initech.test", role: "hr" })).status).toBe(201);
    const invitation = (await t.mails("hr@initech.test")).at(-1)!.text.match(/\/invitation\/([A-Za-z0-9_-]+)/)![1];
    expect((await t.anonymous.post(`/api/b2b/v1/invitations/${invitation}/accept/`, { name: "Hana HR", password: "hr-initech" })).status).toBe(201);
    const hr = await t.as("hr@initech.test", "hr-initech");
    expect((await hr.get("/api/me")).body.account).toMatchObject({ role: "hr", domain: "initech.test" });
  });

  it("refuses an address that has an account, or is not one", async () => {
    await make("ops2@example.com");
    await expect(make("Ops2@example.com")).rejects.toThrow(OperatorError);
    await expect(make("not an email")).rejects.toThrow(/not an email address/);
  });

  it("cannot be reached over HTTP: a plain sign-up is never an operator", async () => {
    const res = await t.anonymous.post("/api/auth/sign-up/email", { name: "X", email: "x@example.com", password: "secret12" });
    expect(res.status).toBe(403);
  });
});
