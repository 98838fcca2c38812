import { and, count, desc, eq, getTableColumns, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { contentItems, libraryTexts, userContents } from "../../db/schema/index.ts";
import { textReadableBy } from "./catalog.scope.ts";
import { inList, itemTagNames, matchesThroughIndex, prefixEntries, type SearchFilter, stemmedQuery, type SQLValue } from "./search.scope.ts";

/**
 * A person's saved items that a search finds by their page's readable text alone, not by their title,
 * author or description: what the search answers after every such match. Each copy's entry in
 * library_texts holds the words of the text it reads (textReadableBy's choice of text) beside the
 * copy's list columns, so the person's matches are read from their own entries in one index, as their
 * title matches are. `owner` and the term's values are values or placeholders.
 */
const textOnly = (owner: SQLValue | number, term: SQLValue, entries: SQLValue, longPrefix: SQLValue) =>
  and(
    eq(libraryTexts.accountId, owner),
    sql`${libraryTexts.search} @@ (select ${stemmedQuery(term)})`,
    // The rule for lending a shared text to a private copy reads other people's saves and collections,
    // so it is applied here, to the matches (the catalog row it asks about is read only when the copy
    // alone doesn't settle it).
    textReadableBy(
      owner,
      { contentId: libraryTexts.contentId, accountId: libraryTexts.textAccountId, shared: libraryTexts.textShared },
      { isPrivate: libraryTexts.isPrivate },
      {
        id: libraryTexts.contentId,
        privateOrigin: sql`(select ${contentItems.privateOrigin} from ${contentItems} where ${contentItems.id} = ${libraryTexts.contentId})`,
      },
    ),
    // Not a title match: those the person's search indexes find, once, as a hashed set.
    sql`${libraryTexts.userContentId} not in (select ${userContents.id} from ${userContents} where ${userContents.accountId} = ${owner} and ${matchesThroughIndex(term, entries, longPrefix)})`,
  )!;

/**
 * The page of a search's text-only matches (textOnly) in a list, newest first, with their total,
 * prepared once per connection as the search's own statements are (planning it cost more than running
 * it for a narrow word). Not ranked: the entries keep no positions, and ranking a broad word would
 * read every match's words.
 */
function prepareTextSearch(db: Db, name: string) {
  const p = sql.placeholder;
  const { search: _, ...columns } = getTableColumns(userContents);
  const statuses = sql`${p("statuses")}::text[]`;
  // The matches are counted and ordered as ids alone; only the page's rows are read whole.
  const candidates = db
    .select({ id: libraryTexts.userContentId, total: sql<number>`(count(*) over ())::int`.as("total") })
    .from(libraryTexts)
    .where(
      and(
        textOnly(p("owner"), p("term"), p("entries"), p("longPrefix")),
        sql`${libraryTexts.contentType} = any(${p("types")}::text[])`,
        sql`(${p("includePrivate")}::boolean or not ${libraryTexts.isPrivate})`,
        sql`(${statuses} is null or ${libraryTexts.courseStatus} = any(${statuses}))`,
      ),
    )
    .orderBy(desc(libraryTexts.userContentId))
    .limit(p("limit"))
    .offset(p("offset"))
    .as("candidates");
  return db
    .select({ ...columns, tags: itemTagNames, total: candidates.total })
    .from(candidates)
    .innerJoin(userContents, eq(userContents.id, candidates.id))
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
      .from(libraryTexts)
      .where(
        and(
          textOnly(f.ownerId, sql`${f.term}`, sql`${entries}`, sql`${longPrefix}`),
          inList(f, libraryTexts),
          f.includePrivate ? undefined : eq(libraryTexts.isPrivate, false),
        ),
      );
    return row?.n ?? 0;
  }
  return { page: textOnlyPage };
}
