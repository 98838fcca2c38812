// npm run bench:insights (also run by npm run bench): the insights dashboard on PostgreSQL
// with 1,000,000 learning events across 5,000 people of one company (50 teams, a 2,000-item catalog,
// a year of history, 20 upskilling plans assigned to teams, a budget and 2,000 purchase
// requests). Every variant of every insights endpoint is called sequentially (from a child process)
// and its p50/p99 latency printed; the target is p99 < 150 ms. Needs BENCH_DATABASE_URL or DATABASE_URL; it
// creates its own database and drops it afterwards.
import { fork } from "node:child_process";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { benchConfig } from "./config.ts";
import type { Database } from "../apps/server/src/db/client.ts";
import { onFreshPostgres } from "./fresh-postgres.ts";
import { record } from "./summary.ts";
import { seedDemo } from "../apps/server/src/db/seed/index.ts";
import { buildApp } from "../apps/server/src/app.ts";
import { rebuildRollups } from "../apps/server/src/modules/insights/insights.events.repo.ts";

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 5_000);
const TEAMS = 50;
const ITEMS = 2_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const TARGET_P99_MS = 150;

const rowsOf = async (database: Database, q: ReturnType<typeof sql>) => ((await database.db.execute(q)) as unknown as { rows: Record<string, unknown>[] }).rows;
const step = async (label: string, run: () => Promise<unknown>) => {
  const t = Date.now();
  await run();
  console.log(`  ${label}: ${((Date.now() - t) / 1000).toFixed(1)} s`);
};

