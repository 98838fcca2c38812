import type { CompanyRole, Role } from "@learnward/contracts";
import type { Actor } from "../../lib/actor.ts";
import type { Db } from "../../db/client.ts";
import type { accounts, companies } from "../../db/schema/index.ts";
import { AppError, conflict, notFound } from "../../lib/errors.ts";
import type { EventBus } from "../../lib/events.ts";
import type { PeopleService } from "../people/index.ts";
import { ensureCoversAllocations } from "../budgeting/index.ts";
import { adminPolicy } from "./admin.policy.ts";
import type { AdminRepo } from "./admin.repo.ts";

const companyNotFound = () => new AppError("company_not_found", 404, "Company not found");

/** The platform operators' rules: which company an action concerns, and what an account may become. */
export function createAdminService(d: { db: Db; events: EventBus; repo: AdminRepo; people: PeopleService }) {
  const { db, events, repo } = d;
  const company = async (id: number) => {
    const c = await repo.company(id);
    if (!c) throw companyNotFound();
    return c;
  };
  return {
    company,

    async createCompany(actorId: number, v: typeof companies.$inferInsert) {
      return db.transaction(async (tx) => {
        const row = await repo.insertCompany(tx, v);
        if (!row) throw conflict("company_domain_taken", "A company with this domain already exists");
        await repo.recordAudit(tx, actorId, "company", row.id, "create", null, row);
        await events.emit(tx, "company.created", { actorId, companyId: row.id });
        return row;
      });
    },

    async updateCompany(actorId: number, id: number, patch: Partial<typeof companies.$inferInsert>, action = "update") {
      return db.transaction(async (tx) => {
        // Read once, locked, with the counts the answer shows (an edit or a suspension changes none of them).
        const found = await repo.lockCompany(tx, id);
        if (!found) throw companyNotFound();
        const before = found.c;
        if (patch.domain && patch.domain !== before.domain) {
          if ((await repo.companyIdByDomain(tx, patch.domain)) !== undefined)
            throw conflict("company_domain_taken", "A company with this domain already exists");
        }
        const row = await repo.updateCompany(tx, id, patch);
        await repo.recordAudit(tx, actorId, "company", id, action, before, row);
        // Suspending a company ends its people's sessions at once.
        if (patch.status === "suspended") await repo.endCompanySessions(tx, id);
        return { ...found, c: row };
      });
    },

    /** An operator's adjustment is a money change like the L&D leader's: same lock, same rule. */
    async adjustBudget(actorId: number, id: number, amountMinor: number, reason: string) {
      return db.transaction(async (tx) => {
        const before = await repo.lockBudget(tx, id, "update");
        if (!before) throw notFound("Budget");
        await ensureCoversAllocations(tx, id, amountMinor);
        const row = await repo.setBudgetAmount(tx, id, amountMinor);
        await repo.recordAudit(tx, actorId, "budget", id, "adjust", before, row, reason);
        return row;
      });
    },

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
      const patch = { role: b.role, companyId: b.company_id, status: b.status };
      return db.transaction(async (tx) => {
        // Read once, locked, with the names the answer shows; the answer is this row as the write left it.
        const found = await repo.lockAccount(tx, id);
        if (!found) throw notFound("Account");
        const before = found.a;
        // Judged on the account as the write finds it (locked): a change of role alone, or of company
        // alone, must not leave an operator in a company or anyone else in none.
        const mismatch = adminPolicy.roleCompanyMismatch(
          patch.role ?? before.role,
          (patch.companyId === undefined ? before.companyId : patch.companyId) !== null,
        );
        if (mismatch === "operator_has_company") {
          throw new AppError(mismatch, 400, "A platform operator belongs to no company: take the company away in the same change");
        }
        if (mismatch === "company_required") throw new AppError(mismatch, 400, "Only platform operators have no company");
        const set: Partial<typeof accounts.$inferInsert> = { ...patch };
        // A new company means a new team there; and no team leadership is kept across companies.
        if (patch.companyId !== undefined && patch.companyId !== before.companyId) {
          set.teamId = null;
          // Usernames are unique per company: keep it if free there, else number it.
          const taken = new Set(await repo.usernamesLike(tx, patch.companyId, before.username));
          let username = before.username;
          for (let i = 2; taken.has(username); i++) username = `${before.username}${i}`;
          set.username = username;
          await repo.dropTeamLeadership(tx, id);
        }
        if (patch.status === "deactivated") {
          set.teamId = null;
          await repo.dropTeamLeadership(tx, id);
          await repo.endSessions(tx, before.uid);
        }
        const row = await repo.updateAccount(tx, id, set);
        await repo.recordAudit(
          tx,
          actor.accountId,
          "account",
          id,
          patch.status === "deactivated" ? "deactivate" : patch.status === "active" ? "reactivate" : "update",
          before,
          row,
        );
        // The answer is the account as the write left it (no read again).
        const moved = patch.companyId !== undefined && patch.companyId !== before.companyId;
        return {
          ...found,
          a: row,
          ...(moved ? { companyName: target?.name ?? null, companyDomain: target?.domain ?? null } : {}),
          teamName: row.teamId === null ? null : found.teamName,
        };
      });
    },
  };
}
export type AdminService = ReturnType<typeof createAdminService>;
