import { spawn, type ChildProcess } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { addContent, addPerson, createCompanyWithRoles } from "../../../test/factories.ts";
import { accounts, notifications, outbox } from "../../db/schema/index.ts";
import { HOME_DUE_SOON_DAYS } from "@learnward/contracts";
import { inDays } from "../../../test/dates.ts";

// Deadline reminders (7 days before, the day before, overdue) and the team leader's
// escalation 3 days after, each once per person however often the job runs.
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ seed: false });
});
// The tests of this file share one app: each starts on its real time.
afterEach(() => t.app.clock.setOffsetDays(0));
afterAll(() => t.close());

/** A day as each language's mail writes it: "5 December 2026", "5 de diciembre de 2026". */
const written = (region: "en-GB" | "es-ES", day: string) =>
  new Intl.DateTimeFormat(region, { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));
const inEnglish = (day: string) => written("en-GB", day);
const inSpanish = (day: string) => written("es-ES", day);
/** The reminder mails of a person (the plan's own "new plan" mail left aside), oldest first. */
const REMINDER = /is due|is overdue|days late|vence en|vence mañana|está vencido|días de retraso/;
const reminders = async (email: string) => (await t.mails(email)).filter((m) => REMINDER.test(m.subject));
const subjects = async (email: string) => (await reminders(email)).map((m) => m.subject);

/** Runs the reminders job as its schedule would, on a day `days` from today. */
const runOn = async (days: number) => {
  t.app.clock.setOffsetDays(days);
  await t.app.jobs.send("network.plan_reminders", {});
  await t.app.jobs.drain();
};

/** A company of its own whose team is given a plan (one published article) due in `dueIn` days. */
const teamPlan = async (dueIn: number, title = "Data literacy") => {
  const roles = await createCompanyWithRoles(t, { names: { member: "Mia Member", teamleader: "Tina Lead" } });
  const { company, team, ldleader, member } = roles;
  const article = await addContent(t, { company: company.id, contentType: "article", skills: ["data"] });
  const collectionId = (await ldleader.client.post("/api/b2b/v1/collections/", { title: "Data path", skills: ["data"] })).body.id as number;
  const itemId = (await ldleader.client.post(`/api/b2b/v1/collections/${collectionId}/items/`, { content_id: article.id })).body.id as number;
  const asked = await ldleader.client.post("/api/b2b/v1/publish-requests/", { collection_id: collectionId });
  expect((await ldleader.client.post(`/api/b2b/v1/publish-requests/${asked.body.id}/accept/`, {})).status).toBe(200);
  const created = await ldleader.client.post("/api/b2b/v1/plans/", {
    title,
    deadline: inDays(dueIn),
    skills: { data: { collections: [collectionId] } },
    selectedTeam: [team.id],
  });
  expect(created.status, created.text).toBe(201);
  return { ...roles, planId: created.body.id as number, collectionId, itemId, dueOn: inDays(dueIn), member };
};

