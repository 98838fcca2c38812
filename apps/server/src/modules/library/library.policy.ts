import { sql, type SQLWrapper } from "drizzle-orm";
import { type Rule, sameCompany } from "../../lib/actor.ts";

/** A catalog row's columns as the calling query names them (`contentItems.id`, or sql`ci.id`). */
type CatalogColumns = { id: SQLWrapper; privateOrigin: SQLWrapper };

/**
 * PRODUCT.md: the company catalog leaves out what someone saved privately. A row brought in by a
 * private save stays out until someone saves it publicly or a published collection holds it, even
 * once that private save is deleted. The SQL condition every catalog query uses (discover, copilot,
 * insights, collections).
 */
export const publicInCatalog = (c: CatalogColumns) => sql`(
  not ${c.privateOrigin}
  or exists (select 1 from user_contents vu where vu.content_id = ${c.id} and not vu.is_private)
  or exists (select 1 from collection_items vx join collections vc on vc.id = vx.collection_id where vx.content_id = ${c.id} and vc.status = 'published'))`;

/** What a person may see of the catalog: the public rows, and the ones in their own library. */
export const catalogScope = (viewerId: number, c: CatalogColumns) =>
  sql`(${publicInCatalog(c)} or exists (select 1 from user_contents mine where mine.content_id = ${c.id} and mine.account_id = ${viewerId}))`;

/**
 * Personal library rules: everyone acts on their own library (the repo filters by owner), and a
 * catalog item named by id (a body's content_id, id_content, id_course) is checked like an id in the
 * path: another company's, or a colleague's private save, is not found.
 */
export const libraryPolicy = {
  readCatalogItem: ((a, item) => sameCompany(a, item.companyId) && item.visible) as Rule<{ companyId: number; visible: boolean }>,
};
