/**
 * What the scim module offers the others: its policy. Other modules import from here only (eslint
 * refuses a path into another module's files); app.ts builds the module itself with scim.module.ts.
 */
export { scimPolicy } from "./scim.policy.ts";
