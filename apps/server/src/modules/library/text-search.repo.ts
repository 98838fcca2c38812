import { and, count, desc, eq, getTableColumns, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { accounts, contentItems, contentTexts, userContents } from "../../db/schema/index.ts";
import { textReadableBy } from "./catalog.scope.ts";
import { inList, itemTagNames, matchesThroughIndex, prefixEntries, type SearchFilter, stemmedQuery, type SQLValue } from "./search.scope.ts";

/**
 * A person's saved items that a search finds by their page's readable text alone, not by their title,
 * author or description: what the search answers after every such match. Read from the texts' side:
 * the text's GIN index finds the company's matching pages (`texts`), each then one lookup of the
 * person's copy by (account, content) and its checks (`copies`), so the cost follows the matches, not
 * the size of the library. The text a person reads is textReadableBy's; the catalog row it asks about
 * is read only when the copy alone doesn't settle it. `owner` and the term's values are values or
 * placeholders.
 */
const textOnly = {
  texts: (owner: SQLValue | number, term: SQLValue) =>
    and(
      sql`${contentTexts.search} @@ (select ${stemmedQuery(term)})`,
      sql`${contentTexts.companyId} = (select ${accounts.companyId} from ${accounts} where ${accounts.id} = ${owner})`,
    )!,
  copies: (owner: SQLValue | number, term: SQLValue, entries: SQLValue, longPrefix: SQLValue) =>
    and(
      eq(userContents.contentId, contentTexts.contentId),
      eq(userContents.accountId, owner),
      textReadableBy(owner, contentTexts, userContents, {
        id: contentTexts.contentId,
        privateOrigin: sql`(select ${contentItems.privateOrigin} from ${contentItems} where ${contentItems.id} = ${contentTexts.contentId})`,
      }),
      // Not a title match: those the person's search indexes find, once, as a hashed set (matching
      // every copy's tsvector against the prefix query instead cost a third of the search).
      sql`${userContents.id} not in (select ${userContents.id} from ${userContents} where ${userContents.accountId} = ${owner} and ${matchesThroughIndex(term, entries, longPrefix)})`,
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
  const { search: _, ...columns } = getTableColumns(userContents);
  const owner = p("owner");
  const statuses = sql`${p("statuses")}::text[]`;
  // The copy of each matching page, looked up by its index: a join of its own (LATERAL, kept apart by
  // its OFFSET) because a prepared plan can't tell a 10,000-item library from a 10-item one and
  // otherwise hashed every copy of the person for a word on a hundred pages (bench: 14 of 15 ms).
  const copy = db
    .select({ id: userContents.id, address: sql<string>`${userContents}.ctid`.as("address") })
    .from(userContents)
    .where(
      and(
        textOnly.copies(owner, p("term"), p("entries"), p("longPrefix")),
        sql`${userContents.contentType} = any(${p("types")}::text[])`,
        sql`(${p("includePrivate")}::boolean or not ${userContents.isPrivate})`,
        sql`(${statuses} is null or ${userContents.courseStatus} = any(${statuses}))`,
      ),
    )
    // Written as a value: the query builder leaves out an OFFSET of 0.
    .offset(p("none"))
    .as("copy");
  // The matches are counted and ordered as ids and row addresses alone; only the page's rows are
  // read whole, by address, as the large library's search does (bench, 10,000 items, a word in half
  // the pages: the window over whole rows was a quarter of the time).
  const candidates = db
    .select({ id: copy.id, address: copy.address, total: sql<number>`(count(*) over ())::int`.as("total") })
    .from(contentTexts)
    .innerJoinLateral(copy, sql`true`)
    .where(textOnly.texts(owner, p("term")))
    .orderBy(desc(copy.id))
    .limit(p("limit"))
    .offset(p("offset"))
    .as("candidates");
  return db
    .select({ ...columns, tags: itemTagNames, total: candidates.total })
    .from(candidates)
    .innerJoin(userContents, sql`${userContents}.ctid = ${candidates.address}`)
    .orderBy(desc(userContents.id))
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
      ...prefixEntries(f.term),
      none: 0,
      // A page filled by the title matches still needs the total: one row carries it.
      limit: Math.max(limit, 1),
      offset,
    });
    const total = rows[0]?.total ?? (offset > 0 ? await countTextOnly(f) : 0);
    return { rows: limit > 0 ? rows.map(({ total: _, ...row }) => row) : [], total };
  }
  async function countTextOnly(f: SearchFilter & { term: string }) {
    const { entries, longPrefix } = prefixEntries(f.term);
    const [row] = await db
      .select({ n: count() })
      .from(contentTexts)
      .innerJoin(userContents, textOnly.copies(f.ownerId, sql`${f.term}`, sql`${entries}`, sql`${longPrefix}`))
      .where(and(inList(f), f.includePrivate ? undefined : eq(userContents.isPrivate, false), textOnly.texts(f.ownerId, sql`${f.term}`)));
    return row?.n ?? 0;
  }
  return { page: textOnlyPage };
}
