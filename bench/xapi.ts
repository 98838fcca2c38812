// npm run bench:xapi (also run by npm run bench): one 10,000-statement batch posted to a company's
// learning record store over HTTP, then applied to people's libraries by the job. Prints statements
// per second accepted (the POST, stored in one transaction) and applied (the job, through the
// library's own course moves), on PGlite and, with BENCH_DATABASE_URL or DATABASE_URL, on PostgreSQL.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { benchConfig } from "./config.ts";
import { onFreshPostgres } from "./fresh-postgres.ts";
import { record } from "./summary.ts";
import { openDatabase, type Database } from "../apps/server/src/db/client.ts";
import { buildApp } from "../apps/server/src/app.ts";
import { hashSecret } from "../apps/server/src/lib/secret-hash.ts";

const STATEMENTS = Number(process.env.BENCH_XAPI_STATEMENTS ?? 10_000);
const PEOPLE = 100;
const ITEMS = 100;

const rowsOf = async (database: Database, q: ReturnType<typeof sql>) => ((await database.db.execute(q)) as unknown as { rows: Record<string, unknown>[] }).rows;

async function bench(engine: string, database: Database): Promise<boolean> {
  const port = Number(process.env.BENCH_PORT ?? 3996);
  const secret = randomUUID() + randomUUID();
  // No workers: the bench runs the applying job itself, to time it alone.
  const app = await buildApp({ config: benchConfig(port, secret, { JOBS_WORK: "false" }), database, authSecret: secret, logger: false });
  const companyId = Number((await rowsOf(database, sql`insert into companies (name, domain) values ('Bench LRS', 'bench-lrs.test') returning id`))[0]!.id);
  await database.db.execute(
    sql`insert into auth_users (id, name, email, email_verified) select 'xapi-' || g, 'Learner ' || g, 'learner' || g || '@bench-lrs.test', true from generate_series(1, ${PEOPLE}) g`,
  );
  await database.db.execute(
    sql`insert into accounts (uid, company_id, role, username) select 'xapi-' || g, ${companyId}, 'member', 'learner' || g from generate_series(1, ${PEOPLE}) g`,
  );
  await database.db.execute(sql`
    insert into content_items (company_id, url, normalized_url, title, content_type, provider, skills)
    select ${companyId}, 'https://courses.bench.test/course/' || g, 'https://courses.bench.test/course/' || g, 'Course ' || g, 'course', 'other', '{}'
    from generate_series(1, ${ITEMS}) g`);
  const key = "lwlrs_bench";
  const password = randomUUID();
  await database.db.execute(
    sql`insert into lrs_credentials (company_id, name, key, secret_hash) values (${companyId}, 'Bench', ${key}, ${hashSecret(password)})`,
  );

  // Every person and item once each at most per pair: 10,000 statements over 100 × 100 pairs, most completions, some progress.
  const statements = Array.from({ length: STATEMENTS }, (_, i) => ({
    id: randomUUID(),
    actor: { mbox: `mailto:learner${(i % PEOPLE) + 1}@bench-lrs.test` },
    verb: { id: i % 10 < 7 ? "http://adlnet.gov/expapi/verbs/completed" : "http://adlnet.gov/expapi/verbs/progressed" },
    object: { id: `https://courses.bench.test/course/${(Math.floor(i / PEOPLE) % ITEMS) + 1}`, definition: { name: { "en-US": "Course" } } },
    result: { completion: i % 10 < 7, duration: "PT15M" },
    timestamp: new Date().toISOString(),
  }));
  const body = JSON.stringify(statements);
  const base = await app.listen({ port, host: "127.0.0.1" });
  const start = performance.now();
  const res = await fetch(`${base}/xapi/statements`, {
    method: "POST",
    headers: {
      authorization: `Basic ${Buffer.from(`${key}:${password}`).toString("base64")}`,
      "x-experience-api-version": "1.0.3",
      "content-type": "application/json",
    },
    body,
  });
  const accepted = (performance.now() - start) / 1000;
  if (res.status !== 200) throw new Error(`POST statements answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  const applyStart = performance.now();
  await app.jobs.drain();
  const applied = (performance.now() - applyStart) / 1000;
  const done = Number((await rowsOf(database, sql`select count(*)::int as n from xapi_statements where apply_state = 'applied'`))[0]!.n);
  const moved = Number((await rowsOf(database, sql`select count(*)::int as n from user_contents where course_status in ('running', 'finalized')`))[0]!.n);
  await app.close();
  const mb = (Buffer.byteLength(body) / 1024 / 1024).toFixed(1);
  console.log(
    `  POST of ${STATEMENTS.toLocaleString("en")} statements (${mb} MB) accepted in ${accepted.toFixed(2)} s: ${Math.round(STATEMENTS / accepted)} statements/s`,
  );
  console.log(
    `  applied by the job in ${applied.toFixed(2)} s: ${Math.round(STATEMENTS / applied)} statements/s (${done.toLocaleString("en")} applied, ${moved.toLocaleString("en")} library items moved)`,
  );
  record({
    bench: "xapi",
    figure: `${engine}: ${STATEMENTS.toLocaleString("en")} statements accepted`,
    value: Math.round(STATEMENTS / accepted),
    unit: "statements/s",
  });
  record({
    bench: "xapi",
    figure: `${engine}: ${STATEMENTS.toLocaleString("en")} statements applied`,
    value: Math.round(STATEMENTS / applied),
    unit: "statements/s",
  });
  return done === STATEMENTS;
}

if (process.env.BENCH_PGLITE === "false") console.log("\nLearning record store on PGlite: skipped (BENCH_PGLITE=false)");
else {
  console.log(`\nLearning record store on PGlite: one batch of ${STATEMENTS.toLocaleString("en")} statements`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lw-bench-xapi-"));
  try {
    const embedded = await openDatabase({ dataDir: dir });
    try {
      if (!(await bench("PGlite", embedded)) && process.env.BENCH_STRICT) process.exitCode = 1;
    } finally {
      await embedded.close();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
if (!pgUrl) console.log("\nLearning record store on PostgreSQL: skipped (set BENCH_DATABASE_URL or DATABASE_URL=postgres://… to run it)");
else {
  console.log(`\nLearning record store on PostgreSQL: one batch of ${STATEMENTS.toLocaleString("en")} statements`);
  await onFreshPostgres(pgUrl, "xapi", (database) => bench("PostgreSQL", database));
}
