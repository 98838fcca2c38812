// npm run bench:notifications (also run by npm run bench): the fan-out of one plan assigned to a
// company of 10,000 people on PostgreSQL, with the job workers running. Prints how long
// the assigning request took and how long until 10,000 notifications exist; the target is ≤ 60 s.
// Needs BENCH_DATABASE_URL or DATABASE_URL; it creates its own database and drops it afterwards.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { benchConfig } from "./config.ts";
import type { Database } from "../apps/server/src/db/client.ts";
import { onFreshPostgres } from "./fresh-postgres.ts";
import { record } from "./summary.ts";
import { seedDemo } from "../apps/server/src/db/seed/index.ts";
import { buildApp } from "../apps/server/src/app.ts";

const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 10_000);
const TEAMS = 20;
const TARGET_S = 60;

const rowsOf = async (database: Database, q: ReturnType<typeof sql>) => ((await database.db.execute(q)) as unknown as { rows: Record<string, unknown>[] }).rows;

async function bench(database: Database): Promise<boolean> {
  const port = Number(process.env.BENCH_PORT ?? 3997);
  const secret = randomUUID() + randomUUID();
  const config = benchConfig(port, secret, { JOBS_WORK: "true" });
  const app = await buildApp({ config, database, authSecret: secret, logger: false });
  await seedDemo(database.db, { password: "learnward-demo", auth: app.auth });
  const companyId = Number((await rowsOf(database, sql`select id from companies where domain = 'acme.test'`))[0]!.id);
  const loaded = Date.now();
  await database.db.execute(
    sql`insert into teams (company_id, name) select ${companyId}, 'Bench team ' || lpad(g::text, 2, '0') from generate_series(1, ${TEAMS}) g`,
  );
  await database.db.execute(
    sql`insert into auth_users (id, name, email, email_verified) select 'bench-' || g, 'Bench Person ' || g, 'bench' || g || '@acme.test', true from generate_series(1, ${PEOPLE}) g`,
  );
  await database.db.execute(sql`
    insert into accounts (uid, company_id, team_id, role, username)
    select 'bench-' || g, ${companyId}, t.id, 'member', 'bench' || g
    from generate_series(1, ${PEOPLE}) g
    join (select id, row_number() over (order by id) - 1 as n from teams where name like 'Bench team %') t on t.n = g % ${TEAMS}`);
  console.log(`  ${PEOPLE.toLocaleString("en")} people in ${TEAMS} teams: ${((Date.now() - loaded) / 1000).toFixed(1)} s`);
  const teams = (await rowsOf(database, sql`select id from teams where name like 'Bench team %'`)).map((r) => Number(r.id));
  // A published learning path for the plan to point at.
  const path = Number(
    (
      await rowsOf(
        database,
        sql`insert into collections (company_id, owner_id, title, status, published_at)
            select ${companyId}, id, 'Bench path', 'published', now() from accounts where username = 'ldleader' returning id`,
      )
    )[0]!.id,
  );

  const base = await app.listen({ port, host: "127.0.0.1" });
  const signedIn = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ email: "ldleader@acme.test", password: "learnward-demo" }),
  });
  const token = signedIn.headers.get("set-auth-token");
  if (!token) throw new Error(`bench sign-in failed: ${signedIn.status}`);

  const told = async () =>
    Number((await rowsOf(database, sql`select count(*)::int as n from notifications where kind = 'plan_assigned' and params->>'plan' = 'Bench plan'`))[0]!.n);
  const start = performance.now();
  const res = await fetch(`${base}/api/b2b/v1/plans/`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ title: "Bench plan", deadline: "2099-12-31", skills: { bench: { collections: [path] } }, selectedTeam: teams }),
  });
  const answered = performance.now() - start;
  if (res.status !== 201) throw new Error(`assigning the plan answered ${res.status}: ${await res.text()}`);
  console.log(`  POST /api/b2b/v1/plans/ to ${PEOPLE.toLocaleString("en")} people answered in ${answered.toFixed(0)} ms`);
  let n = await told();
  while (n < PEOPLE && performance.now() - start < TARGET_S * 2000) {
    await new Promise((r) => setTimeout(r, 250));
    n = await told();
  }
  const seconds = (performance.now() - start) / 1000;
  const ok = n >= PEOPLE && seconds <= TARGET_S;
  record({ bench: "notifications", figure: "plan assigned: POST answered", value: Math.round(answered), unit: "ms" });
  record({
    bench: "notifications",
    figure: `${PEOPLE.toLocaleString("en")} notifications exist after`,
    value: Math.round(seconds * 10) / 10,
    unit: "s",
    target: `≤ ${TARGET_S} s`,
    met: ok,
  });
  console.log(`  ${n.toLocaleString("en")} notifications after ${seconds.toFixed(1)} s; target ≤ ${TARGET_S} s: ${ok ? "met" : "MISSED"}`);
  await app.close();
  return ok;
}

const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
if (!pgUrl) {
  console.log("\nNotification fan-out on PostgreSQL: skipped (set BENCH_DATABASE_URL or DATABASE_URL=postgres://… to run it)");
} else {
  console.log(`\nNotification fan-out on PostgreSQL: one plan assigned to ${PEOPLE.toLocaleString("en")} people`);
  await onFreshPostgres(pgUrl, "notifications", bench);
}
