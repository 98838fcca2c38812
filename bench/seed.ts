// The library benches' shared data (bench/library.ts, bench/reference.ts): BENCH_ITEMS catalog items
// (100,000) with titles from real vocabulary, and BENCH_USERS people (1,000) with BENCH_SAVED saved
// items each (100), set-based so that it takes seconds.
import { sql } from "drizzle-orm";
import type { Database } from "../apps/server/src/db/client.ts";

export const ITEMS = Number(process.env.BENCH_ITEMS ?? 100_000);
export const USERS = Number(process.env.BENCH_USERS ?? 1_000);
export const SAVED = Number(process.env.BENCH_SAVED ?? 100);
/** The bench's broad search terms. */
export const TERMS = ["sql", "leadership", "python data", "kubernetes", "negotiation", "#design", "feedback", "cloud security"];

/**
 * Words only the pages' texts hold (content_texts), from every second page to every hundredth, and one
 * with a title word: what full-text search finds after the title matches.
 */
export const TEXT_TERMS = ["mentoring", "retrospective", "observability", "sql mentoring"];

/**
 * A readable text for every item of one person's library that has none yet, as the job after a save
 * keeps it: about 2,000 characters of common words around the item's title, with TEXT_TERMS' words
 * in every 2nd (mentoring), 10th (retrospective) and 100th (observability) page.
 */
export async function seedTexts(database: Database, accountId: number) {
  await database.db.execute(sql`
    with words as (select array['team','work','plan','review','goal','habit','week','meeting','notes','share','learn','practice','skill','project','update','owner','risk','deadline','quality','customer','value','change','process','tool','example','question','answer','lesson','story','idea'] as w)
    insert into content_texts (content_id, company_id, account_id, shared, source_url, title, text, word_count)
    select c.id, c.company_id, ${accountId}, true, c.url, c.title,
      'Notes on ' || c.title || '.' || chr(10) || chr(10) || body.text
        || case when c.id % 2 = 0 then ' Mentoring keeps the habit alive.' else '' end
        || case when c.id % 10 = 0 then ' The retrospective changed the plan.' else '' end
        || case when c.id % 100 = 0 then ' Observability showed the risk early.' else '' end,
      300
    from user_contents u
    join content_items c on c.id = u.content_id
    cross join words
    cross join lateral (select string_agg(w[1 + ((c.id * 7 + i * 13 + i * i) % 30)], ' ') as text from generate_series(1, 300) i) body
    where u.account_id = ${accountId}
    on conflict do nothing`);
}

export async function bulkSeed(database: Database) {
  const db = database.db;
  const t = Date.now();
  // Titles and descriptions from real vocabulary so search has realistic selectivity.
  await db.execute(sql`
    with words as (select array['sql','leadership','python','data','analysis','kubernetes','negotiation','design','feedback','cloud','security','excel','marketing','sales','react','javascript','finance','coaching','strategy','product','agile','writing','statistics','machine','learning','public','speaking','ux','research','docker'] as w)
    insert into content_items (company_id, url, normalized_url, title, content_type, provider, author, duration_s, description, language, skills)
    select 1, 'https://bench.example/item/' || g, 'https://bench.example/item/' || g,
      initcap(w[1 + (g * 7) % 30] || ' ' || w[1 + (g * 13) % 30] || ' for ' || w[1 + (g * 17) % 30]) || ' ' || g,
      (array['article','video','course','podcast','book'])[1 + g % 5], null, 'Author ' || (g % 997), 300 + g % 7200,
      'A practical guide to ' || w[1 + (g * 19) % 30] || ' and ' || w[1 + (g * 23) % 30] || ' in teams.', 'en', array[w[1 + (g * 7) % 30]]
    from generate_series(1, ${ITEMS}) g, words`);
  await db.execute(sql`
    insert into auth_users (id, name, email, email_verified)
    select 'bench-' || g, 'Bench Person ' || g, 'bench' || g || '@acme.test', true from generate_series(1, ${USERS}) g`);
  await db.execute(sql`
    insert into accounts (uid, company_id, role, username)
    select 'bench-' || g, 1, 'member', 'bench' || g from generate_series(1, ${USERS}) g`);
  await db.execute(sql`
    insert into user_contents (account_id, content_id, title, url, content_type, author, duration_s, description)
    select a.id, c.id, c.title, c.url, c.content_type, c.author, c.duration_s, c.description
    from accounts a
    cross join lateral generate_series(1, ${SAVED}) s
    join content_items c on c.id = 1 + ((a.id * 7919 + s * 104729) % ${ITEMS})
    where a.role = 'member'
    on conflict do nothing`);
  await db.execute(sql`analyze`);
  // db.execute's result is typed per driver (PGlite | pg); both carry rows.
  const { rows } = (await db.execute(sql`select count(*)::int as n from user_contents`)) as unknown as { rows: { n: number }[] };
  const [row] = rows;
  console.log(`  seeded ${ITEMS} items, ${USERS} people, ${row?.n} saved items in ${((Date.now() - t) / 1000).toFixed(1)} s`);
}
