/**
 * What the sso module offers the others: its policy and service. Other modules import from here
 * only (eslint refuses a path into another module's files); app.ts builds the module itself with
 * sso.module.ts.
 */
export { ssoPolicy } from "./sso.policy.ts";
export type { SsoService } from "./sso.service.ts";
