import { and, getTableName, inArray, sql, type Placeholder, type SQL } from "drizzle-orm";
import { libraryCounts, libraryTexts, tags, userContents, userContentTags } from "../../db/schema/index.ts";
import type { LibraryList } from "./content.lists.ts";

// The library search's SQL pieces: how a term becomes a tsquery, and how an item's words match it.

export type SQLValue = SQL | Placeholder;

export const searchWords = (term: string) =>
  term
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 12);

/** Words of a search as an unstemmed prefix query: "kube fund" → kube:* & fund:*. */
export function prefixQuery(term: string): string | null {
  const words = searchWords(term);
  return words.length ? words.map((w) => `${w}:*`).join(" & ") : null;
}

/** The longest beginning of a word kept as an exact index entry (migration 0028, learnward_search_prefixes). */
export const PREFIX_ENTRY_LENGTH = 24;

/**
 * The same words as exact entries of learnward_search_prefixes: "kube fund" → kube & fund, each cut
 * to PREFIX_ENTRY_LENGTH characters; and, when a word was cut, the prefix query that checks it whole.
 */
export function prefixEntries(term: string): { entries: string | null; longPrefix: string | null } {
  const words = searchWords(term).map((w) => Array.from(w));
  if (!words.length) return { entries: null, longPrefix: null };
  return {
    entries: words.map((w) => w.slice(0, PREFIX_ENTRY_LENGTH).join("")).join(" & "),
    longPrefix: words.some((w) => w.length > PREFIX_ENTRY_LENGTH) ? prefixQuery(term) : null,
  };
}

/**
 * The item's tags by name, as a column of the page that lists it: read in the same statement, only for
 * the page's rows (the planner evaluates a subquery in the select list after the sort and limit), so a
 * list costs one round trip (bench, 10,000 items: a second query for the page's tags cost a quarter of
 * the list's throughput).
 */
// Spelt out whole: a single-table select renders its columns without their table, and the subquery
// must name the listed item's id, not a tag's.
export const itemTagNames = sql<string[]>`(select coalesce(array_agg(t.name order by lower(t.name), t.id), '{}')
  from ${userContentTags} ut join ${tags} t on t.id = ut.tag_id where ut.user_content_id = ${sql.identifier(getTableName(userContents))}.id)`;

/** A search's words stemmed in English and in Spanish, as the search column keeps them. */
export const englishStems = (term: SQLValue | string) => sql`websearch_to_tsquery('english', ${term})`;
export const spanishStems = (term: SQLValue | string) => sql`websearch_to_tsquery('spanish', ${term})`;
export const stemmedQuery = (term: SQLValue | string) => sql`${englishStems(term)} || ${spanishStems(term)}`;

/** What a search matches: its stems, or the beginnings of its words (`prefix`, prefixQuery; none when null). */
export const searchQuery = (term: SQLValue | string, prefix: SQLValue | string | null) =>
  sql`(${stemmedQuery(term)} || coalesce(to_tsquery('simple', ${prefix}::text), ''::tsquery))`;

export const tsQuery = (term: string): SQL => searchQuery(term, prefixQuery(term));

/**
 * A person's items matching a search term. Their library is a few hundred rows, read through the
 * account index: matching them one by one beats intersecting with the whole company's search index
 * (a prefix like sql:* hits thousands of rows there: 2.8 ms against 0.3 ms on the bench data), so
 * the match is written in a form that index can't serve, and the query is a scalar subquery, parsed
 * once per call instead of once per row. coalesce rather than `|| ''::tsvector`: the same plan
 * without copying every row's tsvector (bench data: 0.31–0.42 ms → 0.22–0.24 ms per search).
 */
export const matchesSearch = (query: SQL) => sql`coalesce(${userContents.search}, ''::tsvector) @@ ${query}`;

/**
 * Past this many saved items a library is searched through the person's search indexes instead of
 * match by match, and a broad search ranks only its RANKED_MATCHES newest matches (a
 * 100,000-item library matched 100,000 rows and ranked 16,666 for "leadership"). Below it the match
 * by match read stays the faster one (0.3 ms against 2–7 ms for 100 items on the bench data).
 */
export const LARGE_LIBRARY = 1_000;
export const RANKED_MATCHES = 500;

/**
 * What tsQuery matches, said so that both indexes serve it with exact entries: the stems through
 * user_contents_account_search_idx, the words' beginnings through user_contents_account_prefix_idx
 * (migration 0028) instead of a partial match over every person's words (bench data, 10,000 items:
 * 10.6 → 4.5 ms a search). A beginning longer than the index keeps is checked whole on the row.
 * `term`, `entries` and `longPrefix` are text values or placeholders (prefixEntries).
 */
export const matchesThroughIndex = (term: SQLValue, entries: SQLValue, longPrefix: SQLValue) => {
  const stemmed = sql`(select ${stemmedQuery(term)})`;
  const beginnings = sql`to_tsquery('simple', ${entries}::text)`;
  // When the stems are the words themselves ("feedback", "sql"), every item holding them also holds
  // them as beginnings: the stems index would find the same items again (bench data, 100,000 items,
  // "leadership": 11.7 → 9.6 ms a search). A null query reads nothing from a GIN index. Comparing
  // the queries' texts is enough: the beginnings are words joined by &, never a negation; but a
  // word the parser splits ("m²n" is 'm' <-> 'n') is a phrase, which the beginnings, kept without
  // positions, never match, so a query with `<` keeps its stems.
  const stemsToRead = sql`(select case when ${englishStems(term)}::text = ${beginnings}::text
    and ${spanishStems(term)}::text = ${beginnings}::text and strpos(${beginnings}::text, '<') = 0
    then null else ${stemmedQuery(term)} end)`;
  const search = userContents.search;
  return sql`(${search} @@ ${stemsToRead} or learnward_search_prefixes(${search}) @@ (select ${beginnings}))
    and (${longPrefix}::text is null or ${search} @@ (${stemmed} || to_tsquery('simple', ${longPrefix}::text)))`;
};

/** matchesThroughIndex for a search term, as a large library's counts read it. */
export function largeLibraryMatch(term: string): SQL {
  const { entries, longPrefix } = prefixEntries(term);
  return matchesThroughIndex(sql`${term}`, sql`${entries}`, sql`${longPrefix}`);
}

/** tsQuery with its values as placeholders (`term`, `prefix`), for prepared statements. */
export const TS_QUERY_PLACEHOLDERS = searchQuery(sql.placeholder("term"), sql.placeholder("prefix"));

/** Membership of a list (content.lists.ts), in the library or in its kept counts; the prepared statements state the same with placeholders. */
export const inList = (list: LibraryList, table: typeof userContents | typeof libraryCounts | typeof libraryTexts = userContents): SQL =>
  and(inArray(table.contentType, [...list.types]), list.courseStatuses ? inArray(table.courseStatus, [...list.courseStatuses]) : undefined)!;

export interface SearchFilter extends LibraryList {
  ownerId: number;
  includePrivate: boolean;
  term?: string;
  /** Only the items the term finds by their page's text alone (textOnly), not by their title, author or description. */
  inText?: boolean;
  /** Only items carrying every one of these tags (the owner's; NO_TAG: a tag that does not exist, so nothing). */
  tagIds?: readonly number[];
  limit: number;
  offset: number;
}
