import { adminAccountAbilities, roleCompanyMismatch, type Role } from "@learnward/contracts";
import type { Actor, Rule } from "../../lib/actor.ts";

/** Platform operator rules (PRODUCT.md): operators belong to no company and run every company's accounts. */
export const adminPolicy = {
  /** Account-level abilities on /api/me (contracts' adminAccountAbilities, shared with the web app's fixtures). */
  accountAbilities: (a: Actor) => adminAccountAbilities(a),
  isOperator: (account: { role: Role }) => account.role === "admin",
  /** An operator cannot lock themselves out: their own account is neither deactivated nor demoted. */
  changeAccount: ((a, change) =>
    change.id !== a.accountId || (change.status !== "deactivated" && (change.role === undefined || change.role === "admin"))) as Rule<{
    id: number;
    role?: Role;
    status?: string;
  }>,
  /**
   * Everyone but a platform operator belongs to exactly one company, and an operator to none
   * (PRODUCT.md): what is wrong with the role and company a change leaves, or null.
   */
  roleCompanyMismatch,
};
