import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { openDatabase, type Database } from "../db/client.ts";
import { outbox } from "../db/schema/index.ts";
import { createTestContext, type TestContext } from "../../test/helpers.ts";
import { freshDatabase } from "../../test/test-database.ts";
import { addSignedOutPerson, createCompany, createCompanyWithRoles } from "../../test/factories.ts";
import { startSmtpServer } from "../../test/smtp.ts";
import { createJobs, type Jobs } from "./jobs.ts";
import { createMailer, createTransport, type Mail, type MailTransport } from "./mailer.ts";

// Mail leaves through jobs that survive restarts, retry with backoff, run once, and never
// hold up the answer of the request that sent them.

const rows = async (database: Database) => (await database.db.select().from(outbox)).map((m) => m.to);
const mail = (to: string): Mail => ({ to, subject: "Hello", text: "Hi" });
const queue = async (database: Database, transport?: MailTransport) => {
  const jobs = createJobs({ database, work: false, onError: () => {} });
  const mailer = createMailer({ db: database.db, jobs, transport: transport ?? createTransport({ db: database.db, from: "t@learnward.local" }) });
  await jobs.start();
  return { jobs, mailer };
};
/** What pg-boss holds for the mail queue, newest first. */
const mailJobs = async (database: Database, to: string) =>
  (
    await database.executeSql(
      "select state, start_after > now() + interval '20 seconds' as later from pgboss.job where name = 'mail.deliver' and data->>'to' = $1 order by created_on desc",
      [to],
    )
  ).rows as Array<{ state: string; later: boolean }>;

describe("a request that sends mail", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ seed: false });
  });
  afterAll(() => t.close());

  it("answers before the mail is delivered: the invitation waits in the queue until a worker runs it", async () => {
    const w = await createCompanyWithRoles(t);
    const res = await w.hr.client.post("/api/b2b/v1/invitations/", { email: `new.hire@${w.company.domain}`, role: "member" });
    expect(res.status).toBe(201);
    expect(await rows(t.database)).not.toContain(`new.hire@${w.company.domain}`);
    expect(await t.app.jobs.drain()).toBeGreaterThanOrEqual(1);
    expect(await rows(t.database)).toContain(`new.hire@${w.company.domain}`);
  });

  it("answers while the SMTP relay holds the message, which arrives once released", async () => {
    const smtp = await startSmtpServer({ hold: true });
    const ctx = await createTestContext({ seed: false, env: { SMTP_URL: smtp.url, JOBS_WORK: "true" } });
    try {
      const member = await addSignedOutPerson(ctx, { company: (await createCompany(ctx)).id, role: "member" });
      const res = await ctx.anonymous.post("/api/auth/request-password-reset", { email: member.email, redirectTo: "/reset-password" });
      expect(res.status).toBe(200);
      smtp.release();
      await expect.poll(() => smtp.received.length, { timeout: 15_000, interval: 100 }).toBe(1);
      expect(smtp.received[0]).toContain(`To: ${member.email}`);
    } finally {
      await ctx.close();
      await smtp.close();
    }
  });
});

describe("the mail job", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({});
  });
  afterAll(() => database.close());

  it("retries a failed delivery later, with a growing delay, and then delivers it", async () => {
    let attempts = 0;
    const flaky: MailTransport = {
      kind: "outbox",
      deliver: async (m) => {
        if (++attempts === 1) throw new Error("relay down");
        await createTransport({ db: database.db, from: "t@x" }).deliver(m);
      },
    };
    const { jobs, mailer } = await queue(database, flaky);
    await mailer.send(mail("retry@x.test"));
    expect(await jobs.drain()).toBe(1);
    expect(await rows(database)).not.toContain("retry@x.test");
    expect((await mailJobs(database, "retry@x.test"))[0]).toMatchObject({ state: "retry", later: true });
    expect(await jobs.drain()).toBe(0); // not due yet
    await database.executeSql("update pgboss.job set start_after = now() - interval '1 second' where name = 'mail.deliver' and data->>'to' = $1", [
      "retry@x.test",
    ]);
    expect(await jobs.drain()).toBe(1);
    expect(await rows(database)).toContain("retry@x.test");
    await jobs.stop();
  });

  it("sends one mail when the same job runs twice (a worker lost after sending)", async () => {
    const { jobs, mailer } = await queue(database);
    await mailer.send(mail("twice@x.test"));
    await jobs.drain();
    await database.executeSql("update pgboss.job set state = 'created', completed_on = null where name = 'mail.deliver' and data->>'to' = $1", [
      "twice@x.test",
    ]);
    expect(await jobs.drain()).toBeGreaterThanOrEqual(1);
    expect((await rows(database)).filter((to) => to === "twice@x.test")).toHaveLength(1);
    await jobs.stop();
  });

  it("sends one mail for two sends with the same key", async () => {
    const { jobs, mailer } = await queue(database);
    await mailer.send(mail("keyed@x.test"), { key: "reminder:plan:1:person:2:7d" });
    await mailer.send(mail("keyed@x.test"), { key: "reminder:plan:1:person:2:7d" });
    expect(await jobs.drain()).toBe(2);
    expect((await rows(database)).filter((to) => to === "keyed@x.test")).toHaveLength(1);
    await jobs.stop();
  });

  it("is not sent when the transaction that queued it rolls back", async () => {
    const { jobs, mailer } = await queue(database);
    await expect(
      database.db.transaction(async (tx) => {
        await mailer.send(mail("rolled.back@x.test"), { tx });
        throw new Error("the write failed");
      }),
    ).rejects.toThrow("the write failed");
    await database.db.transaction(async (tx) => {
      await mailer.send(mail("committed@x.test"), { tx });
    });
    await jobs.drain();
    expect(await rows(database)).toContain("committed@x.test");
    expect(await rows(database)).not.toContain("rolled.back@x.test");
    await jobs.stop();
  });
});

