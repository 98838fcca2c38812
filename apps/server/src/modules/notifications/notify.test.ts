import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { addPerson, createCompany } from "../../../test/factories.ts";
import { accounts, notificationPreferences, notifications } from "../../db/schema/index.ts";
import type { Notifier } from "./notifications.service.ts";

// Telling a person writes their notification and mails it in their language, once.
let t: TestContext;
let notify: Notifier["notify"];
let company: number;
beforeAll(async () => {
  t = await createTestContext({ seed: false });
  company = (await createCompany(t)).id;
  // The app's own notifier: its mail job is defined on the app's queue.
  notify = t.app.notifier.notify;
});
afterAll(() => t.close());

const notice = (to: number[], key?: string) => ({
  to,
  companyId: company,
  kind: "plan_assigned" as const,
  params: { plan: "Data literacy", by: "Tina Lead", due_on: "2026-12-24" },
  link: "/plans/1",
  key,
});

describe("notify", () => {
  it("writes one notification per person and mails each in their language", async () => {
    const en = await addPerson(t, { company, role: "member" });
    const es = await addPerson(t, { company, role: "member" });
    await t.database.db.update(accounts).set({ locale: "es" }).where(eq(accounts.id, es.id));
    await t.database.db.transaction((tx) => notify(tx, notice([en.id, es.id, en.id])));
    expect(await t.database.db.select().from(notifications).where(eq(notifications.accountId, en.id))).toHaveLength(1);
    expect((await t.mails(en.email)).map((m) => m.subject)).toEqual(["New plan for you: Data literacy (due 24 December 2026)"]);
    expect((await t.mails(es.email)).map((m) => m.subject)).toEqual(["Tienes un plan nuevo: Data literacy (vence el 24 de diciembre de 2026)"]);
    expect((await t.mails(en.email))[0]!.text).toContain("http://localhost:3000/plans/1");
  });

  it("tells a person once per key, however often the same notice is given", async () => {
    const p = await addPerson(t, { company, role: "member" });
    for (let i = 0; i < 3; i++) await t.database.db.transaction((tx) => notify(tx, notice([p.id], "plan:1:7d")));
    expect(await t.database.db.select().from(notifications).where(eq(notifications.accountId, p.id))).toHaveLength(1);
    expect(await t.mails(p.email)).toHaveLength(1);
  });

  it("mails nothing for a kind the person turned off, but still shows it", async () => {
    const p = await addPerson(t, { company, role: "member" });
    await t.database.db.insert(notificationPreferences).values({ accountId: p.id, kind: "plan_assigned", mail: "off" });
    await t.database.db.transaction((tx) => notify(tx, notice([p.id])));
    expect(await t.mails(p.email)).toHaveLength(0);
    expect(await t.database.db.select().from(notifications).where(eq(notifications.accountId, p.id))).toHaveLength(1);
  });

  it("tells nobody when the write that notified rolls back", async () => {
    const p = await addPerson(t, { company, role: "member" });
    await expect(
      t.database.db.transaction(async (tx) => {
        await notify(tx, notice([p.id]));
        throw new Error("the write failed");
      }),
    ).rejects.toThrow();
    expect(await t.database.db.select().from(notifications).where(eq(notifications.accountId, p.id))).toHaveLength(0);
    expect(await t.mails(p.email)).toHaveLength(0);
  });

  it("sends a notification's mail once even when its mail job runs twice", async () => {
    const p = await addPerson(t, { company, role: "member" });
    await t.database.db.transaction((tx) => notify(tx, notice([p.id])));
    await t.app.jobs.drain();
    await t.database.executeSql("update pgboss.job set state = 'created', completed_on = null where name = 'notifications.mail'");
    expect(await t.mails(p.email)).toHaveLength(1);
  });
});
