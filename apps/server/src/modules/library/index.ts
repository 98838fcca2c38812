/**
 * What the library module offers the others: its policy, content service, catalog scopes and the
 * item presenter. Other modules import from here only (eslint refuses a path into another module's
 * files); app.ts builds the module itself with library.module.ts.
 */
export { libraryPolicy } from "./library.policy.ts";
export { listedInCatalog, publicInCatalog, seenColleagueSave } from "./catalog.scope.ts";
export { presentContent } from "./library.present.ts";
export type { ContentService } from "./content.service.ts";
export type { SavedCopyRow } from "./saved-matches.repo.ts";
