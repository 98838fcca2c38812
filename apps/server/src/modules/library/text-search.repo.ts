import { and, count, desc, eq, getTableColumns, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { accounts, contentItems, contentTexts, userContents } from "../../db/schema/index.ts";
import { textReadableBy } from "./catalog.scope.ts";
import { inList, matchesSearch, prefixQuery, searchQuery, type SearchFilter, stemmedQuery, type SQLValue } from "./search.scope.ts";

/**
 * A person's saved items that a search finds by their page's readable text alone, not by their title,
 * author or description: what the search answers after every such match. Read from the texts' side
 * (content_texts joined to the person's copies): the text's GIN index finds the company's matching
 * pages, each then one lookup of the person's copy, so the cost follows the matches, not the size of
 * the library. The text a person reads is textReadableBy's; the catalog row it asks about is read only
 * when the copy alone doesn't settle it. `owner`, `term` and `prefix` are values or placeholders.
 */
const textOnly = {
  join: (owner: SQLValue | number) => and(eq(userContents.contentId, contentTexts.contentId), eq(userContents.accountId, owner))!,
  where: (owner: SQLValue | number, term: SQLValue | string, prefix: SQLValue | string | null) =>
    and(
      sql`${contentTexts.search} @@ (select ${stemmedQuery(term)})`,
      sql`${contentTexts.companyId} = (select ${accounts.companyId} from ${accounts} where ${accounts.id} = ${owner})`,
      textReadableBy(owner, contentTexts, userContents, {
        id: contentTexts.contentId,
        privateOrigin: sql`(select ${contentItems.privateOrigin} from ${contentItems} where ${contentItems.id} = ${contentTexts.contentId})`,
      }),
      sql`not ${matchesSearch(sql`(select ${searchQuery(term, prefix)})`)}`,
    )!,
};

/**
 * The page of a search's text-only matches (textOnly) in a list, newest first, with their total,
 * prepared once per connection as the search's own statements are (planning it cost more than running
 * it for a narrow word). Not ranked: ranking reads every matching page's whole tsvector (up to hundreds
 * of kB each), so a broad word would cost more with every page kept.
 */
function prepareTextSearch(db: Db, name: string) {
  const p = sql.placeholder;
  const { search: _, ...content } = getTableColumns(userContents);
  const owner = p("owner");
  const statuses = sql`${p("statuses")}::text[]`;
  return db
    .select({ ...content, total: sql<number>`(count(*) over ())::int`.mapWith(Number) })
    .from(contentTexts)
    .innerJoin(userContents, textOnly.join(owner))
    .where(
      and(
        sql`${userContents.contentType} = any(${p("types")}::text[])`,
        sql`(${p("includePrivate")}::boolean or not ${userContents.isPrivate})`,
        sql`(${statuses} is null or ${userContents.courseStatus} = any(${statuses}))`,
        textOnly.where(owner, p("term"), p("prefix")),
      ),
    )
    .orderBy(desc(userContents.id))
    .limit(p("limit"))
    .offset(p("offset"))
    .prepare(name);
}

/** The search's text-only matches (search with in=text), on PGlite and PostgreSQL alike. */
export function createTextSearch(db: Db) {
  const textSearch = prepareTextSearch(db, "library_search_text");
  /** A page of the items a search finds by their text alone (textOnly), and how many there are (search's `inText`). */
  async function textOnlyPage(f: SearchFilter & { term: string }, offset: number, limit: number) {
    const rows = await textSearch.execute({
      owner: f.ownerId,
      includePrivate: f.includePrivate,
      types: [...f.types],
      statuses: f.courseStatuses ? [...f.courseStatuses] : null,
      term: f.term,
      prefix: prefixQuery(f.term),
      // A page filled by the title matches still needs the total: one row carries it.
      limit: Math.max(limit, 1),
      offset,
    });
    const total = rows[0]?.total ?? (offset > 0 ? await countTextOnly(f) : 0);
    return { rows: limit > 0 ? rows.map(({ total: _, ...row }) => row) : [], total };
  }
  async function countTextOnly(f: SearchFilter & { term: string }) {
    const [row] = await db
      .select({ n: count() })
      .from(contentTexts)
      .innerJoin(userContents, textOnly.join(f.ownerId))
      .where(and(inList(f), f.includePrivate ? undefined : eq(userContents.isPrivate, false), textOnly.where(f.ownerId, f.term, prefixQuery(f.term))));
    return row?.n ?? 0;
  }
  return { page: textOnlyPage };
}
