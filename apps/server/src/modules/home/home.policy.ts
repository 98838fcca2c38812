import { COMPANY_ROLES } from "../../lib/actor.ts";

/**
 * The learner home: everyone of a company has one, and it holds their own plans and
 * library only (every read is by the caller's account). Platform operators keep no library.
 */
export const homePolicy = {
  readers: COMPANY_ROLES,
};