describe("deadline reminders", () => {
  it("tells a person 7 days before, the day before and once overdue: one mail each, in their language, however often the job runs", async () => {
    const { company, planId, member, ldleader, dueOn } = await teamPlan(10);
    const es = await addPerson(t, { company: company.id, role: "member" });
    await t.database.db.update(accounts).set({ locale: "es" }).where(eq(accounts.id, es.id));
    expect((await ldleader.client.post(`/api/b2b/v1/plans/${planId}/assignees/`, { selectedAccount: [es.id] })).status).toBe(200);

    await runOn(2); // 8 days before: nothing yet
    expect(await subjects(member.email)).toEqual([]);
    await runOn(3);
    await runOn(3);
    await runOn(5); // still within the 7-day point, already told
    expect(await subjects(member.email)).toEqual([`Data literacy is due in 7 days (${inEnglish(dueOn)})`]);
    expect(await subjects(es.email)).toEqual([`Data literacy vence en 7 días (${inSpanish(dueOn)})`]);
    expect((await reminders(member.email))[0]!.text).toContain("http://localhost:3000/collaborative-network/myTasks");

    await runOn(9);
    await runOn(9);
    await runOn(10); // the deadline day itself: no point falls
    expect((await subjects(member.email)).slice(1)).toEqual(["Data literacy is due tomorrow"]);
    expect((await subjects(es.email)).slice(1)).toEqual(["Data literacy vence mañana"]);

    await runOn(11);
    await runOn(12);
    expect((await subjects(member.email)).slice(2)).toEqual([`Data literacy is overdue (it was due ${inEnglish(dueOn)})`]);
    expect((await subjects(es.email)).slice(2)).toEqual([`Data literacy está vencido (vencía el ${inSpanish(dueOn)})`]);

    // The bell holds the same, once per point.
    const kinds = await t.database.db.select({ kind: notifications.kind }).from(notifications).where(eq(notifications.accountId, member.id));
    expect(kinds.map((n) => n.kind).filter((k) => k !== "plan_assigned")).toEqual(["plan_due_soon", "plan_due_tomorrow", "plan_overdue"]);
  });

  it("sends a plan assigned late only its most recent point", async () => {
    const { member, dueOn } = await teamPlan(1, "Late plan");
    await runOn(0);
    await runOn(0);
    expect(await subjects(member.email)).toEqual(["Late plan is due tomorrow"]);
    await runOn(2);
    expect(await subjects(member.email)).toEqual(["Late plan is due tomorrow", `Late plan is overdue (it was due ${inEnglish(dueOn)})`]);
  });

  it("leaves plans overdue for more than 30 days alone: the feature's first run does not remind people of old plans", async () => {
    const { member, teamleader } = await teamPlan(2, "Old plan");
    await runOn(2 + 31);
    expect(await subjects(member.email)).toEqual([]);
    expect(await subjects(teamleader.email)).toEqual([]);
  });

  it("tells nobody about a finished plan, or one they declined", async () => {
    const { company, team, member, planId, collectionId, itemId, teamleader } = await teamPlan(5, "Finished plan");
    const decliner = await addPerson(t, { company: company.id, role: "member", teamId: team.id });
    expect((await member.client.post(`/api/b2b/v1/collections/${collectionId}/progress/`, { item_id: itemId, done: true })).status).toBe(200);
    expect((await decliner.client.post(`/api/b2b/v1/my-tasks/${planId}/reject/`, {})).status).toBe(200);
    for (const day of [0, 4, 6, 9]) await runOn(day);
    expect(await subjects(member.email)).toEqual([]);
    expect(await subjects(decliner.email)).toEqual([]);
    expect(await subjects(teamleader.email)).toEqual([]);
  });

  it("reminds again when the plan's deadline moves", async () => {
    const { member, ldleader, planId } = await teamPlan(6, "Moved plan");
    await runOn(0);
    expect(await subjects(member.email)).toEqual([`Moved plan is due in 7 days (${inEnglish(inDays(6))})`]);
    expect((await ldleader.client.patch(`/api/b2b/v1/plans/${planId}/`, { deadline: inDays(9) })).status).toBe(200);
    await runOn(3);
    expect((await subjects(member.email)).slice(1)).toEqual([`Moved plan is due in 7 days (${inEnglish(inDays(9))})`]);
  });

  it("shows the plan overdue in My tasks on the same moved clock", async () => {
    const { member, planId } = await teamPlan(2, "Clocked plan");
    const mine = async () => (await member.client.get("/api/b2b/v1/my-tasks/")).body.results.find((r: { plan: { id: number } }) => r.plan.id === planId);
    expect((await mine()).overdue).toBe(false);
    t.app.clock.setOffsetDays(3);
    expect((await mine()).overdue).toBe(true);
  });

  it("counts the plan's people overdue in the L&D leader's insights on the same moved clock", async () => {
    const { ldleader, planId } = await teamPlan(2, "Insightful plan");
    const overdue = async () =>
      ((await ldleader.client.get("/api/b2b/v1/insights")).body.overdue.results as Array<{ plan_id: number }>).filter((r) => r.plan_id === planId).length;
    expect(await overdue()).toBe(0);
    t.app.clock.setOffsetDays(3);
    expect(await overdue()).toBe(1);
  });

  it("puts the plan under Due soon on the member's home on the same moved clock", async () => {
    const { member, planId } = await teamPlan(HOME_DUE_SOON_DAYS + 5, "Homely plan");
    const dueSoon = async () =>
      ((await member.client.get("/api/b2b/v1/home")).body.due_soon.results as Array<{ plan: { id: number } }>).some((r) => r.plan.id === planId);
    expect(await dueSoon()).toBe(false);
    t.app.clock.setOffsetDays(6);
    expect(await dueSoon()).toBe(true);
  });

  it("tells the person's team leader, once, 3 days after the deadline", async () => {
    const { member, teamleader, team, dueOn } = await teamPlan(3, "Escalated plan");
    await runOn(5); // 2 days overdue: the person only
    expect(await subjects(teamleader.email)).toEqual([]);
    await runOn(6);
    await runOn(6);
    await runOn(8);
    const told = await reminders(teamleader.email);
    expect(told.map((m) => m.subject)).toEqual(["Mia Member is 3 days late on Escalated plan"]);
    expect(told[0]!.text).toContain(`http://localhost:3000/peopleManagement/team/${team.id}`);
    expect(await subjects(member.email)).toEqual([`Escalated plan is overdue (it was due ${inEnglish(dueOn)})`]);
  });
});

