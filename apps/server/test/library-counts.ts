import { expect } from "vitest";
import { sql } from "drizzle-orm";
import type { TestContext } from "./helpers.ts";
import type { Person } from "./factories.ts";

// What the library's count and concurrency tests share (library/content.counts.test.ts, content.concurrency.test.ts).

type Bucket = { account_id: number; content_type: string; course_status: string; is_private: boolean; slot: number; n: number };

async function buckets(t: TestContext, query: ReturnType<typeof sql>): Promise<Bucket[]> {
  const { rows } = (await t.database.db.execute(query)) as { rows: Bucket[] };
  return rows.map((r) => ({ ...r, slot: Number(r.slot), n: Number(r.n) })).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

/**
 * The kept counts (zero rows left behind are no count) against the library itself, slot by slot:
 * an item counts in the slot of its id, so that one person's concurrent writes share no row.
 */
export async function expectKeptCountsExact(t: TestContext) {
  const kept = await buckets(t, sql`select account_id, content_type, course_status, is_private, slot, n from library_counts where n <> 0`);
  const library = await buckets(
    t,
    sql`
    select account_id, content_type, coalesce(course_status, '') as course_status, is_private, id % 16 as slot, count(*)::int as n
    from user_contents group by 1, 2, 3, 4, 5`,
  );
  expect(kept).toEqual(library);
}

/** Saves a link (its page not read) and expects it saved. */
export async function saveLink(p: Person, url: string, title: string, extra: Record<string, unknown> = {}) {
  const res = await p.client.post("/api/contentuser/save/", { url, title, fetch_metadata: false, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id_primary: number; id_content: number };
}