async function bulkLoad(database: Database, companyId: number) {
  const db = database.db;
  await step(`${TEAMS} teams, ${PEOPLE} people`, async () => {
    await db.execute(sql`insert into teams (company_id, name) select ${companyId}, 'Bench team ' || lpad(g::text, 2, '0') from generate_series(1, ${TEAMS}) g`);
    await db.execute(
      sql`insert into auth_users (id, name, email, email_verified) select 'bench-' || g, 'Bench Person ' || g, 'bench' || g || '@acme.test', true from generate_series(1, ${PEOPLE}) g`,
    );
    await db.execute(sql`
      insert into accounts (uid, company_id, team_id, role, username)
      select 'bench-' || g, ${companyId}, t.id, 'member', 'bench' || g
      from generate_series(1, ${PEOPLE}) g
      join (select id, row_number() over (order by id) - 1 as n from teams where name like 'Bench team %') t on t.n = g % ${TEAMS}`);
    // bench1 can sign in, with the demo password.
    await db.execute(sql`
      insert into auth_credentials (id, account_id, provider_id, user_id, password)
      select 'bench-cred-1', 'bench-1', 'credential', 'bench-1', c.password
      from auth_credentials c join auth_users u on u.id = c.user_id where u.email = 'member@acme.test'`);
  });
  await step(`${ITEMS} catalog items`, () =>
    db.execute(sql`
      with words as (select array['sql','leadership','python','data analysis','kubernetes','negotiation','ux design','feedback','cloud','security','excel','marketing','sales','react','javascript','finance','coaching','strategy','product','agile'] as w)
      insert into content_items (company_id, url, normalized_url, title, content_type, author, duration_s, language, skills)
      select ${companyId}, 'https://bench.example/item/' || g, 'https://bench.example/item/' || g, 'Bench item ' || g,
        (array['article','video','course','podcast','book'])[1 + g % 5], 'Author ' || (g % 97),
        case when g % 5 = 2 then 3600 * (2 + g % 20) else 300 + (g * 37) % 3000 end, 'en',
        array[w[1 + g % 20], w[1 + (g * 7) % 20]]
      from generate_series(1, ${ITEMS}) g, words`),
  );
  await step(`${EVENTS.toLocaleString("en")} learning events over a year`, async () => {
    await db.execute(
      sql`create temp table bench_people as select row_number() over (order by id) as n, id, team_id from accounts where username like 'bench%'`,
    );
    await db.execute(
      sql`create temp table bench_items as select row_number() over (order by id) as n, id, content_type, skills, duration_s from content_items where url like 'https://bench.example/%'`,
    );
    // Popular items are popular (squared draw); recent months are somewhat busier (age drawn as u^1.25).
    await db.execute(sql`
      insert into learning_events (company_id, team_id, account_id, kind, content_id, content_type, skills, duration_s, occurred_at)
      select ${companyId}, p.team_id, p.id, k.kind, i.id, i.content_type, i.skills,
        case when k.kind in ('finish', 'item_done') then i.duration_s end,
        now() - (power(x.age, 1.25) * interval '365 days')
      from (select g, 1 + (random() * ${PEOPLE - 1})::int as pn, 1 + floor(power(random(), 2) * ${ITEMS})::int as inum, random() as r, random() as age
            from generate_series(1, ${EVENTS}) g) x
      join bench_people p on p.n = x.pn
      join bench_items i on i.n = least(x.inum, ${ITEMS})
      cross join lateral (select case when x.r < 0.35 then 'save' when x.r < 0.55 then 'start' when x.r < 0.70 then 'finish' when x.r < 0.95 then 'item_done'
                                      when x.r < 0.98 then 'plan_assigned' when x.r < 0.99 then 'plan_completed' else 'request_decided' end as kind) k
      order by 9`);
  });
  await step("pre-aggregations rebuilt from the events", () => database.db.transaction((tx) => rebuildRollups(tx, companyId)));
  await step("20 plans on 40 learning paths, progress, a budget, 2,000 purchase requests", async () => {
    const owner = Number((await rowsOf(database, sql`select id from accounts where username = 'ldleader' and company_id = ${companyId}`))[0]!.id);
    await db.execute(sql`
      insert into collections (company_id, owner_id, title, skills, status, published_at)
      select ${companyId}, ${owner}, 'Bench path ' || g, array['sql'], 'published', now() from generate_series(1, 40) g`);
    await db.execute(sql`
      insert into collection_items (collection_id, content_id, position)
      select c.id, i.id, s from (select id, row_number() over (order by id) as n from collections where title like 'Bench path %') c
      cross join generate_series(1, 10) s join bench_items i on i.n = ((c.n * 10 + s) % ${ITEMS}) + 1`);
    await db.execute(sql`
      insert into upskilling_plans (company_id, title, deadline, created_by)
      select ${companyId}, 'Bench plan ' || g, (current_date + (case when g % 2 = 0 then -30 else 60 end) * interval '1 day')::date, ${owner} from generate_series(1, 20) g`);
    await db.execute(sql`
      insert into plan_collections (plan_id, skill, collection_id)
      select p.id, 'sql', c.id from (select id, row_number() over (order by id) as n from upskilling_plans where title like 'Bench plan %') p
      join (select id, row_number() over (order by id) as n from collections where title like 'Bench path %') c on c.n in (p.n * 2 - 1, p.n * 2)`);
    await db.execute(sql`
      insert into plan_teams (plan_id, team_id)
      select p.id, t.id from (select id, row_number() over (order by id) as n from upskilling_plans where title like 'Bench plan %') p
      join (select id, row_number() over (order by id) as n from teams where name like 'Bench team %') t on (t.n - 1) % 20 = p.n - 1 or (t.n + 7) % 20 = p.n - 1`);
    // In bulk, the per-row triggers that keep insight_plan_done are switched off and the counts rebuilt
    // once. Disabled on the table (its owner may) rather than by session_replication_role, which
    // needs a superuser, and back on in the same transaction.
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`alter table content_progress disable trigger user`);
      await tx.execute(sql`
        insert into content_progress (account_id, content_id)
        select distinct a.id, ci.content_id from plan_teams pt join accounts a on a.team_id = pt.team_id
        join plan_collections pc on pc.plan_id = pt.plan_id join collection_items ci on ci.collection_id = pc.collection_id
        where random() < 0.45 on conflict do nothing`);
      await tx.execute(sql`alter table content_progress enable trigger user`);
    });
    await db.execute(sql`select insight_refresh_plan(id) from upskilling_plans order by id`);
    const year = new Date().getUTCFullYear();
    await db.execute(
      sql`insert into budgets (company_id, period, period_start, period_end, amount_minor, currency) values (${companyId}, 'year', ${`${year}-01-01`}, ${`${year}-12-31`}, 100000000, 'USD')`,
    );
    await db.execute(sql`
      insert into budget_allocations (budget_id, team_id, amount_minor)
      select b.id, t.id, 1500000 from budgets b, teams t where b.company_id = ${companyId} and t.name like 'Bench team %'`);
    await db.execute(sql`
      insert into purchase_requests (company_id, team_id, requested_by, title, price_minor, currency, status, allocation_id)
      select ${companyId}, p.team_id, p.id, 'Bench course ' || g, 5000 + (g * 13) % 50000, 'USD', s.status,
        case when s.status in ('approved', 'paid') then (select a.id from budget_allocations a where a.team_id = p.team_id) end
      from generate_series(1, 2000) g join bench_people p on p.n = 1 + (g * 7) % ${PEOPLE}
      cross join lateral (select (array['pending','approved','paid','rejected'])[1 + g % 4] as status) s`);
    await db.execute(sql`analyze`);
  });
  const [counts] = await rowsOf(
    database,
    sql`
    select (select count(*) from learning_events where company_id = ${companyId}) as events,
           (select count(*) from accounts where company_id = ${companyId}) as people,
           (select count(*) from plan_teams pt join accounts a on a.team_id = pt.team_id) as assignments,
           (select count(*) from content_progress) as progress,
           (select count(*) from insight_totals) as totals, (select count(*) from insight_learner_periods) as learner_periods,
           (select count(*) from insight_skills) as skills, (select count(*) from insight_contents) as contents,
           (select pg_size_pretty(pg_total_relation_size('learning_events'))) as events_size`,
  );
  console.log(
    `  company: ${counts!.events} events, ${counts!.people} people, ${counts!.assignments} plan assignments, ${counts!.progress} items done; pre-aggregated rows: totals ${counts!.totals}, learner periods ${counts!.learner_periods}, skills ${counts!.skills}, contents ${counts!.contents}; learning_events ${counts!.events_size}`,
  );
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** RUNS sequential calls (after 3 to warm up) from a child process (see sequential-client.mjs). */
async function measure(base: string, token: string, method: "GET" | "POST", path: string, body?: unknown) {
  const times = await new Promise<number[]>((resolve, reject) => {
    const child = fork(new URL("./sequential-client.mjs", import.meta.url));
    child.once("message", (result) => resolve(result as number[]));
    child.once("error", reject);
    child.once("exit", (code) => code !== 0 && reject(new Error(`the client process exited with code ${code}`)));
    child.send({
      url: base + path,
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      warmup: 3,
      runs: RUNS,
    });
  });
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), max: times.at(-1)! };
}

