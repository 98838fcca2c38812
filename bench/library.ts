// npm run bench: the personal library under load, on PostgreSQL (when BENCH_DATABASE_URL or
// DATABASE_URL is set) and PGlite. Seeds 100,000 catalog items, 1,000 people with 100 saved items
// each, and one person per library size (BENCH_SIZES, default 100, 10,000 and 100,000 saved items;
// PGlite only 100 unless BENCH_PGLITE_SIZES says more), then drives, per size, the list (the first
// page of 8 of the web app's tabs), search (8 broad terms) and the tab counts with autocannon at 32
// connections from a child process, and prints req/s, p50 and p99. Every saved item of those people
// has a page text (seedTexts), and "text search" is the search (in=text) for words only those texts hold; beside
// them a tag filter (tag=, five tags on one item in 2, 5, 10, 20 and 50) and the same tags searched as #tag. BENCH_SECONDS
// (default 10) per run; BENCH_PGLITE=false skips the embedded run; BENCH_KEEP keeps the PostgreSQL
// database; BENCH_TOP_FILE=<prefix> writes each term's first page per size to <prefix>.<engine>.<size>.json.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { fork } from "node:child_process";
import pg from "pg";
import { sql } from "drizzle-orm";
import { benchConfig } from "./config.ts";
import { record } from "./summary.ts";
import { bulkSeed, ITEMS, seedTexts, TERMS, TEXT_TERMS } from "./seed.ts";
import { openDatabase, type Database } from "../apps/server/src/db/client.ts";
import { seedDemo } from "../apps/server/src/db/seed/index.ts";
import { buildApp } from "../apps/server/src/app.ts";
import { addMember, BENCH_PASSWORD, signIn } from "./people.ts";

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 32;
const SIZES = (process.env.BENCH_SIZES ?? "100,10000,100000").split(",").map(Number);
// PGlite runs one statement at a time on the server's own event loop: the big libraries only with BENCH_PGLITE_SIZES.
const PGLITE_SIZES = (process.env.BENCH_PGLITE_SIZES ?? "100").split(",").map(Number);

type LoadResult = { rps: number; p50: number; p99: number; errors: number; total: number };

/** autocannon at CONNECTIONS connections for DURATION seconds, from a child process (see load-worker.mjs). */
function run(url: string, token: string | null, paths: string[]): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = fork(new URL("./load-worker.mjs", import.meta.url));
    child.once("message", (result) => resolve(result as LoadResult));
    child.once("error", reject);
    child.once("exit", (code) => code !== 0 && reject(new Error(`the load process exited with code ${code}`)));
    child.send({ url, connections: CONNECTIONS, duration: DURATION, headers: token ? { authorization: `Bearer ${token}` } : {}, paths });
  });
}

const secret = randomUUID() + randomUUID();

/** A person of acme with `size` saved items: a mix of types, courses in each state, one in ten private, one a minute. */
async function seedLibrary(database: Database, hash: string, size: number) {
  const { accountId, email } = await addMember(database, hash, `library${size}`, `Library ${size}`);
  // 104729 is prime to ITEMS: s ↦ 1 + (s·104729 mod ITEMS) names `size` distinct catalog items.
  await database.db.execute(sql`
    insert into user_contents (account_id, content_id, title, url, content_type, author, duration_s, description, is_private, course_status, created_at, updated_at)
    select ${accountId}, c.id, c.title, c.url, c.content_type, c.author, c.duration_s, c.description, s % 10 = 0,
      case when c.content_type = 'course' then (array['wishlist','running','finalized'])[1 + s % 3] end,
      now() - s * interval '1 minute', now() - s * interval '1 minute'
    from generate_series(1, ${size}) s
    join content_items c on c.company_id = 1 and c.normalized_url = 'https://bench.example/item/' || (1 + (s::bigint * 104729) % ${ITEMS})`);
  await seedTexts(database, accountId);
  return { accountId, email };
}

