/**
 * What the lrs module offers the others: its policy, and the CORS its xAPI routes need (app.ts gives
 * it to the security plugin). Other modules import from here only (eslint
 * refuses a path into another module's files); app.ts builds the module itself with lrs.module.ts.
 */
export { lrsPolicy } from "./lrs.policy.ts";
export { XAPI_CORS } from "./xapi.routes.ts";
