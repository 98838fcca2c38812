// npm run bench (writes): one person's saves, one at a time and 16 at a time, on PostgreSQL (when
// BENCH_DATABASE_URL or DATABASE_URL is set) and PGlite, side by side in one run: rounds of 1 then
// 16 (BENCH_WRITE_ROUNDS, 2), BENCH_SECONDS (10) each, from a child process (write-worker.mjs). The
// person already has BENCH_WRITE_SIZE (10,000) saved items. Prints saves/s, p50, p99, the ratio of
// 16 to 1 (target on PostgreSQL: ≥ 1.5), what the library takes on disk per saved item, and how long
// a new person's import of BENCH_IMPORT_SIZE (10,000) bookmarks in 20 folders takes.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { fork } from "node:child_process";
import { sql } from "drizzle-orm";
import { benchConfig } from "./config.ts";
import { onFreshPostgres } from "./fresh-postgres.ts";
import { record } from "./summary.ts";
import { openDatabase, type Database } from "../apps/server/src/db/client.ts";
import { seedDemo } from "../apps/server/src/db/seed/index.ts";
import { buildApp } from "../apps/server/src/app.ts";
import { addMember, BENCH_PASSWORD, signIn } from "./people.ts";

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_WRITE_ROUNDS ?? 2);
const SIZE = Number(process.env.BENCH_WRITE_SIZE ?? 10_000);
const PORT = Number(process.env.BENCH_PORT ?? 3998);
const LEVELS = [1, 16] as const;

type WriteResult = { rate: number; p50: number; p99: number; errors: number; total: number };

function drive(url: string, token: string, concurrency: number, prefix: string): Promise<WriteResult> {
  return new Promise((resolve, reject) => {
    const child = fork(new URL("./write-worker.mjs", import.meta.url));
    child.once("message", (result) => resolve(result as WriteResult));
    child.once("error", reject);
    child.once("exit", (code) => code !== 0 && reject(new Error(`the write process exited with code ${code}`)));
    child.send({ url, token, concurrency, duration: DURATION, prefix });
  });
}

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A person of acme with SIZE saved items, each its own catalog item, one a minute. */
async function seedPerson(database: Database, hash: string) {
  const { accountId, email } = await addMember(database, hash, "writer", "Writer");
  await database.db.execute(sql`
    insert into content_items (company_id, url, normalized_url, title, content_type, description, created_by)
    select 1, 'https://bench.example/item/' || g, 'https://bench.example/item/' || g, 'Bench item ' || g,
      (array['article','video','course','podcast','book'])[1 + g % 5], 'What item ' || g || ' teaches.', ${accountId}
    from generate_series(1, ${SIZE}) g`);
  await database.db.execute(sql`
    insert into user_contents (account_id, content_id, title, url, content_type, description, is_private, course_status, created_at, updated_at)
    select ${accountId}, c.id, c.title, c.url, c.content_type, c.description, c.id % 10 = 0,
      case when c.content_type = 'course' then 'wishlist' end, now() - c.id * interval '1 minute', now() - c.id * interval '1 minute'
    from content_items c where c.normalized_url like 'https://bench.example/item/%'`);
  await database.db.execute(sql`vacuum analyze`);
  return { email, accountId };
}

const IMPORT_SIZE = Number(process.env.BENCH_IMPORT_SIZE ?? 10_000);

