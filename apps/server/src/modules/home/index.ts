/**
 * What the home module offers the others: its policy and service. Other modules import from here
 * only (eslint refuses a path into another module's files); app.ts builds the module itself with
 * home.module.ts.
 */
export { homePolicy } from "./home.policy.ts";
export type { HomeService } from "./home.service.ts";