// Exactly one mail even with two server processes running: two real servers (main.ts)
// on one PostgreSQL database, with the clock moved past the 7-day point, both working the job at once.
describe.runIf(process.env.DATABASE_URL)("two server processes on one PostgreSQL", () => {
  const servers: ChildProcess[] = [];
  afterAll(async () => {
    await Promise.all(servers.map(stopServer));
  });

  it("sends each reminder mail exactly once", { timeout: 240_000 }, async () => {
    const { member, dueOn } = await teamPlan(10, "Shared plan");
    const url = new URL(process.env.DATABASE_URL!);
    const name = (await t.database.db.execute(sql`select current_database() as name`)) as { rows: Array<{ name: string }> };
    url.pathname = `/${name.rows[0]!.name}`;
    for (const n of [0, 1])
      servers.push(await startServer({ DATABASE_URL: url.toString(), CLOCK_OFFSET_DAYS: "3", DATA_DIR: path.join(os.tmpdir(), `lw-reminders-${n}`) }));
    // Each process takes one of these at the same moment (a worker takes one job at a time).
    for (let i = 0; i < 4; i++) await t.app.jobs.send("network.plan_reminders", {});
    const outboxOf = async () => (await t.database.db.select().from(outbox).where(eq(outbox.to, member.email))).filter((m) => REMINDER.test(m.subject));
    await expect.poll(async () => (await outboxOf()).length, { timeout: 120_000, interval: 500 }).toBeGreaterThan(0);
    // Every send ran (none waits or runs any more), and the mail jobs they queued too.
    const waiting = async () =>
      Number(
        (
          (await t.database.db.execute(sql`select count(*) as n from pgboss.job where state in ('created', 'retry', 'active')`)) as {
            rows: Array<{ n: string }>;
          }
        ).rows[0]!.n,
      );
    await expect.poll(waiting, { timeout: 60_000, interval: 500 }).toBe(0);
    // Both processes stopped, each finishing what it had taken: nothing writes the outbox after this.
    await Promise.all(servers.map(stopServer));
    expect((await outboxOf()).map((m) => m.subject)).toEqual([`Shared plan is due in 7 days (${inEnglish(dueOn)})`]);
  });
});

/** A real server process (main.ts) on a free port, resolved once it listens. */
async function startServer(env: Record<string, string>): Promise<ChildProcess> {
  const server = spawn(path.resolve("../../node_modules/.bin/tsx"), ["src/main.ts"], {
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      PORT: "0",
      NODE_ENV: "test",
      AUTH_SECRET: "test-secret-test-secret-test-secret-1234",
      DEMO_SEED: "false",
      LOG_LEVEL: "warn",
      JOBS_WORK: "true",
      ...env,
    },
  });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start within 120 s:\n${output}`)), 120_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Learnward is running")) {
        clearTimeout(timer);
        resolve();
      }
    };
    server.stdout!.on("data", read);
    server.stderr!.on("data", read);
    server.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code}:\n${output}`));
    });
  });
  return server;
}

/** Stops a server and the process tsx runs it in (the whole group). */
function stopServer(server: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (server.exitCode !== null || server.signalCode !== null) return resolve();
    server.once("exit", () => resolve());
    process.kill(-server.pid!, "SIGTERM");
  });
}
