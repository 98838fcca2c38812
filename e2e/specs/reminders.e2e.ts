import { randomUUID } from "node:crypto";
import pg from "pg";
import { PgBoss } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer } from "../harness.mjs";

// With the clock moved past a reminder point, the reminder job sends exactly
// one mail even with two server processes running. Two real servers on one PostgreSQL database (CI's
// PG_TEST_URL, or DATABASE_URL), both working jobs, with the demo seed's "Present your work" (due in
// 7 days) and the clock moved 6 days: member@acme.test is due tomorrow. Skipped without PostgreSQL
// (the embedded database is one process's alone).
const PG_URL = process.env.PG_TEST_URL ?? process.env.DATABASE_URL;
const MEMBER = "member@acme.test";

describe.runIf(PG_URL)("deadline reminders with two server processes", () => {
  const servers: Array<{ stop: () => Promise<void> }> = [];
  const name = `lw_e2e_reminders_${randomUUID().replace(/-/g, "").slice(0, 12)}`;
  const url = new URL(PG_URL ?? "postgres://unused");
  url.pathname = `/${name}`;
  // One client, not a pool: a pool's end() resolves before its connections have closed, and the
  // forced drop below then ends them under it, an error the pool throws with no one to catch it.
  // A client's end() waits for the server to close the connection.
  const db = new pg.Client({ connectionString: url.toString() });

  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    await admin(`create database ${name}`);
    await db.connect();
    const saved = { DATABASE_URL: process.env.DATABASE_URL, CLOCK_OFFSET_DAYS: process.env.CLOCK_OFFSET_DAYS };
    Object.assign(process.env, { DATABASE_URL: url.toString(), CLOCK_OFFSET_DAYS: "6" });
    try {
      // One after the other: the first migrates and seeds the empty database, the second finds it ready.
      servers.push(await startServer("reminders-server-1.log"));
      servers.push(await startServer("reminders-server-2.log"));
    } finally {
      for (const [key, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
    }
  }, 300_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await db.end();
    // An autovacuum worker on the database (after the seed's writes) can't be ended by a
    // non-superuser: the drop answers 42501 until it finishes, a moment later.
    for (let attempt = 1; ; attempt++) {
      try {
        await admin(`drop database if exists ${name} with (force)`);
        break;
      } catch (err) {
        if ((err as { code?: string }).code !== "42501" || attempt === 40) throw err;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  }, 60_000);

  const reminderMails = async () =>
    (await db.query<{ subject: string }>(`select subject from outbox where "to" = $1 and subject like '%is due%' order by id`, [MEMBER])).rows.map(
      (r) => r.subject,
    );
  const unfinishedJobs = async () =>
    Number((await db.query<{ n: string }>(`select count(*) as n from pgboss.job where state in ('created', 'retry', 'active')`)).rows[0]!.n);

  it("sends the member's due-tomorrow reminder exactly once", { timeout: 180_000 }, async () => {
    // What the schedule does every 15 minutes, several times at once: each server takes one.
    const boss = new PgBoss({ connectionString: url.toString(), schema: "pgboss", supervise: false, schedule: false, migrate: false });
    await boss.start();
    for (let i = 0; i < 4; i++) await boss.send("network.plan_reminders", {});
    await boss.stop({ graceful: false });

    await expect.poll(reminderMails, { timeout: 120_000, interval: 500 }).toContain("Present your work is due tomorrow");
    await expect.poll(unfinishedJobs, { timeout: 60_000, interval: 500 }).toBe(0);
    // Both servers stopped, each finishing what it had taken: nothing writes the outbox after this.
    await Promise.all(servers.map((s) => s.stop()));
    expect(await reminderMails()).toEqual(["Present your work is due tomorrow"]);
  });
});
