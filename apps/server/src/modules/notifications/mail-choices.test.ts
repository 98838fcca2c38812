import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { addPerson, createCompany, type Person } from "../../../test/factories.ts";
import { accounts, notifications, outbox } from "../../db/schema/index.ts";

// Mail per person: each person chooses how each kind reaches them by mail (at once, a
// daily or weekly digest, or not at all), and every mail can be turned off in one click.
let t: TestContext;
let company: number;
beforeAll(async () => {
  t = await createTestContext({ seed: false });
  company = (await createCompany(t)).id;
});
afterAll(() => t.close());

const plan = (to: Person, title = "Data literacy") =>
  t.database.db.transaction((tx) =>
    t.app.notifier.notify(tx, { to: [to.id], companyId: company, kind: "plan_assigned", params: { plan: title, due_on: "2026-12-24" }, link: "/plans/1" }),
  );
const decided = (to: Person, title: string) =>
  t.database.db.transaction((tx) =>
    t.app.notifier.notify(tx, {
      to: [to.id],
      companyId: company,
      kind: "purchase_request_decided",
      params: { title, status: "approved" },
      link: "/budgetingPlan/purchaseRequest",
    }),
  );
const digest = async (frequency: "daily" | "weekly") => {
  await t.app.jobs.send(`notifications.digest.${frequency}`, {});
  await t.app.jobs.drain();
};
/** The newest outbox row to a person, headers included (as an operator reads it). */
const lastMail = async (to: string) => (await t.database.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id)).limit(1))[0];
const tokenIn = (text: string) => text.match(/\/unsubscribe\/([A-Za-z0-9~_-]+)/)![1]!;