/** The person's tags, each on one of every `every` of their items (ids spread evenly): broad to narrow. */
const BENCH_TAGS = { reading: 2, leadership: 5, data: 10, career: 20, ops: 50 } as const;
async function seedTags(database: Database, accountId: number) {
  const names = `{${Object.keys(BENCH_TAGS).join(",")}}`;
  const every = `{${Object.values(BENCH_TAGS).join(",")}}`;
  await database.db.execute(sql`
    with made as (insert into tags (account_id, name) select ${accountId}::int, t.name from unnest(${names}::text[]) t(name) returning id, name)
    insert into user_content_tags (tag_id, user_content_id, item_created_at)
    select made.id, uc.id, uc.created_at from made
    join unnest(${names}::text[], ${every}::int[]) d(name, every) on d.name = made.name
    join user_contents uc on uc.account_id = ${accountId}::int and uc.id % d.every = 0`);
}

const line = (name: string, r: LoadResult) => `  ${name.padEnd(12)}: ${String(r.rps).padStart(6)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, errors ${r.errors}`;

/** The web app's first page of 8 of each library tab (features/library/query.ts). */
const LIST_PATHS = ["contenType=all", "contenType=article", "contenType=video", "contenType=course&is_wishlist=true"].map(
  (q) => `/api/contentuser/search?page=1&page_size=8&${q}`,
);
const tagPath = (tag: string) => `/api/contentuser/search?page=1&page_size=8&contenType=all&tag=${encodeURIComponent(tag)}`;
const searchPath = (term: string) => `/api/contentuser/search?page=1&page_size=8&contenType=all&search=${encodeURIComponent(term)}`;

