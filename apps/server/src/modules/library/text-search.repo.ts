import { and, count, desc, eq, getTableColumns, sql, type SQLWrapper } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { accounts, contentItems, contentTexts, libraryCounts, userContents } from "../../db/schema/index.ts";
import { textReadableBy } from "./catalog.scope.ts";
import { inList, itemTagNames, matchesThroughIndex, prefixEntries, type SearchFilter, stemmedQuery, type SQLValue } from "./search.scope.ts";

/**
 * A lookup of the person's copy for one matching page costs about what hashing this many of their
 * copies does (bench, 10,000 items, warm, one at a time: a word on 5,000 pages 15 ms by lookups, 5.6 ms
 * by hashing the copies read from their covering index; on 100 pages 0.8 ms against 2.9 ms). So a
 * word on more of the company's pages than the library's size over this is matched by hashing.
 */
export const COPIES_PER_LOOKUP = 5;

/**
 * A person's saved items that a search finds by their page's readable text alone, not by their title,
 * author or description: what the search answers after every such match. The text's GIN index finds
 * the company's matching pages (`texts`); a page answers for the person's copy of its item when it is
 * the text textReadableBy gives them (`readable`, the catalog row it asks about is read only when the
 * copy alone doesn't settle it) and the copy is in the list asked for (`copies`). `owner` and the
 * term's values are values or placeholders.
 */
const textOnly = {
  texts: (owner: SQLValue | number, term: SQLValue) =>
    and(
      sql`${contentTexts.search} @@ (select ${stemmedQuery(term)})`,
      sql`${contentTexts.companyId} = (select ${accounts.companyId} from ${accounts} where ${accounts.id} = ${owner})`,
    )!,
  readable: (owner: SQLValue | number, copy: { isPrivate: SQLWrapper }) =>
    textReadableBy(owner, contentTexts, copy, {
      id: contentTexts.contentId,
      privateOrigin: sql`(select ${contentItems.privateOrigin} from ${contentItems} where ${contentItems.id} = ${contentTexts.contentId})`,
    }),
  /** The copy's own conditions: the person's, and not a title match. */
  copies: (owner: SQLValue | number, term: SQLValue, entries: SQLValue, longPrefix: SQLValue) =>
    and(
      eq(userContents.accountId, owner),
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
 *
 * Two ways to join pages to copies (COPIES_PER_LOOKUP), one per branch of a UNION ALL, each gated by
 * whether the company's matching pages outnumber the library's size over COPIES_PER_LOOKUP (`probe`,
 * counted only that far, once, in a CTE): a prepared plan can't tell a word on 100 pages from one on
 * 5,000, but a gate on a value the statement computes first is decided when it runs, and the other
 * branch never starts.
 */
function prepareTextSearch(db: Db, name: string) {
  const p = sql.placeholder;
  const { search: _, ...columns } = getTableColumns(userContents);
  const owner = p("owner");
  const term = p("term");
  const statuses = sql`${p("statuses")}::text[]`;
  const inListAsked = and(
    sql`${userContents.contentType} = any(${p("types")}::text[])`,
    sql`(${p("includePrivate")}::boolean or not ${userContents.isPrivate})`,
    sql`(${statuses} is null or ${userContents.courseStatus} = any(${statuses}))`,
  );
  // How many of the company's pages hold the words, counted no further than the hash needs (`enough`).
  const size = db.$with("size").as(
    db
      .select({ enough: sql<number>`coalesce(sum(${libraryCounts.n}), 0) / ${COPIES_PER_LOOKUP} + 1`.as("enough") })
      .from(libraryCounts)
      .where(eq(libraryCounts.accountId, owner)),
  );
  const probe = db
    .$with("probe")
    .as(
      db
        .select({ pages: sql<number>`count(*)`.as("pages") })
        .from(sql`(select 1 from ${contentTexts} where ${textOnly.texts(owner, term)} limit (select ${size.enough} from ${size})) as matching`),
    );
  const broad = sql`(select ${probe.pages} = ${size.enough} from ${probe}, ${size})`;
  const total = sql<number>`(count(*) over ())::int`.as("total");

  // A narrow word: each matching page's copy, looked up by its index, a join of its own (LATERAL, kept
  // apart by its OFFSET) because a prepared plan otherwise hashed every copy of the person for a word
  // on a hundred pages (bench: 14 of 15 ms).
  const copy = db
    .select({ id: userContents.id })
    .from(userContents)
    .where(
      and(
        eq(userContents.contentId, contentTexts.contentId),
        textOnly.copies(owner, term, p("entries"), p("longPrefix")),
        textOnly.readable(owner, userContents),
        inListAsked,
      ),
    )
    // Written as a value: the query builder leaves out an OFFSET of 0.
    .offset(p("none"))
    .as("copy");
  const byLookup = db
    .select({ id: copy.id, total })
    .from(contentTexts)
    .innerJoinLateral(copy, sql`true`)
    .where(and(textOnly.texts(owner, term), sql`not ${broad}`));
  // A broad word: the person's copies in the list, hashed once (kept apart by their OFFSET, so that
  // they can't be looked up one page at a time), against the matching pages.
  const mine = db
    .select({ id: userContents.id, contentId: userContents.contentId, isPrivate: userContents.isPrivate })
    .from(userContents)
    .where(and(textOnly.copies(owner, term, p("entries"), p("longPrefix")), inListAsked))
    .offset(p("none"))
    .as("mine");
  const byHash = db
    .select({ id: mine.id, total })
    .from(contentTexts)
    .innerJoin(mine, and(eq(mine.contentId, contentTexts.contentId), textOnly.readable(owner, mine)))
    .where(and(textOnly.texts(owner, term), broad));
  const matches = byLookup.unionAll(byHash).as("matches");
  // The matches are counted and ordered as ids alone; only the page's rows are read whole.
  const candidates = db
    .select({ id: matches.id, total: matches.total })
    .from(matches)
    .orderBy(desc(matches.id))
    .limit(p("limit"))
    .offset(p("offset"))
    .as("candidates");
  return db
    .with(size, probe)
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
      .innerJoin(
        userContents,
        and(
          eq(userContents.contentId, contentTexts.contentId),
          textOnly.copies(f.ownerId, sql`${f.term}`, sql`${entries}`, sql`${longPrefix}`),
          textOnly.readable(f.ownerId, userContents),
        ),
      )
      .where(and(inList(f), f.includePrivate ? undefined : eq(userContents.isPrivate, false), textOnly.texts(f.ownerId, sql`${f.term}`)));
    return row?.n ?? 0;
  }
  return { page: textOnlyPage };
}
