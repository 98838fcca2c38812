import { and, count, desc, eq, getTableColumns, inArray, isNotNull, sql, type SQL } from "drizzle-orm";
import { type ContentCounts, type ContentType } from "@learnward/contracts";
import type { Db } from "../../db/client.ts";
import { accounts, contentItems, libraryCounts, userContents, userContentTags } from "../../db/schema/index.ts";
import { createCatalogRepo } from "./catalog.repo.ts";
import { createContentWrites } from "./content-writes.repo.ts";
import { COUNTED_LISTS, type LibraryList, STATE_LISTS } from "./content.lists.ts";
import {
  inList,
  itemTagNames,
  largeLibraryMatch,
  LARGE_LIBRARY,
  matchesSearch,
  prefixEntries,
  prefixQuery,
  RANKED_MATCHES,
  type SearchFilter,
  TS_QUERY_PLACEHOLDERS,
  tsQuery,
  matchesThroughIndex,
} from "./search.scope.ts";
import { prepareTagList, tagListValues } from "./tag-list.scope.ts";
import { createTextSearch } from "./text-search.repo.ts";

export { LARGE_LIBRARY, RANKED_MATCHES, largeLibraryMatch, type SearchFilter };

export type UserContentRow = typeof userContents.$inferSelect;
export type NewUserContent = typeof userContents.$inferInsert;
export type { CatalogRow } from "./catalog.repo.ts";

/** Stands for a tag named in a filter that the person does not have: no item carries it. */
export const NO_TAG = 0;

/** The item carries the tag. */
const carries = (tagId: number) =>
  sql`exists (select 1 from ${userContentTags} where ${userContentTags.userContentId} = ${userContents.id} and ${userContentTags.tagId} = ${tagId}::int)`;

type SearchShape = "term" | "termLarge" | "termDeep" | "oneType" | "types";

/**
 * The library search, the hottest call there is: one statement per shape, prepared once per
 * connection, answering the page and its total together (bench: building, parsing and planning the
 * query, and a second one for the count, were most of its cost). A list without a term
 * reads its page in the order of an index — (account, type, created, id) for one type,
 * (account, created, id) for several; PostgreSQL 15 keeps no index order under `= any(array)`, hence
 * a statement of its own for one type — and takes its total from the kept counts (library_counts),
 * so neither grows with the library.
 */
function prepareSearch(db: Db, shape: SearchShape, name: string) {
  const p = sql.placeholder;
  // Everything but the tsvector, which no answer shows and which is the widest column by far.
  const { search: _, ...columns } = getTableColumns(userContents);
  const content = { ...columns, tags: itemTagNames };
  const owner = p("owner");
  const includePrivate = sql`${p("includePrivate")}::boolean`;
  const statuses = sql`${p("statuses")}::text[]`;
  const large = shape === "termLarge" || shape === "termDeep";
  const ofTypes = sql`${userContents.contentType} = any(${p("types")}::text[])`;
  const conditions = and(
    eq(userContents.accountId, owner),
    shape === "oneType"
      ? sql`${userContents.contentType} = ${p("type")}`
      : // Through the search indexes every match's type is checked on its row: not when the person has
        // no item of another type, from the kept counts in the same statement (bench, 100,000 items:
        // 16.0 → 13.2 ms to count 16,666 matches).
        large
        ? sql`((select not exists (select 1 from ${libraryCounts} where ${libraryCounts.accountId} = ${owner} and ${libraryCounts.n} > 0
            and ${libraryCounts.contentType} <> all(${p("types")}::text[]))) or ${ofTypes})`
        : ofTypes,
    sql`(${includePrivate} or not ${userContents.isPrivate})`,
    sql`(${statuses} is null or ${userContents.courseStatus} = any(${statuses}))`,
  );
  if (shape === "oneType" || shape === "types") {
    const kept = sql<number>`(select coalesce(sum(${libraryCounts.n}), 0) from ${libraryCounts} where ${libraryCounts.accountId} = ${owner}
      and ${libraryCounts.contentType} = any(${p("types")}::text[]) and (${includePrivate} or not ${libraryCounts.isPrivate})
      and (${statuses} is null or ${libraryCounts.courseStatus} = any(${statuses})))::int`.mapWith(Number);
    return db
      .select({ ...content, total: kept })
      .from(userContents)
      .where(conditions)
      .orderBy(desc(userContents.createdAt), desc(userContents.id))
      .limit(p("limit"))
      .offset(p("offset"))
      .prepare(name);
  }
  const query = sql`(select ${TS_QUERY_PLACEHOLDERS})`;
  const total = sql<number>`(count(*) over ())::int`.mapWith(Number);
  if (shape === "term") {
    return db
      .select({ ...content, total })
      .from(userContents)
      .where(and(conditions, matchesSearch(query)))
      .orderBy(sql`ts_rank(${userContents.search}, ${query}) desc`, desc(userContents.id))
      .limit(p("limit"))
      .offset(p("offset"))
      .prepare(name);
  }
  const matches = and(conditions, matchesThroughIndex(p("term"), p("entries"), p("longPrefix")));
  if (shape === "termLarge") {
    // A large library's first pages: its RANKED_MATCHES newest matches (a top-N by id, no sort of
    // them all) ranked; the total still counts every match (the window runs before the limit). The
    // window keeps only ids and row addresses: with the tsvectors it spilled to disk (16,666
    // matches, bench data). The ranked rows are read again by address (ctid, stable within the one
    // statement's snapshot) instead of through the primary key: 500 buffer reads instead of 2,000.
    const candidates = db
      .select({ id: userContents.id, address: sql<string>`${userContents}.ctid`.as("address"), total: total.as("total") })
      .from(userContents)
      .where(matches)
      .orderBy(desc(userContents.id))
      .limit(RANKED_MATCHES)
      .as("candidates");
    return db
      .select({ ...content, total: candidates.total })
      .from(candidates)
      .innerJoin(userContents, sql`${userContents}.ctid = ${candidates.address}`)
      .orderBy(sql`ts_rank(${userContents.search}, ${query}) desc`, desc(userContents.id))
      .limit(p("limit"))
      .offset(p("offset"))
      .prepare(name);
  }
  // The pages past them (rare): the same order over every match — the newest RANKED_MATCHES by
  // rank, then the older ones newest first — so paging on neither repeats nor skips an item.
  const oldestRanked = db
    .select({ id: userContents.id })
    .from(userContents)
    .where(matches)
    .orderBy(desc(userContents.id))
    .offset(RANKED_MATCHES - 1)
    .limit(1);
  return db
    .select({ ...content, total })
    .from(userContents)
    .where(matches)
    .orderBy(
      sql`case when ${userContents.id} >= coalesce((${oldestRanked}), 0) then ts_rank(${userContents.search}, ${query}) end desc nulls last`,
      desc(userContents.id),
    )
    .limit(p("limit"))
    .offset(p("offset"))
    .prepare(name);
}

