import { randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCluster, type Cluster } from "./cluster.ts";
import { DEMO, DEMO_PASSWORD } from "./helpers.ts";

/**
 * Three real server processes on one fresh PostgreSQL database behind a round-robin proxy
 * with no sticky sessions. Each property is the scenario that would break it. Runs in CI's
 * "API suite on PostgreSQL 15" step (DATABASE_URL set); PGlite serves one process only.
 *
 * Documented propagation time (README, SESSION_CACHE_SECONDS): none. Every request reads the session
 * row and the account, so a sign-out, password change, deactivation or role change holds on every
 * process from the next request; the tests check exactly that, on each process, with no waiting.
 */
const PROCESSES = 3;
// The proxy's own address, the only hop the servers trust: TRUST_PROXY=true would take a client's forged X-Forwarded-For.
const PROXY_ADDRESS = "127.0.0.1";

let cluster: Cluster;
let admin: pg.Client;
let dbName: string;
let dbUrl: string;
let since: Date;
const logDir = path.join(process.env.CLUSTER_DATA_DIR ?? os.tmpdir(), `lw-cluster-${randomUUID().slice(0, 8)}`);

type Answer = { status: number; body: any; headers: http.IncomingHttpHeaders; backend: number }; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read any answer

/**
 * One request through the proxy; `from` is the client's own address (a loopback alias), as a browser's
 * would differ from the proxy's. A 503 (the server could not get a database connection within its 5 s,
 * which a machine this loaded can take) is retried after a moment, as a client told Retry-After would.
 */
