import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, DEMO_PASSWORD, type TestContext } from "../../../test/helpers.ts";
import { addOperator, addPerson, addSignedOutPerson, createCompany, createCompanyWithRoles, type Person } from "../../../test/factories.ts";
import { startSmtpServer } from "../../../test/smtp.ts";

let t: TestContext;
let w: Awaited<ReturnType<typeof createCompanyWithRoles>>;
let otherMember: Person, operator: Person;
beforeAll(async () => {
  t = await createTestContext({ seed: false });
  w = await createCompanyWithRoles(t);
  otherMember = await addPerson(t, { company: (await createCompany(t)).id, role: "member" });
  operator = await addOperator(t, { signedIn: false });
});
afterAll(() => t.close());

const resetLink = (text: string) => text.match(/https?:\/\/\S+/)?.[0];

describe("forgot and reset password (outbox without SMTP)", () => {
  it("mails a reset link that sets a new password once", async () => {
    const ask = await t.anonymous.post("/api/auth/request-password-reset", { email: w.member.email, redirectTo: "/reset-password" });
    expect(ask.status).toBe(200);
    await t.linkIn(w.member.email); // mail goes out after the answer
    const outbox = { body: await t.outbox() };
    expect(outbox.body.count).toBe(1);
    const mail = outbox.body.results[0];
    expect(mail).toMatchObject({ to: w.member.email, subject: "Reset your Learnward password" });
    const link = resetLink(mail.text)!;
    expect(link.startsWith("http://localhost:3000/api/auth/reset-password/")).toBe(true);

    // The link's token (what the /reset-password page receives) sets the new password.
    const follow = await t.app.inject({ method: "GET", url: new URL(link).pathname + new URL(link).search });
    expect(follow.statusCode).toBe(302);
    const token = new URL(String(follow.headers.location), "http://localhost:3000").searchParams.get("token")!;
    expect(String(follow.headers.location)).toMatch(/^http:\/\/localhost:3000\/reset-password\?token=/);
    const reset = await t.anonymous.post("/api/auth/reset-password", { token, newPassword: "brand-new-pass" });
    expect(reset.status).toBe(200);

    expect((await t.anonymous.post("/api/auth/sign-in/email", { email: w.member.email, password: DEMO_PASSWORD })).status).toBe(401);
    expect((await t.anonymous.post("/api/auth/sign-in/email", { email: w.member.email, password: "brand-new-pass" })).status).toBe(200);
    const again = await t.anonymous.post("/api/auth/reset-password", { token, newPassword: "another-pass" });
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe("invalid_token");
  });

  it("answers the same for an unknown address and sends nothing", async () => {
    const before = (await t.outbox()).count;
    const ask = await t.anonymous.post("/api/auth/request-password-reset", { email: "ghost@acme.test", redirectTo: "/reset-password" });
    expect(ask.status).toBe(200);
    expect((await t.outbox()).count).toBe(before);
  });

  it("changes the password of a signed-in user who knows the current one", async () => {
    const hr = w.hr.client;
    const wrong = await hr.post("/api/auth/change-password", { currentPassword: "not-it", newPassword: "hr-new-pass" });
    expect(wrong.status).toBeGreaterThanOrEqual(400);
    expect(wrong.body.error.code).toBe("invalid_credentials");
    const ok = await hr.post("/api/auth/change-password", { currentPassword: DEMO_PASSWORD, newPassword: "hr-new-pass" });
    expect(ok.status).toBe(200);
    expect((await t.anonymous.post("/api/auth/sign-in/email", { email: w.hr.email, password: "hr-new-pass" })).status).toBe(200);
  });
});

describe("rate limits on sign-in", () => {
  it("stops one person hammering a password, with Retry-After, while colleagues behind the same IP still sign in", async () => {
    const { email: hammered } = await addSignedOutPerson(t, { company: w.company.id, role: "ldleader" });
    const statuses: number[] = [];
    let retryAfter: unknown;
    for (let i = 0; i < 7; i++) {
      const res = await t.anonymous.post("/api/auth/sign-in/email", { email: hammered, password: `guess-${i}` });
      statuses.push(res.status);
      if (res.status === 429) {
        retryAfter = res.headers["retry-after"];
        expect(res.body.error.code).toBe("rate_limited");
      }
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    // An office behind one address: other people sign in at once.
    for (const email of [w.teamleader.email, otherMember.email, operator.email]) {
      expect((await t.anonymous.post("/api/auth/sign-in/email", { email, password: DEMO_PASSWORD })).status).toBe(200);
    }
  });
});

describe("mail through SMTP when SMTP_URL is set", () => {
  it("delivers the reset mail to a real SMTP server instead of the outbox", async () => {
    const smtp = await startSmtpServer();
    const received = smtp.received;
    // Workers run as in a server: the mail leaves through its job.
    const ctx = await createTestContext({ seed: false, env: { SMTP_URL: smtp.url, JOBS_WORK: "true" } });
    try {
      const member = await addPerson(ctx, { company: (await createCompany(ctx)).id, role: "member" });
      const res = await ctx.anonymous.post("/api/auth/request-password-reset", { email: member.email, redirectTo: "/reset-password" });
      expect(res.status).toBe(200);
      await expect.poll(() => received.length, { timeout: 15_000 }).toBe(1);
      expect(received[0]).toMatch(/Reset your Learnward password/);
      expect(received[0]).toContain(`To: ${member.email}`);
      expect((await ctx.outbox()).count).toBe(0);
    } finally {
      await ctx.close();
      await smtp.close();
    }
  });
});
