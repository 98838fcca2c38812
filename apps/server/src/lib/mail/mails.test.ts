import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { addPerson, createCompany } from "../../../test/factories.ts";
import { accounts } from "../../db/schema/index.ts";

// What a person finds in their mailbox: their own language and dates, an HTML part and a plain-text
// part that lead to the same place, and names that stay names.
let t: TestContext;
let company: { id: number; name: string };
beforeAll(async () => {
  t = await createTestContext({ seed: false });
  company = await createCompany(t);
});
afterAll(() => t.close());

const HOSTILE = "<img src=x onerror=alert(1)>";
const speaksSpanish = (id: number) => t.database.db.update(accounts).set({ locale: "es" }).where(eq(accounts.id, id));
const assignPlan = (to: number) =>
  t.database.db.transaction((tx) =>
    t.app.notifier.notify(tx, {
      to: [to],
      companyId: company.id,
      kind: "plan_assigned",
      params: { plan: "Data literacy", by: "Tina Lead", due_on: "2026-12-05" },
      link: "/plans/1",
    }),
  );
const hrefs = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));

describe("mail language and dates", () => {
  it("writes to a Spanish reader in Spanish, with Spanish dates, in both parts", async () => {
    const es = await addPerson(t, { company: company.id, role: "member", name: "Eva Ruiz" });
    await speaksSpanish(es.id);
    await assignPlan(es.id);
    const [mail] = await t.mails(es.email);
    expect(mail!.subject).toBe("Tienes un plan nuevo: Data literacy (vence el 5 de diciembre de 2026)");
    expect(mail!.text).toContain("Hola, Eva Ruiz:");
    expect(mail!.text).toContain("Ábrelo en Learnward:\nhttp://localhost:3000/plans/1");
    expect(mail!.html).toContain('lang="es"');
    expect(mail!.html).toContain("vence el 5 de diciembre de 2026");
    for (const part of [mail!.subject, mail!.text, mail!.html!]) expect(part).not.toContain("2026-12-05");
  });

  it("writes English dates as an English reader reads them", async () => {
    const en = await addPerson(t, { company: company.id, role: "member" });
    await assignPlan(en.id);
    const [mail] = await t.mails(en.email);
    expect(mail!.subject).toBe("New plan for you: Data literacy (due 5 December 2026)");
    expect(mail!.html).toContain('lang="en"');
  });

  it("invites in the inviter's language, with the link's last day written out", async () => {
    const hr = await addPerson(t, { company: company.id, role: "hr" });
    await speaksSpanish(hr.id);
    const invitee = `invitee-${Date.now()}@example.test`;
    expect((await hr.client.post("/api/b2b/v1/invitations", { email: invitee, role: "member" })).status).toBe(201);
    const [mail] = await t.mails(invitee);
    expect(mail!.subject).toBe(`Te invitan a unirte a ${company.name} en Learnward`);
    expect(mail!.text).toMatch(/válido una sola vez, hasta el \d{1,2} de [a-z]+ de \d{4}/);
    expect(mail!.text).not.toMatch(/Open this link|\d{4}-\d{2}-\d{2}/);
  });
});

describe("HTML beside plain text", () => {
  it("shows a hostile name as text in the HTML part, never as markup", async () => {
    const p = await addPerson(t, { company: company.id, role: "member", name: HOSTILE });
    await assignPlan(p.id);
    const [mail] = await t.mails(p.email);
    expect(mail!.html).toContain("Hello &lt;img src=x onerror=alert(1)&gt;,");
    expect(mail!.html).not.toContain("<img src=x");
    expect(mail!.text).toContain(`Hello ${HOSTILE},`);
  });

  it("escapes the inviter's name in an invitation", async () => {
    const hr = await addPerson(t, { company: company.id, role: "hr", name: HOSTILE });
    const invitee = `hostile-${Date.now()}@example.test`;
    expect((await hr.client.post("/api/b2b/v1/invitations", { email: invitee, role: "member" })).status).toBe(201);
    const [mail] = await t.mails(invitee);
    expect(mail!.html).toContain("&lt;img src=x onerror=alert(1)&gt; has invited you");
    expect(mail!.html).not.toContain("<img src=x");
  });

  it("carries the same links in the plain-text part as in the HTML part", async () => {
    const hr = await addPerson(t, { company: company.id, role: "hr" });
    const invitee = `links-${Date.now()}@example.test`;
    expect((await hr.client.post("/api/b2b/v1/invitations", { email: invitee, role: "member" })).status).toBe(201);
    const [invitation] = await t.mails(invitee);
    const links = hrefs(invitation!.html!);
    expect(links).toHaveLength(1);
    expect(links[0]).toMatch(/^http:\/\/localhost:3000\/invitation\/[A-Za-z0-9_-]+$/);
    expect(invitation!.text).toContain(`\n${links[0]}\n`);

    const p = await addPerson(t, { company: company.id, role: "member" });
    await assignPlan(p.id);
    const [notification] = await t.mails(p.email);
    const both = hrefs(notification!.html!);
    expect(both).toEqual(["http://localhost:3000/plans/1", expect.stringMatching(/^http:\/\/localhost:3000\/unsubscribe\//)]);
    for (const link of both) expect(notification!.text).toContain(`\n${link}\n`);
  });
});
