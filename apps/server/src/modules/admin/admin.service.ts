import type { CompanyRole, Role } from "@learnward/contracts";
import type { Actor } from "../../lib/actor.ts";
import { AppError } from "../../lib/errors.ts";
import type { PeopleService } from "../people/people.service.ts";
import { adminPolicy } from "./admin.policy.ts";
import type { AdminRepo } from "./admin.repo.ts";

const companyNotFound = () => new AppError("company_not_found", 404, "Company not found");

/** The platform operators' rules: which company an action concerns, and what an account may become. */
export function createAdminService(d: { repo: AdminRepo; people: PeopleService }) {
  const { repo } = d;
  const company = async (id: number) => {
    const c = await repo.company(id);
    if (!c) throw companyNotFound();
    return c;
  };
  return {
    company,

    /** Invites someone into a company (its first hr person, say); audited where it is made, like hr's. */
    async invite(actor: Actor, companyId: number, body: { email: string; role: CompanyRole; team_id?: number | null }) {
      const c = await company(companyId);
      return d.people.invite(actor, body, c.c.id);
    },

    async updateAccount(actor: Actor, id: number, b: { role?: Role; company_id?: number | null; status?: "active" | "deactivated" }) {
      if (!adminPolicy.changeAccount(actor, { id, role: b.role, status: b.status })) {
        throw new AppError("cannot_change_own_account", 409, "You can't deactivate or demote yourself");
      }
      const target = b.company_id !== undefined && b.company_id !== null ? (await company(b.company_id)).c : null;
      // Judged on the account as the write finds it (locked): a change of role alone, or of company
      // alone, must not leave an operator in a company or anyone else in none.
      const admit = (before: { role: Role; companyId: number | null }) => {
        const mismatch = adminPolicy.roleCompanyMismatch(b.role ?? before.role, (b.company_id === undefined ? before.companyId : b.company_id) !== null);
        if (mismatch === "operator_has_company") {
          throw new AppError(mismatch, 400, "A platform operator belongs to no company: take the company away in the same change");
        }
        if (mismatch === "company_required") throw new AppError(mismatch, 400, "Only platform operators have no company");
      };
      // The answer is the account as the write left it (no read again).
      return repo.updateAccount(actor.accountId, id, { role: b.role, companyId: b.company_id, status: b.status }, target, admit);
    },
  };
}
export type AdminService = ReturnType<typeof createAdminService>;
