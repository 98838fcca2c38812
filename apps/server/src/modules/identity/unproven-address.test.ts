import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { accounts, authSessions, authUsers } from "../../db/schema/index.ts";
import { createTestContext, type Client, type TestContext } from "../../../test/helpers.ts";
import { createCompanyWithRoles } from "../../../test/factories.ts";

// An address is held only by whoever proved they read its mail: a stranger who registers someone
// else's address first gets no password, no session and no hold on invitations to it.
let t: TestContext;
let co: Awaited<ReturnType<typeof createCompanyWithRoles>>;
let hr: Client;
const at = (local: string) => `${local}@${co.company.domain}`;

beforeAll(async () => {
  t = await createTestContext({ seed: false });
  co = await createCompanyWithRoles(t, { allowOwnDomain: true, teamName: "Engineering" });
  hr = co.hr.client;
});
// The tests of this file share one app: each starts on its real time.
afterEach(() => t.app.clock.setOffsetDays(0));
afterAll(() => t.close());

const STRANGER = "strangers-pass";
const signUp = (email: string, password = STRANGER, headers?: Record<string, string>) =>
  t.anonymous.post("/api/auth/sign-up/email", { name: "Stranger", email, password }, headers);
const signIn = (email: string, password: string) => t.anonymous.post("/api/auth/sign-in/email", { email, password });
const userOf = async (email: string) => (await t.database.db.select().from(authUsers).where(eq(authUsers.email, email)))[0];

/**
 * The owner opens the newest confirmation mail and does what its page asks: where it offers to
 * choose a password, they choose theirs. Answers the final redirect of the link.
 */
async function ownerConfirms(email: string, password: string, count = 1) {
  const link = await t.linkIn(email, count);
  const res = await t.app.inject({ method: "GET", url: link.pathname + link.search });
  expect(res.statusCode, res.body).toBe(302);
  const location = new URL(String(res.headers.location), "http://localhost:3000");
  const token = location.searchParams.get("token");
  if (location.pathname === "/reset-password" && token) {
    const chosen = await t.anonymous.post("/api/auth/reset-password", { token, newPassword: password });
    return { location, chosen };
  }
  return { location, chosen: undefined };
}