export function createContentRepo(db: Db) {
  const searchStatements: Record<SearchShape, ReturnType<typeof prepareSearch>> = {
    term: prepareSearch(db, "term", "library_search_term"),
    termLarge: prepareSearch(db, "termLarge", "library_search_large"),
    termDeep: prepareSearch(db, "termDeep", "library_search_deep"),
    oneType: prepareSearch(db, "oneType", "library_list_type"),
    types: prepareSearch(db, "types", "library_list"),
  };
  const tagList = prepareTagList(db);
  /** How many items a person has saved, from the kept counts. */
  async function librarySize(ownerId: number) {
    const [row] = await db
      .select({ n: sql<number>`coalesce(sum(${libraryCounts.n}), 0)::int`.mapWith(Number) })
      .from(libraryCounts)
      .where(eq(libraryCounts.accountId, ownerId));
    return row?.n ?? 0;
  }
  const matchFor = async (ownerId: number, term: string) => {
    if ((await librarySize(ownerId)) <= LARGE_LIBRARY) return matchesSearch(sql`(select ${tsQuery(term)})`);
    return largeLibraryMatch(term);
  };
  /** A list's length from the kept counts; a search's from its matches. */
  async function countSearch(f: SearchFilter) {
    if (!f.term) {
      const [row] = await db
        .select({ n: sql<number>`coalesce(sum(${libraryCounts.n}), 0)::int`.mapWith(Number) })
        .from(libraryCounts)
        .where(and(eq(libraryCounts.accountId, f.ownerId), inList(f, libraryCounts), f.includePrivate ? undefined : eq(libraryCounts.isPrivate, false)));
      return row?.n ?? 0;
    }
    const conds: SQL[] = [eq(userContents.accountId, f.ownerId), inList(f)];
    if (!f.includePrivate) conds.push(eq(userContents.isPrivate, false));
    conds.push(await matchFor(f.ownerId, f.term));
    const [row] = await db
      .select({ n: count() })
      .from(userContents)
      .where(and(...conds));
    return row?.n ?? 0;
  }
  /**
   * A list or search among the items carrying tags. Without a term the page is read walking the
   * first tag's (tag, item created, item) index backwards, newest first, and stops once the page is
   * full whatever the size of the library or the tag (a window count over the matches read them all:
   * 85 ms for a tag on 5,000 of 10,000 items); its total is counted apart. With a term, ranked as the
   * search is, its total beside it.
   */
  async function searchTagged(f: SearchFilter, [first, ...rest]: [number, ...number[]]) {
    const { search: _, ...columns } = getTableColumns(userContents);
    const content = { ...columns, tags: itemTagNames };
    const conds: (SQL | undefined)[] = [
      eq(userContentTags.tagId, first),
      eq(userContents.accountId, f.ownerId),
      inList(f),
      f.includePrivate ? undefined : eq(userContents.isPrivate, false),
      ...rest.map(carries),
    ];
    const joined = () =>
      db
        .select({ ...content })
        .from(userContentTags)
        .innerJoin(userContents, eq(userContents.id, userContentTags.userContentId));
    if (!f.term && !rest.length) {
      const rows = await tagList.execute(tagListValues(f, first));
      // A page past the end has no row to carry the total.
      const count = rows[0]?.total ?? (f.offset > 0 ? await countTagged(f, [first]) : 0);
      return { rows: rows.map(({ total: _t, ...row }) => row), count };
    }
    if (!f.term) {
      const rows = await joined()
        .where(and(...conds))
        .orderBy(desc(userContentTags.itemCreatedAt), desc(userContentTags.userContentId))
        .limit(f.limit)
        .offset(f.offset);
      // A short first page is the whole list.
      const count = f.offset === 0 && rows.length < f.limit ? rows.length : await countTagged(f, [first, ...rest]);
      return { rows, count };
    }
    conds.push(await matchFor(f.ownerId, f.term));
    const rows = await db
      .select({ ...content, total: sql<number>`(count(*) over ())::int`.mapWith(Number) })
      .from(userContentTags)
      .innerJoin(userContents, eq(userContents.id, userContentTags.userContentId))
      .where(and(...conds))
      .orderBy(sql`ts_rank(${userContents.search}, (select ${tsQuery(f.term)})) desc`, desc(userContents.id))
      .limit(f.limit)
      .offset(f.offset);
    const total = rows[0]?.total ?? (f.offset > 0 ? await countTagged(f, [first, ...rest]) : 0);
    return { rows: rows.map(({ total: _t, ...row }) => row), count: total };
  }
  /** How many items a tagged list holds, item by item: asked only past a page's end (the one-tag list counts itself, tag-list.scope.ts), or for several tags or a term. */
  async function countTagged(f: SearchFilter, [first, ...rest]: readonly number[]) {
    const conds: (SQL | undefined)[] = [
      eq(userContentTags.tagId, first!),
      eq(userContents.accountId, f.ownerId),
      inList(f),
      f.includePrivate ? undefined : eq(userContents.isPrivate, false),
      ...rest.map(carries),
    ];
    if (f.term) conds.push(await matchFor(f.ownerId, f.term));
    const [row] = await db
      .select({ n: count() })
      .from(userContentTags)
      .innerJoin(userContents, eq(userContents.id, userContentTags.userContentId))
      .where(and(...conds));
    return row?.n ?? 0;
  }
  const textSearch = createTextSearch(db);
  return {
    ...createCatalogRepo(db),
    ...createContentWrites(),

    async accountIdByUsername(companyId: number, username: string) {
      const [row] = await db
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(eq(accounts.companyId, companyId), eq(accounts.username, username), eq(accounts.status, "active")))
        .limit(1);
      return row?.id;
    },

    /**
     * One page of a search. With a term, the title, author and description matches; `inText` asks for
     * the rest of the search, the items found by their page's text alone, as a list of its own: kept
     * apart, a search pays for reading page texts only when someone asks for them.
     */
    async search(f: SearchFilter) {
      if (f.term && f.inText) {
        // A tag filter lists title matches only: page texts are not searched within a tag.
        if (f.tagIds?.length) return { rows: [], count: 0 };
        const text = await textSearch.page({ ...f, term: f.term }, f.offset, f.limit);
        return { rows: text.rows.map((row) => ({ ...row, matchedInText: true })), count: text.total };
      }
      if (f.tagIds?.length) return searchTagged(f, f.tagIds as [number, ...number[]]);
      const shape: SearchShape = !f.term
        ? f.types.length === 1
          ? "oneType"
          : "types"
        : (await librarySize(f.ownerId)) <= LARGE_LIBRARY
          ? "term"
          : f.offset + f.limit <= RANKED_MATCHES
            ? "termLarge"
            : "termDeep";
      const statement = searchStatements[shape];
      const rows = await statement.execute({
        owner: f.ownerId,
        includePrivate: f.includePrivate,
        type: f.types[0],
        types: [...f.types],
        statuses: f.courseStatuses ? [...f.courseStatuses] : null,
        term: f.term ?? "",
        prefix: f.term ? prefixQuery(f.term) : null,
        ...(f.term ? prefixEntries(f.term) : { entries: null, longPrefix: null }),
        limit: f.limit,
        offset: f.offset,
      });
      // A page past the end has no row to carry the total: count on its own then.
      const total = rows[0]?.total ?? (f.offset > 0 ? await countSearch(f) : 0);
      return { rows: rows.map(({ total: _, ...row }) => ({ ...row, matchedInText: false })), count: total };
    },

    /**
     * spec §3 counts for the library tabs and course lists, in one pass: each the length of its list
     * (content.lists.ts). Without a term or tag they are read from the kept counts (a few rows per
     * person); a term or tag counts its matches.
     */
    async counts(ownerId: number, includePrivate: boolean, term?: string, tagIds: readonly number[] = []): Promise<ContentCounts> {
      const matching = Boolean(term) || tagIds.length > 0;
      const table = matching ? userContents : libraryCounts;
      const conds: SQL[] = [eq(table.accountId, ownerId)];
      if (!includePrivate) conds.push(eq(table.isPrivate, false));
      if (term) conds.push(await matchFor(ownerId, term));
      // Tagged: the first tag's items read through its index, the others checked on each.
      const [firstTag, ...otherTags] = tagIds;
      if (firstTag !== undefined) conds.push(eq(userContentTags.tagId, firstTag), ...otherTags.map(carries));
      const counted = matching ? sql`1` : sql`${libraryCounts.n}`;
      const countOf = (list: LibraryList) => sql<number>`coalesce(sum(${counted}) filter (where ${inList(list, table)}), 0)::int`.mapWith(Number);
      // Each state's count is a column of the same pass, named by position (`s0`, `s1`…) and put back in place afterwards.
      const stateLists = Object.entries(STATE_LISTS).flatMap(([type, lists]) =>
        Object.entries(lists as Record<string, LibraryList>).map(([state, list]) => ({ type, state, list })),
      );
      const columns = {
        ...Object.fromEntries(Object.entries(COUNTED_LISTS).map(([key, list]) => [key, countOf(list)])),
        ...Object.fromEntries(stateLists.map(({ list }, i) => [`s${i}`, countOf(list)])),
      } as Record<string, SQL<number>>;
      const from = db.select(columns).from(table);
      const [row] = await (firstTag !== undefined ? from.innerJoin(userContentTags, eq(userContentTags.userContentId, userContents.id)) : from).where(
        and(...conds),
      );
      const states: Record<string, Record<string, number>> = {};
      stateLists.forEach(({ type, state }, i) => ((states[type] ??= {})[state] = row![`s${i}`]!));
      const flat = Object.fromEntries(Object.keys(COUNTED_LISTS).map((key) => [key, row![key]!]));
      return { ...flat, states } as ContentCounts;
    },

    /** A saved item whose page waits to be read, whoever's it is (the job that reads it after the save). */
    async awaitingPageRead(id: number) {
      const [row] = await db
        .select({ url: userContents.url })
        .from(userContents)
        .where(and(eq(userContents.id, id), eq(userContents.metadataPending, true)))
        .limit(1);
      return row;
    },

    async owned(accountId: number, id: number) {
      const [row] = await db
        .select()
        .from(userContents)
        .where(and(eq(userContents.id, id), eq(userContents.accountId, accountId)))
        .limit(1);
      return row;
    },

    async ownedByContent(accountId: number, contentId: number) {
      const [row] = await db
        .select()
        .from(userContents)
        .where(and(eq(userContents.contentId, contentId), eq(userContents.accountId, accountId)))
        .limit(1);
      return row;
    },

    async ownedByContents(accountId: number, contentIds: number[]) {
      if (contentIds.length === 0) return [];
      return db
        .select()
        .from(userContents)
        .where(and(inArray(userContents.contentId, contentIds), eq(userContents.accountId, accountId)));
    },

    /** Adding a URL I already saved reuses my copy instead of failing as a duplicate. */
    async ownedByUrl(accountId: number, companyId: number, normalizedUrl: string) {
      const [row] = await db
        .select({ item: userContents })
        .from(userContents)
        .innerJoin(contentItems, eq(contentItems.id, userContents.contentId))
        .where(and(eq(userContents.accountId, accountId), eq(contentItems.companyId, companyId), eq(contentItems.normalizedUrl, normalizedUrl)))
        .limit(1);
      return row?.item;
    },

    async verify(accountId: number, type: ContentType | undefined, contentIds: number[] | undefined, limit: number, offset: number) {
      const conds: SQL[] = [eq(userContents.accountId, accountId), isNotNull(userContents.contentId)];
      if (type) conds.push(eq(userContents.contentType, type));
      if (contentIds) conds.push(inArray(userContents.contentId, contentIds));
      const where = and(...conds);
      const [rows, [total]] = await Promise.all([
        db.select().from(userContents).where(where).orderBy(desc(userContents.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(userContents).where(where),
      ]);
      return { rows, count: total?.n ?? 0 };
    },
  };
}
export type ContentRepo = ReturnType<typeof createContentRepo>;