async function bench(database: Database) {
  const port = Number(process.env.BENCH_PORT ?? 3998);
  const secret = randomUUID() + randomUUID();
  const config = benchConfig(port, secret);
  const app = await buildApp({ config, database, authSecret: secret, logger: false });
  await seedDemo(database.db, { password: "learnward-demo", auth: app.auth });
  const companyId = Number((await rowsOf(database, sql`select id from companies where domain = 'acme.test'`))[0]!.id);
  await bulkLoad(database, companyId);
  const base = await app.listen({ port, host: "127.0.0.1" });
  const signIn = async (email: string) => {
    const res = await fetch(`${base}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base },
      body: JSON.stringify({ email, password: "learnward-demo" }),
    });
    const token = res.headers.get("set-auth-token");
    if (!token) throw new Error(`bench sign-in as ${email} failed: ${res.status}`);
    return token;
  };
  const leader = await signIn("ldleader@acme.test");
  const person = await signIn("bench1@acme.test");
  const team = Number((await rowsOf(database, sql`select team_id from accounts where username = 'bench1'`))[0]!.team_id);

  const results: { name: string; p50: number; p99: number; max: number }[] = [];
  const run = async (name: string, token: string, method: "GET" | "POST", path: string, body?: unknown) => {
    const r = await measure(base, token, method, path, body);
    results.push({ name, ...r });
    record({
      bench: "insights",
      figure: `${name}: p99`,
      value: Math.round(r.p99 * 10) / 10,
      unit: "ms",
      target: `< ${TARGET_P99_MS} ms`,
      met: r.p99 < TARGET_P99_MS,
    });
    console.log(`  ${name.padEnd(58)} p50 ${r.p50.toFixed(1).padStart(6)} ms   p99 ${r.p99.toFixed(1).padStart(6)} ms`);
  };
  console.log(`\n  GET /api/b2b/v1/insights (${RUNS} sequential calls each)`);
  for (const [scope, token, extra] of [
    ["company", leader, "scope=company"],
    ["team of 100", leader, `scope=team&team=${team}`],
    ["me", person, "scope=me"],
  ] as const) {
    for (const time of ["all", "30d", "7d", "24h"]) {
      for (const bucket of ["day", "month"])
        await run(`${scope}, time=${time}, bucket=${bucket}`, token, "GET", `/api/b2b/v1/insights/?${extra}&time=${time}&bucket=${bucket}`);
    }
  }
  console.log("\n  GET /api/b2b/v1/insights/export.csv (company, all time)");
  for (const table of ["series", "top_skills", "top_content", "content_types", "plans", "overdue", "budget", "pending"]) {
    await run(`export ${table}`, leader, "GET", `/api/b2b/v1/insights/export.csv?scope=company&time=all&bucket=month&table=${table}`);
  }
  console.log("\n  POST /api/b2b/v1/insights/actions/{kind}");
  const first = performance.now();
  const reminded = await fetch(`${base}/api/b2b/v1/insights/actions/remind_overdue/`, {
    method: "POST",
    headers: { authorization: `Bearer ${leader}`, "content-type": "application/json" },
    body: JSON.stringify({ scope: "company" }),
  }).then((r) => r.json());
  console.log(`  first reminder of everyone overdue: ${JSON.stringify(reminded)} in ${(performance.now() - first).toFixed(0)} ms (one mail each)`);
  await run("remind_overdue again (everyone already reminded today)", leader, "POST", "/api/b2b/v1/insights/actions/remind_overdue/", { scope: "company" });
  await run("review_requests (a link)", leader, "POST", "/api/b2b/v1/insights/actions/review_requests/", {});

  const worst = results.reduce((w, r) => (r.p99 > w.p99 ? r : w));
  const over = results.filter((r) => r.p99 >= TARGET_P99_MS);
  console.log(
    `\n  worst p99: ${worst.p99.toFixed(1)} ms (${worst.name}); target p99 < ${TARGET_P99_MS} ms: ${over.length ? `MISSED by ${over.map((r) => r.name).join(", ")}` : "met by every variant"}`,
  );
  await app.close();
  return over.length === 0;
}

const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
if (!pgUrl) {
  console.log("\nInsights on PostgreSQL: skipped (set BENCH_DATABASE_URL=postgres://… to run it)");
} else {
  console.log(`\nInsights on PostgreSQL: ${EVENTS.toLocaleString("en")} events, ${PEOPLE.toLocaleString("en")} people`);
  await onFreshPostgres(pgUrl, "insights", bench);
}