describe("GET and PUT /api/me/notification-settings", () => {
  it("refuses callers without a session", async () => {
    expect((await t.anonymous.get("/api/me/notification-settings")).status).toBe(401);
    expect((await t.anonymous.put("/api/me/notification-settings", { plan_assigned: "off" })).status).toBe(401);
  });

  it("answers every kind, immediately until the person chooses otherwise", async () => {
    const p = await addPerson(t, { company, role: "member" });
    const res = await p.client.get("/api/me/notification-settings");
    expect(res.status).toBe(200);
    expect(res.body.plan_assigned).toBe("immediately");
    expect(Object.values(res.body).every((v) => v === "immediately")).toBe(true);
    expect(Object.keys(res.body)).toContain("path_changed");
  });

  it("changes only the kinds sent, and only the caller's own", async () => {
    const p = await addPerson(t, { company, role: "member" });
    const other = await addPerson(t, { company, role: "member" });
    const res = await p.client.put("/api/me/notification-settings", { plan_assigned: "daily", path_changed: "off" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ plan_assigned: "daily", path_changed: "off", plan_overdue: "immediately" });
    expect((await p.client.put("/api/me/notification-settings", { plan_assigned: "weekly" })).body).toMatchObject({
      plan_assigned: "weekly",
      path_changed: "off",
    });
    expect((await p.client.get("/api/me/notification-settings")).body).toMatchObject({ plan_assigned: "weekly", path_changed: "off" });
    expect((await other.client.get("/api/me/notification-settings")).body).toMatchObject({ plan_assigned: "immediately", path_changed: "immediately" });
  });

  it("refuses an unknown kind or frequency with a 400 and changes nothing", async () => {
    const p = await addPerson(t, { company, role: "member" });
    for (const body of [{ plan_assigned: "hourly" }, { no_such_kind: "off" }, { plan_assigned: "off", bogus: "daily" }, []]) {
      const res = await p.client.put("/api/me/notification-settings", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe("validation_error");
    }
    expect((await p.client.get("/api/me/notification-settings")).body.plan_assigned).toBe("immediately");
  });
});

describe("digests", () => {
  it("gathers the daily kinds in one mail, leaves the immediate ones to their own mail, and sends it once", async () => {
    const p = await addPerson(t, { company, role: "member", name: "Dana Daily" });
    await p.client.put("/api/me/notification-settings", { plan_assigned: "daily", purchase_request_decided: "daily", path_changed: "weekly" });
    await plan(p, "Data literacy");
    await decided(p, "SQL course");
    await t.database.db.transaction((tx) =>
      t.app.notifier.notify(tx, {
        to: [p.id],
        companyId: company,
        kind: "plan_overdue",
        params: { plan: "Security basics", due_on: "2026-11-01" },
        link: "/plans/2",
      }),
    );
    // Only the immediate kind is mailed at once.
    expect((await t.mails(p.email)).map((m) => m.subject)).toEqual(["Security basics is overdue (it was due 1 November 2026)"]);

    await digest("daily");
    const mails = await t.mails(p.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe("Your daily digest: 2 notifications");
    expect(mails[1]!.text).toContain("Hello Dana Daily,");
    expect(mails[1]!.text).toContain(" * New plan for you: Data literacy (due 24 December 2026)\n   http://localhost:3000/plans/1");
    expect(mails[1]!.text).toContain(" * Your request for SQL course was approved\n   http://localhost:3000/budgetingPlan/purchaseRequest");
    expect(mails[1]!.text).not.toContain("Security basics");
    const rows = await t.database.db.select().from(notifications).where(eq(notifications.accountId, p.id));
    expect(rows.every((n) => n.mailedAt !== null)).toBe(true);

    // A rerun (or the weekly one, with nothing weekly waiting) sends nothing.
    await digest("daily");
    await digest("weekly");
    expect(await t.mails(p.email)).toHaveLength(2);
  });

  it("gathers the weekly kinds in the weekly digest only, in the person's language", async () => {
    const p = await addPerson(t, { company, role: "member", name: "Eva" });
    await t.database.db.update(accounts).set({ locale: "es" }).where(eq(accounts.id, p.id));
    await p.client.put("/api/me/notification-settings", { plan_assigned: "weekly" });
    await plan(p, "Datos");
    await plan(p, "Seguridad");
    await digest("daily");
    expect(await t.mails(p.email)).toHaveLength(0);
    await digest("weekly");
    const mails = await t.mails(p.email);
    expect(mails.map((m) => m.subject)).toEqual(["Tu resumen semanal: 2 notificaciones"]);
    expect(mails[0]!.text).toContain("Hola, Eva:");
    expect(mails[0]!.text).toContain(" * Tienes un plan nuevo: Datos (vence el 24 de diciembre de 2026)");
    expect(mails[0]!.text).toContain(" * Tienes un plan nuevo: Seguridad (vence el 24 de diciembre de 2026)");
    expect(mails[0]!.text).toContain("¿No quieres este resumen semanal? Desactívalo aquí:");
  });

  it("sends no digest when nothing waits, and none for a kind turned off", async () => {
    const p = await addPerson(t, { company, role: "member" });
    await p.client.put("/api/me/notification-settings", { plan_assigned: "off", path_changed: "daily" });
    await plan(p);
    await digest("daily");
    await digest("weekly");
    expect(await t.mails(p.email)).toHaveLength(0);
  });
});

describe("one-click unsubscribe", () => {
  it("puts List-Unsubscribe headers and a link to the page on every notification mail", async () => {
    const p = await addPerson(t, { company, role: "member" });
    await plan(p);
    await t.mails(p.email);
    const mail = (await lastMail(p.email))!;
    const token = tokenIn(mail.text);
    // A page address ending in ".something" is served as a file, never as the app's page.
    expect(token).not.toContain(".");
    expect(mail.text).toContain(`Don't want these emails? Turn them off:\nhttp://localhost:3000/unsubscribe/${token}`);
    expect(mail.headers).toEqual({
      "List-Unsubscribe": `<http://localhost:3000/api/unsubscribe/${token}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
  });

  it("turns the kind off for that person when the mail client POSTs, and the next one is not mailed", async () => {
    const p = await addPerson(t, { company, role: "member" });
    await plan(p);
    await t.mails(p.email);
    const mail = (await lastMail(p.email))!;
    const url = mail.headers!["List-Unsubscribe"]!.slice(1, -1).replace("http://localhost:3000", "");
    // What a mail client sends (RFC 8058): a form body, no session.
    const res = await t.app.inject({
      method: "POST",
      url,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ kinds: ["plan_assigned"] });
    expect((await p.client.get("/api/me/notification-settings")).body).toMatchObject({ plan_assigned: "off", plan_overdue: "immediately" });
    await plan(p, "Another plan");
    expect(await t.mails(p.email)).toHaveLength(1);
  });

  it("turns off every kind a digest gathers from the digest's link", async () => {
    const p = await addPerson(t, { company, role: "member" });
    await p.client.put("/api/me/notification-settings", { plan_assigned: "daily", path_changed: "daily", plan_overdue: "weekly" });
    await plan(p);
    await digest("daily");
    const mail = (await lastMail(p.email))!;
    expect(mail.headers!["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const res = await t.anonymous.post(`/api/unsubscribe/${tokenIn(mail.text)}`);
    expect(res.status).toBe(200);
    expect(res.body.kinds.sort()).toEqual(["path_changed", "plan_assigned"]);
    expect((await p.client.get("/api/me/notification-settings")).body).toMatchObject({ plan_assigned: "off", path_changed: "off", plan_overdue: "weekly" });
  });

  it("refuses a forged or tampered token with a 400 and changes nothing", async () => {
    const p = await addPerson(t, { company, role: "member" });
    const other = await addPerson(t, { company, role: "member" });
    await plan(p);
    await t.mails(p.email);
    const token = tokenIn((await lastMail(p.email))!.text);
    const [, kind, signature] = token.split("~");
    for (const bad of [
      `${other.id}.${kind}.${signature}`,
      `${p.id}.plan_overdue.${signature}`,
      `${p.id}.${kind}.${signature!.slice(0, -2)}xx`,
      "nonsense",
      `${p.id}.${kind}`,
    ]) {
      const res = await t.anonymous.post(`/api/unsubscribe/${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.error.code).toBe("invalid_token");
    }
    expect(Object.values((await p.client.get("/api/me/notification-settings")).body).every((v) => v === "immediately")).toBe(true);
    expect(Object.values((await other.client.get("/api/me/notification-settings")).body).every((v) => v === "immediately")).toBe(true);
  });
});