/** A browser's bookmark file of `size` links in 20 folders. */
function bookmarkFile(size: number) {
  const lines = ["<!DOCTYPE NETSCAPE-Bookmark-file-1>", "<TITLE>Bookmarks</TITLE>", "<DL><p>"];
  for (let folder = 0; folder < 20; folder++) {
    lines.push(`<DT><H3>Folder ${folder}</H3>`, "<DL><p>");
    for (let n = folder; n < size; n += 20) {
      lines.push(`<DT><A HREF="https://bench.example/imported/${n}" ADD_DATE="${1_700_000_000 + n}">Imported link ${n} about data and sql</A>`);
    }
    lines.push("</DL><p>");
  }
  lines.push("</DL><p>");
  return lines.join("\n");
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  return sorted.length % 2 ? sorted[Math.floor(mid)]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function benchEngine(engine: string, database: Database): Promise<boolean> {
  console.log(`\n${engine}`);
  const secret = randomUUID() + randomUUID();
  // Jobs run in this process, as on a server: the import is done when its job is.
  const app = await buildApp({ config: benchConfig(PORT, secret, { JOBS_WORK: "true" }), database, authSecret: secret, logger: false });
  try {
    await seedDemo(database.db, { password: BENCH_PASSWORD, auth: app.auth });
    const hash = await (await app.auth.$context).password.hash(BENCH_PASSWORD);
    const databaseSize = async () =>
      Number(rows<{ n: number }>(await database.db.execute(sql`select pg_database_size(current_database())::float8 as n`))[0]!.n);
    await database.db.execute(sql`vacuum analyze`);
    const empty = await databaseSize();
    const t = Date.now();
    const person = await seedPerson(database, hash);
    const grown = (await databaseSize()) - empty;
    console.log(`  seeded one person with ${SIZE.toLocaleString("en")} saved items in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    // Each saved link is a catalog row and the person's copy, each with its search columns and indexes.
    const perSaved = Math.round(grown / SIZE);
    console.log(`  the database grew by ${(grown / 1e6).toFixed(1)} MB: ${perSaved} B per saved item, catalog row included`);
    const tables = rows<{ name: string; bytes: number }>(
      await database.db.execute(sql`
        select c.relname as name, pg_total_relation_size(c.oid)::float8 as bytes from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' order by 2 desc limit 4`),
    );
    console.log(`  largest tables with their indexes: ${tables.map((r) => `${r.name} ${(r.bytes / 1e6).toFixed(1)} MB`).join(", ")}`);
    const address = await app.listen({ port: PORT, host: "127.0.0.1" });
    const token = await signIn(address, person.email);
    const results = new Map<number, WriteResult[]>(LEVELS.map((level) => [level, []]));
    for (let round = 1; round <= ROUNDS; round++) {
      for (const level of LEVELS) {
        const r = await drive(address, token, level, `r${round}c${level}`);
        results.get(level)!.push(r);
        console.log(
          `  round ${round}, ${String(level).padStart(2)} at a time: ${String(r.rate).padStart(6)} saves/s, p50 ${r.p50} ms, p99 ${r.p99} ms, errors ${r.errors}`,
        );
      }
    }
    const rate = (level: number) => Math.round(median(results.get(level)!.map((r) => r.rate)) * 10) / 10;
    const errors = [...results.values()].flat().reduce((sum, r) => sum + r.errors, 0);
    const ratio = Math.round((rate(16) / rate(1)) * 100) / 100;
    console.log(`  medians: 1 at a time ${rate(1)} saves/s, 16 at a time ${rate(16)} saves/s: ${ratio}×; ${errors} errors`);
    const [size] = rows<{ library: number; total: number; items: number }>(
      await database.db.execute(sql`
        select pg_total_relation_size('user_contents')::float8 as library, pg_database_size(current_database())::float8 as total,
          (select count(*) from user_contents where account_id = ${person.accountId})::int as items`),
    );
    const perItem = Math.round(size!.library / size!.items);
    console.log(
      `  on disk: user_contents with its indexes ${(size!.library / 1e6).toFixed(1)} MB (${perItem} B per saved item, ${size!.items} of the writer's), database ${(size!.total / 1e6).toFixed(1)} MB`,
    );
    // 10,000 bookmarks in 20 folders, imported through the import route by someone new.
    const importer = await addMember(database, hash, "importer", "Importer");
    const importToken = await signIn(address, importer.email);
    // The server runs in this process: its resident memory, sampled while the import runs, is what it costs.
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 25);
    const started = performance.now();
    const res = await fetch(`${address}/api/contentuser/import`, {
      method: "POST",
      headers: { authorization: `Bearer ${importToken}`, "content-type": "application/json" },
      body: JSON.stringify({ format: "bookmarks_html", content: bookmarkFile(IMPORT_SIZE) }),
    });
    const sent = (await res.json()) as { id?: number };
    if (res.status !== 202 || !sent.id) throw new Error(`the import answered ${res.status}: ${JSON.stringify(sent).slice(0, 300)}`);
    const acceptedSeconds = (performance.now() - started) / 1000;
    // The file is read when sent; a job saves its links. Done is when the person's page would say so.
    let answer: { status?: string; added?: number } = {};
    while (answer.status !== "done" && answer.status !== "failed") {
      await new Promise((resolve) => setTimeout(resolve, 100));
      answer = (await (
        await fetch(`${address}/api/contentuser/import/${sent.id}`, { headers: { authorization: `Bearer ${importToken}` } })
      ).json()) as typeof answer;
    }
    const importSeconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const rssGrowth = Math.round((rssPeak - rssBefore) / 1e6);
    console.log(`  memory while importing: resident set grew at most ${rssGrowth} MB`);
    if (answer.added !== IMPORT_SIZE) throw new Error(`the import ended ${JSON.stringify(answer).slice(0, 300)}`);
    console.log(`  the file read and the import accepted in ${acceptedSeconds.toFixed(1)} s`);
    console.log(
      `  import of ${IMPORT_SIZE.toLocaleString("en")} bookmarks in 20 folders: ${importSeconds.toFixed(1)} s (${Math.round(IMPORT_SIZE / importSeconds)} links/s)`,
    );
    record({
      bench: "writes",
      figure: `${engine}: import of ${IMPORT_SIZE.toLocaleString("en")} bookmarks`,
      value: Math.round(importSeconds * 10) / 10,
      unit: "s",
      target: "< 60 s",
      met: importSeconds < 60,
    });
    record({ bench: "writes", figure: `${engine}: memory growth while importing ${IMPORT_SIZE.toLocaleString("en")} bookmarks`, value: rssGrowth, unit: "MB" });
    const postgres = engine === "PostgreSQL";
    for (const level of LEVELS) record({ bench: "writes", figure: `${engine}: one person's saves, ${level} at a time`, value: rate(level), unit: "saves/s" });
    record({
      bench: "writes",
      figure: `${engine}: saves 16 at a time ÷ 1 at a time`,
      value: ratio,
      unit: "×",
      ...(postgres ? { target: "≥ 1.5×", met: ratio >= 1.5 } : {}),
    });
    record({ bench: "writes", figure: `${engine}: database growth per saved item`, value: perSaved, unit: "B" });
    return errors === 0 && importSeconds < 60 && (!postgres || ratio >= 1.5);
  } finally {
    await app.close();
  }
}

const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
if (pgUrl) await onFreshPostgres(pgUrl, "writes", (database) => benchEngine("PostgreSQL", database));
else console.log("\nPostgreSQL: skipped (set BENCH_DATABASE_URL=postgres://… to include it)");

if (process.env.BENCH_PGLITE === "false") {
  console.log("\nPGlite: skipped (BENCH_PGLITE=false)");
} else {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lw-bench-writes-"));
  const embedded = await openDatabase({ dataDir: dir });
  try {
    const ok = await benchEngine("PGlite (embedded)", embedded);
    if (!ok && process.env.BENCH_STRICT) process.exitCode = 1;
  } finally {
    await embedded.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
