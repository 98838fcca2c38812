import { adminAccountAbilities, libraryAccountAbilities } from "@learnward/contracts";
import { type Actor, type Rule, sameCompany } from "../../lib/actor.ts";

/** A saved item is its owner's: a colleague, even of the same company, sees only what the catalog shows of it. */
const ownItem: Rule<{ accountId: number }> = (a, item) => item.accountId === a.accountId;

/**
 * Personal library rules: everyone acts on their own library (the repo filters by owner), and a
 * catalog item named by id (a body's content_id, id_content, id_course) is checked like an id in the
 * path: another company's, or a colleague's private save, is not found. Which catalog rows a query
 * may return is the repo layer's SQL condition, catalog.scope.ts.
 */
export const libraryPolicy = {
  /** Account-level abilities on /api/me (contracts' libraryAccountAbilities, shared with the web app's fixtures). */
  accountAbilities: (a: Actor) => libraryAccountAbilities(a),
  /** The L&D leader, who publishes collections (network.policy), hides and merges the company's catalog items. */
  curateCatalog: ((a) => libraryAccountAbilities(a).curate_catalog) as Rule<null>,
  /**
   * The starter catalog goes into a company by its L&D leader, or by a platform operator into any
   * company (a new one, set up from /admin); anyone else's company is not theirs to fill.
   */
  addStarterCatalog: ((a, company) =>
    adminAccountAbilities(a).admin_area || (libraryAccountAbilities(a).add_starter_catalog && a.companyId === company.id)) as Rule<{ id: number }>,
  /** The feeds a company catalog follows are its L&D leader's and hr's to manage, and nobody else's. */
  manageCatalogFeeds: ((a, feeds) => libraryAccountAbilities(a).manage_catalog_feeds && a.companyId === feeds.companyId) as Rule<{ companyId: number }>,
  readCatalogItem: ((a, item) => sameCompany(a, item.companyId) && item.visible) as Rule<{ companyId: number; visible: boolean }>,
  /** Only the owner reads a saved item's page (its folders, who else saved it); anyone else's item is not found. */
  readItem: ownItem,
  /** Only the owner moves a saved item between states; anyone else's item is not found. */
  setItemState: ownItem,
  /**
   * Tags are a person's own: only the owner puts them on their items, and only their own tags; a
   * colleague's item or tag (same company or not) is not found. Colleagues viewing my public
   * saves never see my tags.
   */
  tagItem: ownItem,
  manageTag: ((a, tag) => tag.accountId === a.accountId) as Rule<{ accountId: number }>,
  seeTags: ((a, library) => library.ownerId === a.accountId) as Rule<{ ownerId: number }>,
  /**
   * Only the owner reads a saved item's page text (its reader view), private save or not; which
   * kept text is theirs to read is catalog.scope.ts's textReadableBy.
   */
  readItemText: ownItem,
  /** A saved item's note and highlights are its owner's alone: read, written and deleted by them only; anyone else's is not found. */
  keepItemNotes: ownItem,
};

/** Who passes the catalog curation routes' gate: the roles whose libraryAccountAbilities say curate_catalog. */
export const CURATORS = ["ldleader"] as const;
/** Who passes the starter catalog route's gate: a platform operator, and the roles whose abilities say add_starter_catalog. */
export const STARTER_CATALOG_ADDERS = ["admin", "ldleader"] as const;
/** Who passes the feed routes' gate: the roles whose libraryAccountAbilities say manage_catalog_feeds. */
export const FEED_MANAGERS = ["ldleader", "hr"] as const;
