import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { adminAudit, certificates } from "../../db/schema/index.ts";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { createCompanyWithRoles } from "../../../test/factories.ts";
import { isErrorShape } from "../../../test/error-shape.ts";
import { certificateWorld, pdfText } from "../../../test/certificates-world.ts";

// A certificate is checked by anyone holding its code, downloaded as a PDF by its holder and their
// company's hr, and revoked by that hr alone.
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ seed: false });
});
afterAll(() => t.close());

/** A world whose member completed the path and the plan; `cert` is their plan's certificate. */
async function issued(opts: Parameters<typeof certificateWorld>[1] = {}) {
  const w = await certificateWorld(t, opts);
  await w.finish();
  const cert = (await w.mine()).find((c) => c.kind === "plan")!;
  return { ...w, cert };
}
const verify = (code: string) => t.anonymous.get(`/api/public/certificates/${code}`);

describe("public verification by code", () => {
  it("states exactly what the certificate says and that it is valid, to anyone, and nothing else about the person", async () => {
    const w = await issued();
    const res = await verify(w.cert.code);
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(
      ["code", "completed_at", "expires_at", "issued_at", "issuer_name", "kind", "recipient_name", "revoked_at", "skills", "status", "title"].sort(),
    );
    expect(res.body).toMatchObject({
      code: w.cert.code,
      kind: "plan",
      title: "Data literacy",
      recipient_name: "Ada Lovelace",
      issuer_name: w.company.name,
      skills: ["sql"],
      status: "valid",
      expires_at: null,
      revoked_at: null,
    });
    expect(res.text).not.toContain(w.member.email);
    expect(res.text).not.toContain("SQL basics");
    // The code is read off paper: lower case finds it too.
    expect((await verify(w.cert.code.toLowerCase())).body.code).toBe(w.cert.code);
  });

  it("says revoked once hr revoked it, and expired once its expiry has passed", async () => {
    const w = await issued();
    await t.database.db
      .update(certificates)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(certificates.code, w.cert.code));
    expect((await verify(w.cert.code)).body).toMatchObject({ status: "expired" });
    expect((await w.hr.client.post(`/api/b2b/v1/certificates/${w.cert.id}/revoke/`, { reason: "Exam taken by someone else" })).status).toBe(200);
    const res = await verify(w.cert.code);
    expect(res.body).toMatchObject({ status: "revoked" });
    expect(res.body.revoked_at).toEqual(expect.any(String));
    expect(res.text).not.toContain("Exam taken");
  });

  it("answers an unknown or malformed code with 404 or 400 in the app's error shape", async () => {
    const unknown = await verify("ZZZZZZZZZZZZ");
    expect(unknown.status).toBe(404);
    expect(isErrorShape(unknown.body)).toBe(true);
    expect(unknown.body.error.code).toBe("not_found");
    const malformed = await verify("not%20a%20code");
    expect(malformed.status).toBe(400);
    expect(isErrorShape(malformed.body)).toBe(true);
  });
});

