// npm run bench:compliance (also run by npm run bench): the compliance insights' per-team counts on
// PostgreSQL for a company of 2,000 people (20 teams) each required to complete 5 learning paths,
// half of them completed at some point in the last two years, a few certificates revoked. It times,
// side by side, the counts read person by person through standing() in JavaScript (how insights
// counted before) and counted in one SQL query (how they count now), and checks both agree. Needs
// BENCH_DATABASE_URL or DATABASE_URL; it creates its own database and drops it afterwards.
import { sql } from "drizzle-orm";
import type { ComplianceStatus, ComplianceTeamRow } from "@learnward/contracts";
import type { Database } from "../apps/server/src/db/client.ts";
import { createClock } from "../apps/server/src/lib/clock.ts";
import { createComplianceRepo } from "../apps/server/src/modules/compliance/compliance.repo.ts";
import { createComplianceService } from "../apps/server/src/modules/compliance/compliance.service.ts";
import { onFreshPostgres } from "./fresh-postgres.ts";
import { record } from "./summary.ts";

const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 2_000);
const TEAMS = 20;
const PATHS = 5;
const RUNS = Number(process.env.BENCH_RUNS ?? 20);

async function load(database: Database): Promise<number> {
  const db = database.db;
  const rows = async (q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: Record<string, unknown>[] }).rows;
  const companyId = Number((await rows(sql`insert into companies (name, domain) values ('Bench', 'bench.test') returning id`))[0]!.id);
  await db.execute(sql`insert into teams (company_id, name) select ${companyId}, 'Team ' || lpad(g::text, 2, '0') from generate_series(1, ${TEAMS}) g`);
  await db.execute(
    sql`insert into auth_users (id, name, email, email_verified) select 'b-' || g, 'Person ' || g, 'p' || g || '@bench.test', true from generate_series(1, ${PEOPLE}) g`,
  );
  await db.execute(sql`
    insert into accounts (uid, company_id, team_id, role, username, created_at)
    select 'b-' || g, ${companyId}, t.id, 'member', 'p' || g, now() - ((g % 400) * interval '1 day')
    from generate_series(1, ${PEOPLE}) g join (select id, row_number() over (order by id) - 1 as n from teams where company_id = ${companyId}) t on t.n = g % ${TEAMS}`);
  const owner = Number((await rows(sql`select min(id) as id from accounts where company_id = ${companyId}`))[0]!.id);
  await db.execute(sql`
    insert into collections (company_id, owner_id, title, skills, status, published_at)
    select ${companyId}, ${owner}, 'Path ' || g, array['sql'], 'published', now() from generate_series(1, ${PATHS}) g`);
  await db.execute(sql`
    insert into compliance_requirements (company_id, collection_id, team_ids, roles, due_days, every_months, created_at)
    select ${companyId}, c.id, (select array_agg(id) from teams where company_id = ${companyId}), '{}', 30 + c.n * 10,
      case when c.n % 2 = 0 then null else 12 end, now() - interval '200 days'
    from (select id, row_number() over (order by id) as n from collections where company_id = ${companyId}) c`);
  // Half of everyone's paths completed some day in the last two years, each with its certificate (expiring a year on for the recurring ones).
  await db.execute(sql`
    insert into path_completions (account_id, collection_id, completed_at)
    select a.id, c.id, now() - (random() * interval '730 days')
    from accounts a cross join collections c where a.company_id = ${companyId} and c.company_id = ${companyId} and random() < 0.5`);
  await db.execute(sql`
    insert into certificates (code, company_id, account_id, kind, source_key, collection_id, title, recipient_name, issuer_name, locale, completed_at, expires_at, revoked_at)
    select 'B' || pc.account_id || 'X' || pc.collection_id, ${companyId}, pc.account_id, 'path', 'path:' || pc.collection_id, pc.collection_id, 'Path', 'Person', 'Bench', 'en',
      pc.completed_at, case when r.every_months is null then null else pc.completed_at + make_interval(months => r.every_months) end,
      case when random() < 0.03 then now() end
    from path_completions pc join compliance_requirements r on r.collection_id = pc.collection_id
    where r.company_id = ${companyId}`);
  await db.execute(sql`analyze`);
  return companyId;
}

/** The old way: every person × requirement read through standing() and counted in JavaScript. */
function countInJs(rows: { teamId: number | null; teamName: string | null; status: ComplianceStatus }[]) {
  const teams = new Map<number | null, ComplianceTeamRow>();
  for (const r of rows) {
    const row = teams.get(r.teamId) ?? { team_id: r.teamId, team_name: r.teamName, on_time: 0, due: 0, overdue: 0, expired: 0 };
    row[r.status] += 1;
    teams.set(r.teamId, row);
  }
  return [...teams.values()].sort((a, b) => (a.team_name ?? "").localeCompare(b.team_name ?? ""));
}

async function time(run: () => Promise<unknown>) {
  for (let i = 0; i < 3; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await run();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(times.length / 2)]!, max: times.at(-1)! };
}

async function bench(database: Database) {
  const started = performance.now();
  const companyId = await load(database);
  console.log(`  loaded ${PEOPLE} people × ${PATHS} required paths in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const repo = createComplianceRepo(database.db);
  const clock = createClock();
  const service = createComplianceService({
    db: database.db,
    repo,
    clock,
    certificates: { expireAfter: async () => null, redate: async () => [] },
    collections: { startAgain: async () => {} },
  });
  const inJs = async () => countInJs(await service.standings({ companyId }));
  const inSql = async () =>
    (await repo.teamCounts(companyId, clock.now()))
      .map(({ teamId, teamName, ...n }) => ({ team_id: teamId, team_name: teamName, ...n }))
      .sort((a, b) => (a.team_name ?? "").localeCompare(b.team_name ?? ""));
  const agree = JSON.stringify(await inJs()) === JSON.stringify(await inSql());
  const before = await time(inJs);
  const after = await time(inSql);
  console.log(`  ${PEOPLE * PATHS} person × path standings; JavaScript and SQL agree: ${agree ? "yes" : "NO"}`);
  console.log(`  ${"".padEnd(36)}${"p50".padStart(10)}${"max".padStart(10)}   (${RUNS} calls each)`);
  console.log(`  ${"standing() per person, counted in JS".padEnd(36)}${before.p50.toFixed(1).padStart(8)} ms${before.max.toFixed(1).padStart(8)} ms`);
  console.log(`  ${"counted in one SQL query".padEnd(36)}${after.p50.toFixed(1).padStart(8)} ms${after.max.toFixed(1).padStart(8)} ms`);
  record({ bench: "compliance", figure: "per-team counts, standing() in JS (p50)", value: Math.round(before.p50 * 10) / 10, unit: "ms" });
  record({
    bench: "compliance",
    figure: "per-team counts, one SQL query (p50)",
    value: Math.round(after.p50 * 10) / 10,
    unit: "ms",
    target: "JS and SQL agree",
    met: agree,
  });
  return agree;
}

const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
if (!pgUrl) {
  console.log("\nCompliance counts on PostgreSQL: skipped (set BENCH_DATABASE_URL=postgres://… to run it)");
} else {
  console.log(`\nCompliance counts on PostgreSQL: ${PEOPLE.toLocaleString("en")} people × ${PATHS} required paths`);
  await onFreshPostgres(pgUrl, "compliance", bench);
}