async function call(method: string, url: string, o: { token?: string; body?: unknown; headers?: Record<string, string>; from?: string } = {}): Promise<Answer> {
  for (let attempt = 1; ; attempt++) {
    const answer = await callOnce(method, url, o);
    if (answer.status !== 503 || attempt === 3) return answer;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

function callOnce(method: string, url: string, o: { token?: string; body?: unknown; headers?: Record<string, string>; from?: string }): Promise<Answer> {
  const payload = o.body === undefined ? undefined : JSON.stringify(o.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      new URL(url, cluster.url),
      {
        method,
        localAddress: o.from ?? "127.0.0.2",
        headers: {
          ...(payload ? { "content-type": "application/json" } : {}),
          ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
          ...o.headers,
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => {
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            /* not JSON */
          }
          resolve({ status: res.statusCode!, body, headers: res.headers, backend: Number(res.headers["x-cluster-backend"]) });
        });
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

async function signIn(email: string, password = DEMO_PASSWORD): Promise<{ token: string; backend: number }> {
  const res = await call("POST", "/api/auth/sign-in/email", { body: { email, password }, from: "127.0.0.3" });
  if (res.status !== 200) throw new Error(`sign-in ${email}: ${res.status} ${JSON.stringify(res.body)}`);
  return { token: res.headers["set-auth-token"] as string, backend: res.backend };
}

/** `/api/me` once on every process (round-robin: PROCESSES calls in a row reach each one). */
async function meOnEachProcess(token: string): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (let i = 0; i < PROCESSES; i++) answers.push(await call("GET", "/api/me", { token }));
  expect(new Set(answers.map((a) => a.backend)).size).toBe(PROCESSES);
  return answers;
}

const query = async <T>(text: string, values: unknown[] = []) => {
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  try {
    return (await c.query(text, values)).rows as T[];
  } finally {
    await c.end();
  }
};

describe.runIf(process.env.DATABASE_URL)("three server processes on one PostgreSQL behind a load balancer", () => {
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    dbName = `lw_cluster_${randomUUID().replace(/-/g, "").slice(0, 12)}`;
    await admin.query(`create database ${dbName}`);
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${dbName}`;
    dbUrl = url.toString();
    // All three start at once on the empty database, as a fresh deployment's replicas do.
    cluster = await startCluster({
      databaseUrl: dbUrl,
      count: PROCESSES,
      logDir,
      basePort: process.env.CLUSTER_BASE_PORT ? Number(process.env.CLUSTER_BASE_PORT) : undefined,
      env: {
        NODE_ENV: "test",
        LOG_LEVEL: "warn",
        AUTH_SECRET: "cluster-test-secret-identical-on-every-process",
        DEMO_SEED: "true",
        TRUST_PROXY: PROXY_ADDRESS,
      },
    });
    // pg-boss reads its schedules every 30 s; the reminders every minute (instead of every 15) show
    // slots while the other tests run.
    await query("update pgboss.schedule set cron = '* * * * *' where name = 'network.plan_reminders'");
    since = (await query<{ now: Date }>("select now()"))[0]!.now;
  });

  afterAll(async () => {
    await cluster?.stop();
    if (admin) {
      for (let attempt = 1; ; attempt++) {
        try {
          await admin.query(`drop database if exists ${dbName} with (force)`);
          break;
        } catch (err) {
          if ((err as { code?: string }).code !== "42501" || attempt === 20) throw err;
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
      }
      await admin.end();
    }
    // CLUSTER_DATA_DIR keeps the servers' logs for reading afterwards.
    if (!process.env.CLUSTER_DATA_DIR) fs.rmSync(logDir, { recursive: true, force: true });
  });

  it("seeds the empty database once when every process starts at once", async () => {
    const rows = await query<{ n: string }>("select count(*) as n from auth_users where email = $1", [DEMO.member]);
    expect(Number(rows[0]!.n)).toBe(1);
  });

  it("a session made on one process works on every other", async () => {
    const { token, backend } = await signIn(DEMO.globex);
    const answers = await meOnEachProcess(token);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.every((a) => a.body.account.email === DEMO.globex)).toBe(true);
    expect(answers.some((a) => a.backend !== backend)).toBe(true);
  });

  it("a sign-out on one process ends the session on every process at once", async () => {
    const { token } = await signIn("priya@acme.test");
    await meOnEachProcess(token); // every process has now seen (and cached) the token
    expect((await call("POST", "/api/auth/sign-out", { token, body: {} })).status).toBe(200);
    expect((await meOnEachProcess(token)).map((a) => a.status)).toEqual([401, 401, 401]);
  });

  it("a password change on one process ends the other sessions on every process at once", async () => {
    const other = await signIn("omar@acme.test");
    const mine = await signIn("omar@acme.test");
    await meOnEachProcess(other.token);
    const changed = await call("POST", "/api/auth/change-password", {
      token: mine.token,
      body: { currentPassword: DEMO_PASSWORD, newPassword: "omar-new-pass-28" },
    });
    expect(changed.status).toBe(200);
    expect((await meOnEachProcess(other.token)).map((a) => a.status)).toEqual([401, 401, 401]);
    // The old password is refused wherever the next sign-in lands.
    for (let i = 0; i < PROCESSES; i++) {
      expect((await call("POST", "/api/auth/sign-in/email", { body: { email: "omar@acme.test", password: DEMO_PASSWORD }, from: "127.0.0.4" })).status).toBe(
        401,
      );
    }
  });

  it("a deactivation on one process refuses the person on every process at once", async () => {
    const hr = await signIn(DEMO.hr);
    const { token } = await signIn("lucas@acme.test");
    const me = (await meOnEachProcess(token))[0]!.body;
    const id = me.account.id as number;
    expect((await call("PATCH", `/api/b2b/v1/employees/${id}/`, { token: hr.token, body: { status: "deactivated" } })).status).toBe(200);
    const after = await meOnEachProcess(token);
    expect(after.map((a) => a.status)).toEqual([401, 401, 401]);
  });

  it("a role change on one process holds on every process at once", async () => {
    const hr = await signIn(DEMO.hr);
    const { token } = await signIn("sofia@acme.test");
    const before = await meOnEachProcess(token);
    expect(before.map((a) => a.body.account.role)).toEqual(["teamleader", "teamleader", "teamleader"]);
    const id = before[0]!.body.account.id as number;
    expect((await call("PATCH", `/api/b2b/v1/employees/${id}/`, { token: hr.token, body: { role: "member" } })).status).toBe(200);
    expect((await meOnEachProcess(token)).map((a) => a.body.account.role)).toEqual(["member", "member", "member"]);
    // What the new role may not do is refused everywhere too (team leaders list their team's requests to decide).
    const decided = await Promise.all(Array.from({ length: PROCESSES }, () => call("POST", "/api/b2b/v1/purchase-requests/1/approve/", { token, body: {} })));
    expect(decided.map((a) => a.status)).toEqual([403, 403, 403]);
  });

  it("sign-in limits count across processes, and a forged X-Forwarded-For does not escape them", async () => {
    const email = "someone-guessing@acme.test";
    // 5 attempts a minute per (client address, email), all at once: round-robin puts 3 on each
    // process, each attempt with another forged address.
    const answers = await Promise.all(
      Array.from({ length: 9 }, (_, i) =>
        call("POST", "/api/auth/sign-in/email", {
          body: { email, password: "wrong-password" },
          from: "127.0.0.5",
          headers: { "x-forwarded-for": `203.0.113.${i + 1}` },
        }),
      ),
    );
    expect(new Set(answers.map((a) => a.backend)).size).toBe(PROCESSES);
    expect(answers.filter((a) => a.status === 401)).toHaveLength(5);
    const refused = answers.filter((a) => a.status !== 401);
    expect(refused.map((a) => [a.status, a.body.error.code])).toEqual(Array.from({ length: 4 }, () => [429, "rate_limited"]));
    // Another client address (another office) is not held back by the first one's attempts.
    expect((await call("POST", "/api/auth/sign-in/email", { body: { email, password: "wrong-password" }, from: "127.0.0.6" })).status).toBe(401);
  });

  it("better-auth's per-address sign-in limit counts across processes, also for attempts sent at once", async () => {
    // 60 a minute per address on /sign-in/email, over any emails: 70 at once, spread over three processes.
    const answers = await Promise.all(
      Array.from({ length: 70 }, (_, i) =>
        call("POST", "/api/auth/sign-in/email", { body: { email: `nobody-${i}@acme.test`, password: "wrong-password" }, from: "127.0.0.7" }),
      ),
    );
    expect(new Set(answers.map((a) => a.backend)).size).toBe(PROCESSES);
    const byStatus: Record<number, number> = {};
    for (const a of answers) byStatus[a.status] = (byStatus[a.status] ?? 0) + 1;
    expect(byStatus).toEqual({ 401: 60, 429: 10 });
  });

  it("50 approvals spread over the processes never overspend a team's allocation", async () => {
    const PRICE = 5_000;
    const ROOM = 20;
    const ld = await signIn(DEMO.ldleader);
    const member = await signIn(DEMO.member);
    const me = (await call("GET", "/api/me", { token: member.token })).body;
    const engineering = me.account.team.id as number;
    const month = new Date().toISOString().slice(0, 7);
    const created = await call("POST", "/api/b2b/v1/budgets/", {
      token: ld.token,
      body: { period: "month", period_start: `${month}-01`, amount_minor: 10_000_000 },
    });
    expect(created.status).toBe(201);
    const budgetId = created.body.id as number;
    expect(
      (await call("POST", `/api/b2b/v1/budgets/${budgetId}/allocations/`, { token: ld.token, body: { team_id: engineering, amount_minor: ROOM * PRICE } }))
        .status,
    ).toBe(200);
    const ids: number[] = [];
    for (let i = 0; i < 50; i++) {
      const asked = await call("POST", "/api/b2b/v1/purchase-requests/", { token: member.token, body: { title: `Cluster course ${i}`, price_minor: PRICE } });
      expect(asked.status).toBe(201);
      ids.push(asked.body.id as number);
    }
    const decided = await Promise.all(ids.map((id) => call("POST", `/api/b2b/v1/purchase-requests/${id}/approve/`, { token: ld.token, body: {} })));
    expect(new Set(decided.map((d) => d.backend)).size).toBe(PROCESSES);
    expect(decided.filter((d) => d.status >= 500)).toEqual([]);
    expect(decided.filter((d) => d.status === 200)).toHaveLength(ROOM);
    const refused = decided.filter((d) => d.status !== 200);
    expect(refused.every((d) => d.status === 409 && d.body.error.code === "budget_exceeded")).toBe(true);
    const budget = (await call("GET", `/api/b2b/v1/budgets/${budgetId}/`, { token: ld.token })).body;
    const mine = budget.allocations.find((a: { team: { id: number } }) => a.team.id === engineering);
    expect(mine.reserved_minor + mine.paid_minor).toBe(ROOM * PRICE);
  });

  it("a scheduled job runs once per slot, not once per process", async () => {
    // Every process runs pg-boss's cron monitor, one turn at a time through its cron_on stamp: a turn
    // sends the minute's slot to the send-it queue (one job per minute at most), and a send-it job
    // adds the scheduled job. So each slot is counted where pg-boss keeps it, with the jobs it added,
    // in one snapshot. Not by the minute a job was added in: turns are about 30 s apart, up to 60
    // when one just misses the stamp, so a slot sent at 12:00:59 adds its job at 12:01:02, beside
    // 12:01's own job (a CI run failed so, with every slot sent once). A slot's send-it job names its
    // queue in its data (its label also carries the schedule's key).
    const state = async () =>
      (
        await query<{ slots: string; sent: string; pending: string; jobs: string; done: string }>(
          `select count(distinct s.singleton_on) as slots,
             count(*) filter (where s.state = 'completed') as sent,
             count(*) filter (where s.state <> 'completed') as pending,
             (select count(*) from pgboss.job where name = 'network.plan_reminders' and created_on >= $1) as jobs,
             (select count(*) from pgboss.job where name = 'network.plan_reminders' and created_on >= $1 and state = 'completed') as done
           from pgboss.job s where s.name = '__pgboss__send-it' and s.data->>'name' = 'network.plan_reminders' and s.created_on >= $1`,
          [since],
        )
      )[0]!;
    // A snapshot with two slots done and none between being sent and adding its job.
    let seen: Awaited<ReturnType<typeof state>> | undefined;
    await expect
      .poll(
        async () => {
          const now = await state();
          if (Number(now.done) >= 2 && Number(now.pending) === 0) seen = now;
          return seen !== undefined;
        },
        { timeout: 150_000, interval: 2_000 },
      )
      .toBe(true);
    // Each slot was sent once, and each sending added one job: not one per process.
    expect(Number(seen!.sent)).toBe(Number(seen!.slots));
    expect(Number(seen!.jobs)).toBe(Number(seen!.sent));
    // Every process was working the queue all along (each runs the cron monitor and a worker).
    expect(cluster.servers.every((s) => s.child.exitCode === null)).toBe(true);
  });
});
