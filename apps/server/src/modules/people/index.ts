/**
 * What the people module offers the others: its policy, services, and the account write steps that
 * provisioning runs in its own transactions. Other modules import from here only (eslint refuses a
 * path into another module's files); app.ts builds the module itself with people.module.ts.
 */
export { peoplePolicy } from "./people.policy.ts";
export type { PeopleService } from "./people.service.ts";
export type { TeamDirectory } from "./team-directory.service.ts";
export { deactivateAccount, reactivateAccount, uniqueViolation, type PeopleRepo, type SystemActor } from "./people.repo.ts";
