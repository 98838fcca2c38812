import { sql, type SQLWrapper } from "drizzle-orm";
import { collectionItems, collections, contentTexts, userContents } from "../../db/schema/index.ts";
import { aliased } from "../../db/sql.ts";

/** A catalog row's columns as the calling query names them (`contentItems.id`, or sql`ci.id`). */
type CatalogColumns = { id: SQLWrapper; privateOrigin: SQLWrapper };

const [VU, vu] = aliased(userContents, "vu");
const [VX, vx] = aliased(collectionItems, "vx");
const [VC, vc] = aliased(collections, "vc");
const [MINE, mine] = aliased(userContents, "mine");
const [OWN, own] = aliased(contentTexts, "own");
const PUBLISHED = "published" satisfies (typeof collections.$inferSelect)["status"];

/**
 * PRODUCT.md: the company catalog leaves out what someone saved privately. A row brought in by a
 * private save stays out until someone saves it publicly or a published collection holds it, even
 * once that private save is deleted. The SQL condition every catalog query uses (discover, copilot,
 * insights, collections); the repo layer's only copy of the rule.
 */
export const publicInCatalog = (c: CatalogColumns) => sql`(
  not ${c.privateOrigin}
  or exists (select 1 from ${VU} where ${vu.contentId} = ${c.id} and not ${vu.isPrivate})
  or exists (select 1 from ${VX} join ${VC} on ${vc.id} = ${vx.collectionId} where ${vx.contentId} = ${c.id} and ${vc.status} = ${sql.raw(`'${PUBLISHED}'`)}))`;

/** A catalog row's columns for `listedInCatalog`: also whether an L&D leader hid it. */
type ListedColumns = CatalogColumns & { hiddenAt: SQLWrapper };

/**
 * What discover, the copilot, recommendations and catalog searches offer: the public rows
 * an L&D leader has not hidden (junk, or a duplicate merged into another item). People who saved a
 * hidden item keep their copy, and insights still count what was done with it.
 */
export const listedInCatalog = (c: ListedColumns) => sql`(${c.hiddenAt} is null and ${publicInCatalog(c)})`;

/** What a person may see of the catalog: the public rows, and the ones in their own library. */
export const catalogScope = (viewerId: number, c: CatalogColumns) =>
  sql`(${publicInCatalog(c)} or exists (select 1 from ${MINE} where ${mine.contentId} = ${c.id} and ${mine.accountId} = ${viewerId}))`;

/** A save's and its saver's columns, as the calling query names them. */
type SaveColumns = { isPrivate: SQLWrapper; saverCompanyId: SQLWrapper; saverStatus: SQLWrapper };

/**
 * PRODUCT.md: whose saves a person of `companyId` sees — colleagues of the same company whose account
 * is active, and only their public saves (a private save is its owner's alone). The same people and
 * saves a colleague's library shows by username.
 */
export const seenColleagueSave = (companyId: number, c: SaveColumns) =>
  sql`(not ${c.isPrivate} and ${c.saverCompanyId} = ${companyId} and ${c.saverStatus} = 'active')`;

/** A page text's columns, and the reader's copy of the item, as the calling query names them. */
type TextColumns = { contentId: SQLWrapper; accountId: SQLWrapper; shared: SQLWrapper };
type CopyColumns = { isPrivate: SQLWrapper };

/**
 * Which kept page text (content_texts) is the one a person reads for their copy of an item: their
 * own private read, else the company's shared one, which a row that isn't public lends nobody, as
 * it lends nobody its data (the reader's own public copy makes it public; its own reader keeps
 * it). At most one text per person and item passes. The rule the reader view and the library
 * search both use. The reader's private texts are a NOT IN set (content_id is never null, so it
 * means NOT EXISTS): PostgreSQL hashes it once per query instead of looking it up per text.
 */
export const textReadableBy = (viewerId: number | SQLWrapper, t: TextColumns, copy: CopyColumns, c: CatalogColumns) => sql`(
  (not ${t.shared} and ${t.accountId} = ${viewerId})
  or (${t.shared} and (not ${copy.isPrivate} or ${t.accountId} = ${viewerId} or ${publicInCatalog(c)})
    and ${t.contentId} not in (select ${own.contentId} from ${OWN} where ${own.accountId} = ${viewerId} and not ${own.shared})))`;
