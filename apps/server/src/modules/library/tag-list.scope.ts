import { and, desc, eq, getTableColumns, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { aliased, qualified } from "../../db/sql.ts";
import { libraryCounts, userContents, userContentTags } from "../../db/schema/index.ts";
import { itemTagNames, type SearchFilter } from "./search.scope.ts";

const [UT, ut] = aliased(userContentTags, "counted_tag");
const [UC, uc] = aliased(userContents, "counted_item");

/**
 * A list filtered by one tag and no search term (`tag=`, or a search of just `#tag`): its page and its
 * total in one statement, prepared once per connection (bench, 10,000 items: built and planned on
 * every call, with the total in a second query, it answered a quarter fewer requests than a search). The page
 * walks the tag's (tag, item created, item) index backwards and stops once full. The total is taken
 * from the tag's index alone when the list is the whole library (private items included, any state,
 * and no item of a type it leaves out, by the kept counts: the tag is the owner's, so every item it is
 * on is theirs; bench: a tag on 5,000 items counted item by item for "all" cost 3.5 ms, jobs being
 * left out), else item by item; each is a subquery run once, only the one the CASE picks.
 */
export function prepareTagList(db: Db) {
  const p = sql.placeholder;
  const { search: _, ...columns } = getTableColumns(userContents);
  const tag = sql`${p("tag")}::int`;
  const owner = sql`${p("owner")}::int`;
  const types = sql`${p("types")}::text[]`;
  const includePrivate = sql`${p("includePrivate")}::boolean`;
  const statuses = sql`${p("statuses")}::text[]`;
  const wholeLibrary = sql`(${includePrivate} and ${statuses} is null and not exists (select 1 from ${libraryCounts}
    where ${libraryCounts.accountId} = ${owner} and ${libraryCounts.n} > 0 and ${libraryCounts.contentType} <> all(${types})))`;
  const total = sql<number>`(case when ${wholeLibrary}
      then (select count(*) from ${UT} where ${ut.tagId} = ${tag})
      else (select count(*) from ${UT} join ${UC} on ${uc.id} = ${ut.userContentId}
        where ${ut.tagId} = ${tag} and ${uc.accountId} = ${owner} and ${uc.contentType} = any(${types})
          and (${includePrivate} or not ${uc.isPrivate}) and (${statuses} is null or ${uc.courseStatus} = any(${statuses})))
    end)::int`.mapWith(Number);
  // The item joined laterally, kept a subquery of its own by OFFSET 0 (else the planner folds it
  // into a plain join): the tag's index then drives the walk in every plan, the generic plan of the
  // prepared statement too, which with a plain join read the whole library and sorted it (26 ms
  // against 1 ms, bench data).
  const item = db
    .select({ ...columns, tags: itemTagNames.as("tags") })
    .from(userContents)
    .where(
      and(
        sql`${userContents.id} = ${qualified(userContentTags.userContentId)}`,
        eq(userContents.accountId, owner),
        sql`${userContents.contentType} = any(${types})`,
        sql`(${includePrivate} or not ${userContents.isPrivate})`,
        sql`(${statuses} is null or ${userContents.courseStatus} = any(${statuses}))`,
      ),
    )
    // Written as a value: the query builder leaves out an OFFSET of 0.
    .offset(p("none"))
    .as("item");
  // The total in the outer list, where it is one subquery of the whole statement: inside the lateral
  // item, the generic plan took 19 ms to answer a page it read in 1 ms.
  const fields = Object.fromEntries(Object.keys(item._.selectedFields).map((key) => [key, item[key as keyof typeof item._.selectedFields]]));
  return db
    .select({ ...(fields as typeof item._.selectedFields), total })
    .from(userContentTags)
    .innerJoinLateral(item, sql`true`)
    .where(eq(userContentTags.tagId, tag))
    .orderBy(desc(userContentTags.itemCreatedAt), desc(userContentTags.userContentId))
    .limit(p("limit"))
    .offset(p("offset"))
    .prepare("library_tag_list");
}

/** prepareTagList's values for a filter and its one tag. */
export const tagListValues = (f: SearchFilter, tag: number) => ({
  tag,
  owner: f.ownerId,
  types: [...f.types],
  includePrivate: f.includePrivate,
  statuses: f.courseStatuses ? [...f.courseStatuses] : null,
  none: 0,
  limit: f.limit,
  offset: f.offset,
});
