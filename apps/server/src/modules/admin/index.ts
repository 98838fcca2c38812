/**
 * What the admin module offers the others: its policy and service. Other modules import from here
 * only (eslint refuses a path into another module's files); app.ts builds the module itself with
 * admin.module.ts.
 */
export { adminPolicy } from "./admin.policy.ts";
export type { AdminService } from "./admin.service.ts";