describe("the certificate's PDF", () => {
  it("refuses anyone without a session, a colleague who is not hr, and another company's hr", async () => {
    const w = await issued();
    const url = `/api/b2b/v1/certificates/${w.cert.id}/pdf`;
    expect((await t.anonymous.get(url)).status).toBe(401);
    for (const who of [w.teamleader, w.ldleader]) expect((await who.client.get(url)).status).toBe(404);
    const other = await createCompanyWithRoles(t);
    const res = await other.hr.client.get(url);
    expect(res.status).toBe(404);
    expect(isErrorShape(res.body)).toBe(true);
  });

  it("is a PDF attachment naming the person, what they completed, the date, skills, code and verification link", async () => {
    const w = await issued();
    for (const who of [w.member, w.hr]) {
      const res = await t.app.inject({
        method: "GET",
        url: `/api/b2b/v1/certificates/${w.cert.id}/pdf`,
        headers: { authorization: `Bearer ${who.client.token}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("application/pdf");
      expect(res.headers["content-disposition"]).toBe(`attachment; filename="certificate-${w.cert.code}.pdf"`);
      expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
      const text = pdfText(res.rawPayload);
      for (const words of ["Certificate of completion", "Ada Lovelace", "Data literacy", w.company.name, "sql", w.cert.code, `/verify/${w.cert.code}`]) {
        expect(text).toContain(words);
      }
      const year = new Date().getUTCFullYear();
      expect(text).toMatch(new RegExp(`on [A-Z][a-z]+ \\d{1,2}, ${year}`));
    }
  });

  it("is written in the person's language, dates included", async () => {
    const w = await issued({ memberLocale: "es", memberName: "Íñigo Muñoz" });
    const res = await t.app.inject({
      method: "GET",
      url: `/api/b2b/v1/certificates/${w.cert.id}/pdf`,
      headers: { authorization: `Bearer ${w.member.client.token}` },
    });
    const text = pdfText(res.rawPayload);
    expect(text).toContain("Certificado de finalización");
    expect(text).toContain("Íñigo Muñoz");
    expect(text).toContain("ha completado el plan de formación");
    expect(text).toMatch(/el \d{1,2} de [a-z]+ de \d{4}/);
    expect(w.cert).toMatchObject({ locale: "es" });
  });
});

describe("revoking", () => {
  it("refuses a member, a team leader, the L&D leader and another company's hr, and changes nothing", async () => {
    const w = await issued();
    const url = `/api/b2b/v1/certificates/${w.cert.id}/revoke/`;
    expect((await t.anonymous.post(url, { reason: "x" })).status).toBe(401);
    for (const who of [w.member, w.teamleader, w.ldleader]) {
      const res = await who.client.post(url, { reason: "x" });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe("forbidden");
    }
    const other = await createCompanyWithRoles(t);
    expect((await other.hr.client.post(url, { reason: "x" })).status).toBe(404);
    expect((await verify(w.cert.code)).body.status).toBe("valid");
  });

  it("asks for a reason, records who and why in the audit trail, and announces it", async () => {
    const w = await issued();
    const url = `/api/b2b/v1/certificates/${w.cert.id}/revoke/`;
    expect((await w.hr.client.post(url, { reason: "  " })).status).toBe(400);
    expect((await w.hr.client.post(url, {})).status).toBe(400);
    const heard: unknown[] = [];
    const off = t.app.events.on("certificate.revoked", async (_tx, e) => {
      heard.push(e);
    });
    try {
      const res = await w.hr.client.post(url, { reason: "Issued by mistake" });
      expect(res.status, res.text).toBe(200);
      expect(res.body).toMatchObject({ status: "revoked", revoke_reason: "Issued by mistake" });
    } finally {
      off();
    }
    expect(heard).toEqual([{ actorId: w.hr.id, certificateId: w.cert.id, companyId: w.company.id, accountId: w.member.id }]);
    const audit = await t.database.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.entity, "certificate"), eq(adminAudit.entityId, w.cert.id)));
    expect(audit.map((a) => ({ actorId: a.actorId, companyId: a.companyId, action: a.action, reason: a.reason }))).toEqual([
      { actorId: w.hr.id, companyId: w.company.id, action: "revoke", reason: "Issued by mistake" },
    ]);
    const again = await w.hr.client.post(url, { reason: "Twice" });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("certificate_already_revoked");
    // The holder still sees it, revoked, in their list.
    expect((await w.mine()).find((c) => c.id === w.cert.id)).toMatchObject({ status: "revoked" });
  });
});

describe("rate limit", () => {
  it("slows down whoever tries many codes, from their address only", async () => {
    // An address of its own: the other tests of this file verify from the default one.
    const from = (ip: string, code: string) => t.app.inject({ method: "GET", url: `/api/public/certificates/${code}`, remoteAddress: ip });
    let last = 0;
    for (let i = 0; i < 31 && last !== 429; i++) last = (await from("203.0.113.7", `UNKNOWN${i}`)).statusCode;
    expect(last).toBe(429);
    const res = await from("203.0.113.7", "UNKNOWNX");
    expect(res.json().error.code).toBe("rate_limited");
    expect((await from("203.0.113.8", "UNKNOWNX")).statusCode).toBe(404);
  });
});