describe("jobs survive a restart", () => {
  it("delivers, after the server starts again, mail queued before it stopped", async () => {
    const dataDir = path.join(os.tmpdir(), `lw-jobs-${randomUUID()}`);
    try {
      const first = await openDatabase({ dataDir });
      const before = await queue(first);
      await before.mailer.send(mail("after.restart@x.test"));
      await before.jobs.stop();
      await first.close();

      const second = await openDatabase({ dataDir });
      const after = await queue(second);
      expect(await rows(second)).not.toContain("after.restart@x.test");
      expect(await after.jobs.drain()).toBe(1);
      expect(await rows(second)).toContain("after.restart@x.test");
      await after.jobs.stop();
      await second.close();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

// Whether a job with a label waits is asked of the job queue (chat and the copilot's learning gather
// bursts with it), the one place that knows pg-boss's tables: asked while the queue is still being
// set up on a fresh database, it waits for the set-up rather than fail on tables not there yet.
describe("a job queue asked whether a job waits", () => {
  it("answers for a label, also while it is still starting on a fresh database", async () => {
    const database = await openDatabase({ dataDir: undefined });
    try {
      const jobs = createJobs({ database, work: false, onError: () => {} });
      jobs.define({ name: "test.echo", data: z.object({ n: z.number() }), run: async () => {} });
      void jobs.start();
      expect(await jobs.waiting(database.db, "test.echo", "k1")).toBe(false);
      await jobs.send("test.echo", { n: 1 }, { singletonKey: "k1", startAfter: Date.now() + 60_000 });
      expect(await jobs.waiting(database.db, "test.echo", "k1")).toBe(true);
      expect(await jobs.waiting(database.db, "test.echo", "k2")).toBe(false);
      await jobs.stop();
    } finally {
      await database.close();
    }
  });

  it("counts a job waiting out its backoff only when asked to", async () => {
    const database = await openDatabase({ dataDir: undefined });
    try {
      const jobs = createJobs({ database, work: false, onError: () => {} });
      jobs.define({
        name: "test.failing",
        data: z.object({}),
        retryDelay: 60,
        run: async () => {
          throw new Error("down");
        },
      });
      await jobs.start();
      await jobs.send("test.failing", {}, { singletonKey: "k1" });
      expect(await jobs.drain()).toBe(1);
      expect(await jobs.waiting(database.db, "test.failing", "k1")).toBe(false);
      expect(await jobs.waiting(database.db, "test.failing", "k1", { retrying: true })).toBe(true);
      await jobs.stop();
    } finally {
      await database.close();
    }
  });
});

// PGlite serves one process; PostgreSQL serves several, and each job must be taken by one of them.
describe.runIf(process.env.DATABASE_URL)("several server processes on one PostgreSQL", () => {
  let t: TestContext;
  let workers: Jobs[] = [];
  beforeAll(async () => {
    t = await createTestContext({ seed: false });
  });
  afterAll(async () => {
    await Promise.all(workers.map((w) => w.stop()));
    await t.close();
  });

  it("delivers each of 40 mails exactly once with two working processes", async () => {
    const url = new URL(process.env.DATABASE_URL!);
    const name = (await t.database.db.execute(sql`select current_database() as name`)) as { rows: Array<{ name: string }> };
    url.pathname = `/${name.rows[0]!.name}`;
    const processes = await Promise.all([0, 1].map(() => openDatabase({ url: url.toString(), poolSize: 4 })));
    const delivered: string[] = [];
    workers = processes.map((database) => {
      const jobs = createJobs({ database, work: true, pollSeconds: 0.5, onError: () => {} });
      createMailer({ db: database.db, jobs, transport: { kind: "outbox", deliver: async (m) => void delivered.push(m.to) } });
      return jobs;
    });
    await Promise.all(workers.map((w) => w.start()));
    const { jobs, mailer } = await queue(t.database);
    for (let i = 0; i < 40; i++) await mailer.send(mail(`p${i}@x.test`));
    // Done when the queue holds none of the 40 any more (each completed, none waiting for a retry) and
    // both workers have stopped, finishing what they had taken: nothing can deliver after that.
    const unfinished = async () =>
      Number((await t.database.executeSql("select count(*) as n from pgboss.job where name = 'mail.deliver' and state <> 'completed'", [])).rows[0].n);
    // The limit guards a hang only; a mail delivered twice shows in the count below, whenever it happened.
    await expect.poll(unfinished, { timeout: 240_000, interval: 200 }).toBe(0);
    await Promise.all(workers.map((w) => w.stop()));
    expect(new Set(delivered).size).toBe(40);
    expect(delivered).toHaveLength(40);
    await jobs.stop();
    workers = [];
    await Promise.all(processes.map((p) => p.close()));
  });
});

// A worker polls every few seconds; a backlog (a fan-out's mails, a morning's reminders) must not
// wait one polling round per job, and one job that fails must not fail the ones fetched with it.
describe("a working process with a backlog", () => {
  it("runs every waiting job without waiting a polling round for each, and retries only the one that failed", async () => {
    const database = await openDatabase({});
    const ran: number[] = [];
    let tries = 0;
    // A polling round of a minute: only jobs fetched right at the start can run within the test.
    const jobs = createJobs({ database, work: true, pollSeconds: 60, onError: () => {} });
    jobs.define({
      name: "test.backlog",
      data: z.object({ n: z.number() }),
      retryDelay: 30,
      async run({ n }) {
        if (n === 3 && tries++ === 0) throw new Error("the relay said no");
        ran.push(n);
      },
    });
    const sender = createJobs({ database, work: false, onError: () => {} });
    sender.define({ name: "test.backlog", data: z.object({ n: z.number() }), run: async () => {} });
    await sender.start();
    for (let n = 0; n < 45; n++) await sender.send("test.backlog", { n });
    try {
      await jobs.start();
      await expect.poll(() => ran.filter((n) => n !== 3).length, { timeout: 10_000, interval: 100 }).toBe(44);
      const states = (await database.executeSql("select data->>'n' as n, state from pgboss.job where name = 'test.backlog' and data->>'n' = '3'", []))
        .rows as Array<{ state: string }>;
      expect(states.map((s) => s.state)).toEqual(["retry"]);
    } finally {
      await jobs.stop();
      await sender.stop();
      await database.close();
    }
  });
});

// pg-boss 11 and later cannot migrate pg-boss 10's tables, which every database the app ran on until
// now holds. Starting on such a database keeps what was still to run there: the jobs waiting, those
// waiting for a retry, and one that was running when that process stopped, run once each.
describe("a database a pg-boss 10 release worked on", () => {
  it("runs, once each, the jobs it still had to run, and works on as a fresh one does", async () => {
    const { database, drop } = await freshDatabase();
    try {
      await database.executeSql(fs.readFileSync(path.join(import.meta.dirname, "../../test/fixtures/pgboss-v10.sql"), "utf8"));
      await database.executeSql(`
        select pgboss.create_queue('test.carried', '{"policy": "standard", "retryLimit": 5, "retryDelay": 30, "retryBackoff": true}');
        select pgboss.create_queue('test.retired', '{"policy": "standard"}');
        insert into pgboss.job (name, data, state, retry_count, start_after, singleton_key) values
          ('test.carried', '{"n": 1}', 'created', 0, now() - interval '1 minute', 'first'),
          ('test.carried', '{"n": 2}', 'retry', 1, now() - interval '1 minute', null),
          ('test.carried', '{"n": 3}', 'active', 0, now() - interval '1 minute', null),
          ('test.carried', '{"n": 4}', 'completed', 0, now() - interval '1 hour', null),
          ('test.carried', '{"n": 5}', 'created', 0, now() + interval '1 hour', 'later'),
          ('test.retired', '{"n": 6}', 'created', 0, now() - interval '1 minute', null);
      `);
      const ran: number[] = [];
      const jobs = createJobs({ database, work: false, onError: () => {} });
      jobs.define({ name: "test.carried", data: z.object({ n: z.number() }), run: async ({ n }) => void ran.push(n) });
      await jobs.start();
      expect(await jobs.drain()).toBe(3);
      expect(ran.sort()).toEqual([1, 2, 3]);
      expect(await jobs.waiting(database.db, "test.carried", "later")).toBe(true);
      await jobs.send("test.carried", { n: 7 });
      expect(await jobs.drain()).toBe(1);
      expect(ran).toContain(7);
      await jobs.stop();

      // Started again, nothing runs twice.
      const again = createJobs({ database, work: false, onError: () => {} });
      again.define({ name: "test.carried", data: z.object({ n: z.number() }), run: async ({ n }) => void ran.push(n) });
      await again.start();
      expect(await again.drain()).toBe(0);
      await again.stop();
      expect(ran.sort()).toEqual([1, 2, 3, 7]);
    } finally {
      await database.close();
      await drop();
    }
  });
});
