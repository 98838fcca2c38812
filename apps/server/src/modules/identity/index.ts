/**
 * What the identity module offers the others: its policy, services, and the account write steps
 * that provisioning runs in its own transactions. Other modules import from here only (eslint
 * refuses a path into another module's files); app.ts builds the module itself with
 * identity.module.ts.
 */
export { identityPolicy } from "./identity.policy.ts";
export type { Auth, PasswordHashing } from "./auth.ts";
export { asInvitee, asSsoMember, type IdentityService } from "./identity.service.ts";
export { insertAccount, insertLoginUser, renameLoginUser, type IdentityRepo } from "./identity.repo.ts";
