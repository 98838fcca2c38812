import { certificatesAccountAbilities } from "@learnward/contracts";
import { type Actor, type Rule, sameCompany } from "../../lib/actor.ts";

type Held = { accountId: number; companyId: number };
const isHrOf = (a: Actor, companyId: number | null) => certificatesAccountAbilities(a).revoke_certificates && companyId !== null && sameCompany(a, companyId);

/**
 * Certificate rules. A certificate is its holder's and their company's hr's to see and download;
 * only that hr revokes it. Anyone with its code reads what it states on the public verification
 * page, which needs no rule: the code is the credential.
 */
export const certificatesPolicy = {
  accountAbilities: (a: Actor) => certificatesAccountAbilities(a),
  /** The person themselves, and hr of the company that issued it. */
  read: ((a, c) => a.accountId === c.accountId || isHrOf(a, c.companyId)) as Rule<Held>,
  /** hr of the company that issued it; the holder may not take back their own. */
  revoke: ((a, c) => isHrOf(a, c.companyId)) as Rule<Held>,
  /** Someone's list of certificates: their own, or anyone's of the company for its hr. */
  listOf: ((a, person) => a.accountId === person.id || isHrOf(a, person.companyId)) as Rule<{ id: number; companyId: number | null }>,
  abilities: (a: Actor, c: Held) => ({ download: certificatesPolicy.read(a, c), revoke: certificatesPolicy.revoke(a, c) }),
};
