import { type Rule, sameCompany } from "../../lib/actor.ts";

/**
 * Discover and copilot rules (PRODUCT.md): everyone of a company searches its catalog; a copilot
 * conversation is its owner's alone (anyone else, the L&D leader included, is told it doesn't exist).
 */
export const discoverPolicy = {
  readConversation: ((a, c) => sameCompany(a, c.companyId) && c.accountId === a.accountId) as Rule<{ accountId: number; companyId: number }>,
};
