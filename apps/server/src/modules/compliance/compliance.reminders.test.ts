import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq, like } from "drizzle-orm";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { certificateWorld } from "../../../test/certificates-world.ts";
import { notifications } from "../../db/schema/index.ts";
import { inDays } from "../../../test/dates.ts";

// The daily compliance job: a person is reminded 7 days and 1 day before a required path is due,
// and 30 and 7 days before the certificate of a recurring one expires; each point once, however
// often the job runs.
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ seed: false });
});
afterEach(() => t.app.clock.setOffsetDays(0));
afterAll(() => t.close());

const DAY_MS = 86_400_000;
const written = (day: string) => new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));

/** Runs the job as its daily schedule would, on a day `days` from today. */
const runOn = async (days: number) => {
  t.app.clock.setOffsetDays(days);
  await t.app.jobs.send("compliance.reminders", {});
  await t.app.jobs.drain();
};

/** The person's compliance notifications in the bell, oldest first. */
const bell = async (accountId: number) =>
  (
    await t.database.db
      .select({ kind: notifications.kind, params: notifications.params })
      .from(notifications)
      .where(and(eq(notifications.accountId, accountId), like(notifications.key, "compliance:%")))
      .orderBy(asc(notifications.id))
  ).map((n) => `${n.kind}:${(n.params as { days: number }).days}`);

async function required(opts: { due_days: number; every_months?: number | null }) {
  const w = await certificateWorld(t);
  await w.requireOfTeam({ due_days: opts.due_days, every_months: opts.every_months ?? null });
  return w;
}

describe("compliance reminders", () => {
  it("tells the team 7 days and 1 day before the due day, once each however often the job runs, by bell and mail", async () => {
    const w = await required({ due_days: 10 });
    await runOn(2); // 8 days before: nothing yet
    expect(await bell(w.member.id)).toEqual([]);
    await runOn(3);
    await runOn(3);
    await runOn(5);
    expect(await bell(w.member.id)).toEqual(["compliance_due_soon:7"]);
    expect(await bell(w.teamleader.id)).toEqual(["compliance_due_soon:7"]);
    await runOn(9);
    await runOn(9);
    await runOn(10); // the due day itself: no point falls
    expect(await bell(w.member.id)).toEqual(["compliance_due_soon:7", "compliance_due_soon:1"]);
    const subjects = (await t.mails(w.member.email)).map((m) => m.subject).filter((s) => s.startsWith("Required"));
    expect(subjects).toEqual([`Required: complete SQL basics by ${written(inDays(10))}`, `Required: complete SQL basics by ${written(inDays(10))}`]);
    expect(await bell(w.ldleader.id)).toEqual([]);
  });

  it("reminds nobody who has completed the path", async () => {
    const w = await required({ due_days: 5 });
    await w.finish();
    for (const day of [0, 4]) await runOn(day);
    expect(await bell(w.member.id)).toEqual([]);
  });

  it("tells the holder 30 and 7 days before the certificate of a yearly path expires, once each", async () => {
    const w = await required({ due_days: 5, every_months: 12 });
    await w.finish();
    const expiresOn = (await w.member.client.get("/api/b2b/v1/my-compliance/")).body.results[0].expires_on as string;
    const until = Math.round((Date.parse(`${expiresOn}T00:00:00Z`) - Date.parse(`${inDays(0)}T00:00:00Z`)) / DAY_MS);
    await runOn(until - 31);
    expect(await bell(w.member.id)).toEqual([]);
    await runOn(until - 30);
    await runOn(until - 30);
    await runOn(until - 7);
    await runOn(until - 7);
    expect(await bell(w.member.id)).toEqual(["certificate_expiring:30", "certificate_expiring:7"]);
    const subjects = (await t.mails(w.member.email)).map((m) => m.subject).filter((s) => s.startsWith("Your certificate"));
    expect(subjects).toEqual([
      `Your certificate for SQL basics expires on ${written(expiresOn)}`,
      `Your certificate for SQL basics expires on ${written(expiresOn)}`,
    ]);
  });
});
