import { type Rule, sameCompany } from "../../lib/actor.ts";

/**
 * Personal library rules: everyone acts on their own library (the repo filters by owner), and a
 * catalog item named by id (a body's content_id, id_content, id_course) is checked like an id in the
 * path: another company's, or a colleague's private save, is not found. Which catalog rows a query
 * may return is the repo layer's SQL condition, catalog.scope.ts.
 */
export const libraryPolicy = {
  readCatalogItem: ((a, item) => sameCompany(a, item.companyId) && item.visible) as Rule<{ companyId: number; visible: boolean }>,
};
