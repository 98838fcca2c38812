import { and, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { contentItems, userContents } from "../../db/schema/index.ts";
import { prefixQuery, searchQuery } from "./search.scope.ts";

// A person's own saves read for a question put to the copilot: which of them each term of the
// question finds, by the library search's own query over the copy's words (title, author,
// description). Every read keeps to one owner's rows: private saves included, never anyone else's.

/** Beginnings only for words of four letters or more: "go" as a beginning would find "good". */
const MIN_PREFIX = 4;

/** One term of a question: the library search's query for each of its words, any of them. */
function termQuery(words: readonly string[]): SQL | null {
  const queries = words.filter((w) => w.trim()).map((w) => searchQuery(w, w.length >= MIN_PREFIX ? prefixQuery(w) : null));
  return queries.length ? sql`(${sql.join(queries, sql` || `)})` : null;
}

const columns = {
  id: userContents.id,
  contentId: userContents.contentId,
  contentType: userContents.contentType,
  title: userContents.title,
  url: userContents.url,
  author: userContents.author,
  durationS: userContents.durationS,
  description: userContents.description,
  imageUrl: userContents.imageUrl,
  provider: userContents.provider,
  isPrivate: userContents.isPrivate,
  courseStatus: userContents.courseStatus,
  accountId: userContents.accountId,
  language: contentItems.language,
  skills: contentItems.skills,
};

export function createSavedMatches(db: Db) {
  return {
    /**
     * The owner's saves that any term finds, best ranked first, with which terms each one matches
     * (1 or 0, in order): the caller decides how many terms make an item on topic.
     */
    async matching(ownerId: number, terms: readonly (readonly string[])[], limit: number) {
      const queries = terms.map(termQuery);
      const present = queries.filter((q): q is SQL => q !== null);
      if (!present.length) return [];
      const any = sql`(select ${sql.join(present, sql` || `)})`;
      const hits = queries.map((q) => (q ? sql`(case when ${userContents.search} @@ (select ${q}) then 1 else 0 end)` : sql`0`));
      const rows = await db
        .select({ ...columns, termHits: sql<number[]>`array[${sql.join(hits, sql`, `)}]::int[]` })
        .from(userContents)
        .innerJoin(contentItems, eq(contentItems.id, userContents.contentId))
        .where(and(eq(userContents.accountId, ownerId), sql`${userContents.search} @@ ${any}`))
        .orderBy(sql`ts_rank(${userContents.search}, ${any}) desc`, desc(userContents.id))
        .limit(limit);
      return rows.map((r) => ({ ...r, skills: r.skills ?? [], termHits: r.termHits ?? [] }));
    },

    /** The owner's copies of these catalog items, those still saved. */
    async copies(ownerId: number, contentIds: readonly number[]) {
      if (!contentIds.length) return [];
      const rows = await db
        .select(columns)
        .from(userContents)
        .innerJoin(contentItems, eq(contentItems.id, userContents.contentId))
        .where(and(eq(userContents.accountId, ownerId), inArray(userContents.contentId, [...contentIds])));
      return rows.map((r) => ({ ...r, skills: r.skills ?? [] }));
    },
  };
}
export type SavedMatches = ReturnType<typeof createSavedMatches>;
export type SavedCopyRow = Awaited<ReturnType<SavedMatches["copies"]>>[number];
