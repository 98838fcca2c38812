/**
 * What the lrs module offers the others: its policy. Other modules import from here only (eslint
 * refuses a path into another module's files); app.ts builds the module itself with lrs.module.ts.
 */
export { lrsPolicy } from "./lrs.policy.ts";