async function benchEngine(name: string, database: Database, sizes: number[]) {
  console.log(`\n${name}`);
  const port = Number(process.env.BENCH_PORT ?? 3999);
  const config = benchConfig(port, secret);
  const app = await buildApp({ config, database, authSecret: secret, logger: false });
  app.get("/bench/hello", { config: { access: "public" } }, async () => ({ hello: "world" }));
  await seedDemo(database.db, { password: BENCH_PASSWORD, auth: app.auth });
  await bulkSeed(database);
  const hash = await (await app.auth.$context).password.hash(BENCH_PASSWORD);
  const emails: Record<number, string> = {};
  for (const size of sizes) {
    const t = Date.now();
    const library = await seedLibrary(database, hash, size);
    emails[size] = library.email;
    await seedTags(database, library.accountId);
    console.log(`  seeded a library of ${size} items in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  }
  // A settled database, as autovacuum leaves it soon after a bulk load: otherwise its vacuum of the
  // 200,000 new rows (and their search indexes) runs during the measurements, at random.
  await database.db.execute(sql`vacuum analyze`);
  // And written out: the bulk load's dirty pages (page texts make it hundreds of MB) would otherwise be
  // flushed by the checkpointer during the measurements, slowing every request alike (/api/me too).
  // CHECKPOINT needs a superuser or pg_checkpoint; without either the figures may carry that flush.
  if (name.startsWith("PostgreSQL")) {
    await database.db.execute(sql`checkpoint`).catch(() => console.log("  (no CHECKPOINT: grant pg_checkpoint to the bench's user for settled figures)"));
  }
  const address = await app.listen({ port, host: "127.0.0.1" });
  const member = await signIn(address, "member@acme.test");
  const hello = await run(address, null, ["/bench/hello"]);
  const me = await run(address, member, ["/api/me"]);
  console.log(line("hello-world", hello));
  console.log(line("/api/me", me));
  for (const size of sizes) {
    const token = await signIn(address, emails[size]!);
    // The first page of each bench term, to show that bounding the ranking keeps it.
    const top: Record<string, string[]> = {};
    for (const term of [...TERMS, ...TEXT_TERMS]) {
      const path = TEXT_TERMS.includes(term) ? `${searchPath(term)}&in=text` : searchPath(term);
      const res = await fetch(`${address}${path}`, { headers: { authorization: `Bearer ${token}` } });
      const body = (await res.json()) as { count: number; results: { title: string }[] };
      top[term] = [`(${body.count} matches)`, ...body.results.map((r) => r.title)];
    }
    if (process.env.BENCH_TOP_FILE) fs.writeFileSync(`${process.env.BENCH_TOP_FILE}.${name.split(" ")[0]}.${size}.json`, JSON.stringify(top, null, 1));
    const list = await run(address, token, LIST_PATHS);
    const search = await run(address, token, TERMS.map(searchPath));
    // The web app's second request of a search: the items its words find in page texts alone.
    const textSearch = await run(
      address,
      token,
      TEXT_TERMS.map((term) => `${searchPath(term)}&in=text`),
    );
    const counts = await run(address, token, ["/api/contentuser/counts"]);
    const tagged = await run(address, token, Object.keys(BENCH_TAGS).map(tagPath));
    const hashTag = await run(
      address,
      token,
      Object.keys(BENCH_TAGS).map((tag) => searchPath(`#${tag}`)),
    );
    console.log(`  library of ${size} items`);
    console.log(line("list", list));
    console.log(line("search", search));
    console.log(line("text search", textSearch));
    console.log(line("tag filter", tagged));
    console.log(line("#tag search", hashTag));
    console.log(line("tab counts", counts));
    const engine = name.split(" ")[0]!;
    // Targets on 10,000 items (PostgreSQL); on 100,000 at least half of them; 100 items: the same as 10,000 (flat).
    const scale = size >= 100_000 ? 0.5 : 1;
    for (const [figure, r, floor] of [
      ["list", list, 1000],
      ["search", search, 500],
      ["tab counts", counts, undefined],
      // As fast as a search of the same library, at least, measured in the same run: full-text search
      // of the pages' texts, the tag filter and #tag.
      ["text search", textSearch, search.rps],
      ["tag filter", tagged, search.rps],
      ["#tag search", hashTag, search.rps],
    ] as const) {
      const target = floor === undefined ? undefined : figure === "list" || figure === "search" ? floor * scale : floor;
      record({
        bench: "library",
        figure: `${engine}, ${size.toLocaleString("en")} items: ${figure}`,
        value: r.rps,
        unit: "req/s",
        ...(target !== undefined && engine === "PostgreSQL" ? { target: `≥ ${target} req/s`, met: r.rps >= target } : {}),
      });
      record({
        bench: "library",
        figure: `${engine}, ${size.toLocaleString("en")} items: ${figure} p99`,
        value: r.p99,
        unit: "ms",
        ...(engine === "PostgreSQL" ? { target: `≤ ${100 / scale} ms`, met: r.p99 <= 100 / scale } : {}),
      });
    }
  }
  console.log(
    "  targets (PostgreSQL, 10,000 items): list ≥ 1,000 req/s, search ≥ 500 req/s, p99 ≤ 100 ms; 100,000 items: at least half of that; text search, tag filter and #tag search at least the search's req/s",
  );
  // Let requests autocannon abandoned finish before the pool closes.
  await new Promise((r) => setTimeout(r, 1000));
  await app.close();
}

const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
if (pgUrl) {
  const name = `lw_bench_${randomUUID().slice(0, 8)}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  // The pool the app itself runs with (db/client.ts).
  const database = await openDatabase({ url: url.toString() });
  try {
    await benchEngine("PostgreSQL", database, SIZES);
  } finally {
    await database.close();
    if (process.env.BENCH_KEEP) console.log(`  kept database ${name}`);
    else await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
} else {
  console.log("\nPostgreSQL: skipped (set BENCH_DATABASE_URL=postgres://… to include it)");
}

if (process.env.BENCH_PGLITE === "false") {
  console.log("\nPGlite: skipped (BENCH_PGLITE=false)");
} else {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lw-bench-"));
  const embedded = await openDatabase({ dataDir: dir });
  try {
    await benchEngine("PGlite (embedded)", embedded, PGLITE_SIZES);
  } finally {
    await embedded.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