describe("confirming an address drops every credential set before it was proven", () => {
  it("refuses the stranger's password once the owner confirms, and the owner signs in with the one they chose", async () => {
    expect((await signUp(at("victim"))).status).toBe(200);
    const { location, chosen } = await ownerConfirms(at("victim"), "owners-pass");
    expect(location.pathname).toBe("/reset-password");
    expect(location.searchParams.get("confirm")).toBe("1");
    expect(chosen?.status).toBe(200);
    expect((await signIn(at("victim"), STRANGER)).status).toBe(401);
    expect((await signIn(at("victim"), "owners-pass")).status).toBe(200);
    expect((await userOf(at("victim")))!.emailVerified).toBe(true);
  });

  it("ends a session made before the address was proven", async () => {
    expect((await signUp(at("early"))).status).toBe(200);
    const user = (await userOf(at("early")))!;
    const token = randomBytes(24).toString("base64url");
    // However it came to be, a session of the unproven account.
    await t.database.db.insert(authSessions).values({
      id: randomBytes(12).toString("hex"),
      token,
      userId: user.id,
      expiresAt: new Date(Date.now() + 86_400_000),
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    await ownerConfirms(at("early"), "owners-pass");
    expect((await t.database.db.select().from(authSessions).where(eq(authSessions.token, token))).length).toBe(0);
  });

  it("tells the owner what happened and that nothing is needed if it was not them, in the registrant's language", async () => {
    await signUp(at("told"));
    await t.linkIn(at("told"));
    const [en] = await t.mails(at("told"));
    expect(en!.text).toMatch(/Someone asked to create a Learnward account with this address/);
    expect(en!.text).toMatch(/If it was not you, there is nothing to do/);
    await signUp(at("contada"), STRANGER, { cookie: "NEXT_LOCALE=es" });
    await t.linkIn(at("contada"));
    const [es] = await t.mails(at("contada"));
    expect(es!.subject).toMatch(/Confirma tu dirección/);
    expect(es!.text).toMatch(/Alguien ha pedido crear una cuenta de Learnward con esta dirección/);
    expect(es!.text).toMatch(/Si no fuiste tú, no tienes que hacer nada/);
  });

  it("mails the owner a fresh confirmation when they register an address a stranger registered first", async () => {
    await signUp(at("second"));
    await t.linkIn(at("second"));
    expect((await signUp(at("second"), "owners-pass")).status).toBe(200);
    const { chosen } = await ownerConfirms(at("second"), "owners-pass", 2);
    expect(chosen?.status).toBe(200);
    expect((await signIn(at("second"), "owners-pass")).status).toBe(200);
    expect((await signIn(at("second"), STRANGER)).status).toBe(401);
  });

  it("no longer verifies an address through a bare verification link", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/auth/verify-email?token=anything&callbackURL=%2Flogin" });
    expect(res.statusCode).toBe(404);
  });
});

describe("an unproven account does not hold its address against an invitation", () => {
  const invite = async (email: string) => {
    const res = await hr.post("/api/b2b/v1/invitations/", { email, role: "teamleader", team_id: co.team.id });
    expect(res.status, res.text).toBe(201);
  };
  const accept = async (email: string, password: string, count = 1) => {
    const token = (await t.linkIn(email, count, /\/invitation\//)).pathname.split("/").pop()!;
    return t.anonymous.post(`/api/b2b/v1/invitations/${token}/accept/`, { name: "Invitee", password });
  };

  it("sends an invitation to an address a stranger registered, and its link takes the account over", async () => {
    await signUp(at("squatted"));
    await invite(at("squatted"));
    const res = await accept(at("squatted"), "invitees-pass");
    expect(res.status, res.text).toBe(201);
    expect((await signIn(at("squatted"), STRANGER)).status).toBe(401);
    expect((await signIn(at("squatted"), "invitees-pass")).status).toBe(200);
    const [row] = await t.database.db
      .select({ role: accounts.role, teamId: accounts.teamId, name: authUsers.name })
      .from(accounts)
      .innerJoin(authUsers, eq(authUsers.id, accounts.uid))
      .where(eq(authUsers.email, at("squatted")));
    expect(row).toEqual({ role: "teamleader", teamId: co.team.id, name: "Invitee" });
  });

  it("accepts an invitation whose address a stranger registered after it was sent", async () => {
    await invite(at("late-squat"));
    await signUp(at("late-squat"));
    const res = await accept(at("late-squat"), "invitees-pass");
    expect(res.status, res.text).toBe(201);
    expect((await signIn(at("late-squat"), STRANGER)).status).toBe(401);
    expect((await signIn(at("late-squat"), "invitees-pass")).status).toBe(200);
  });

  it("still refuses to invite an address whose owner proved it", async () => {
    const res = await hr.post("/api/b2b/v1/invitations/", { email: co.member.email });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("email_in_use");
  });
});

describe("unproven accounts expire after 7 days of the app's clock", () => {
  it("can no longer be confirmed, and the stranger's password no longer triggers a mail to the owner", async () => {
    await signUp(at("stale"));
    await t.linkIn(at("stale"));
    t.app.clock.setOffsetDays(8);
    const { location, chosen } = await ownerConfirms(at("stale"), "owners-pass");
    expect(location.searchParams.get("error")).toBe("INVALID_TOKEN");
    expect(chosen).toBeUndefined();
    const refused = await signIn(at("stale"), STRANGER);
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe("invalid_credentials");
    expect(await userOf(at("stale"))).toBeUndefined();
  });

  it("lets the owner register the address afresh, under their own name", async () => {
    await signUp(at("freed"));
    await t.linkIn(at("freed"));
    t.app.clock.setOffsetDays(8);
    const res = await t.anonymous.post("/api/auth/sign-up/email", { name: "Rightful Owner", email: at("freed"), password: "owners-pass" });
    expect(res.status).toBe(200);
    const { chosen } = await ownerConfirms(at("freed"), "owners-pass", 2);
    expect(chosen?.status).toBe(200);
    expect((await userOf(at("freed")))!.name).toBe("Rightful Owner");
    expect((await signIn(at("freed"), "owners-pass")).status).toBe(200);
  });
});
