import type {
  ComplianceAssignment,
  ComplianceRequirement,
  ComplianceTeamRow,
  CreateComplianceRequirementRequest,
  UpdateComplianceRequirementRequest,
} from "@learnward/contracts";
import type { Db } from "../../db/client.ts";
import { type Actor, authorize } from "../../lib/actor.ts";
import type { Clock } from "../../lib/clock.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import type { Executor } from "../../lib/events.ts";
import type { CertificatesService } from "../certificates/index.ts";
import type { CollectionsService } from "../network/index.ts";
import { compliancePolicy } from "./compliance.policy.ts";
import type { AssignmentRow, ComplianceRepo, RequirementWithPath } from "./compliance.repo.ts";
import { dayOf, RENEWAL_WINDOW_DAYS, renewable, standing, type Standing } from "./compliance.status.ts";

export type StandingRow = AssignmentRow & Standing & { renewable: boolean };

const presentRequirement = (r: RequirementWithPath): ComplianceRequirement => ({
  id: r.id,
  collection_id: r.collectionId,
  collection_title: r.collectionTitle,
  team_ids: r.teamIds,
  teams: r.teams,
  roles: r.roles as ComplianceRequirement["roles"],
  due_days: r.dueDays,
  every_months: r.everyMonths,
  created_at: r.createdAt.toISOString(),
});

export const presentAssignment = (s: StandingRow): ComplianceAssignment => ({
  requirement_id: s.requirementId,
  collection_id: s.collectionId,
  collection_title: s.collectionTitle,
  due_on: s.dueOn,
  completed_at: s.completedAt?.toISOString() ?? null,
  expires_on: s.expiresAt ? dayOf(s.expiresAt) : null,
  certificate_code: s.certificateCode,
  status: s.status,
  abilities: { start_again: s.renewable },
});

export function createComplianceService(d: {
  db: Db;
  repo: ComplianceRepo;
  clock: Clock;
  certificates: Pick<CertificatesService, "expireAfter" | "redate">;
  collections: Pick<CollectionsService, "startAgain">;
}) {
  const { repo } = d;

  /** A requirement of the caller's company; another company's reads as none (404). */
  async function load(actor: Actor, id: number) {
    const r = await repo.byId(id);
    if (!r) throw notFound("Requirement");
    authorize(actor, compliancePolicy.name, r, "not_found");
    return r;
  }

  /** Teams named in a requirement: each must be the company's (another company's reads as none). */
  async function checkTeams(actor: Actor, ids: number[]) {
    const unique = [...new Set(ids)];
    const found = await repo.teams(unique);
    if (found.length !== unique.length) throw notFound("Team");
    for (const team of found) authorize(actor, compliancePolicy.name, team, "not_found");
    return unique;
  }

  /** Every change of a requirement is in the audit trail, with what it said before and after: auditors ask who required what, since when. */
  const audit = (tx: Executor, actor: Actor, r: { companyId: number; id: number }, action: string, before: unknown, after: unknown) =>
    repo.recordAudit(tx, { actorId: actor.accountId, companyId: r.companyId, entity: "compliance_requirement", entityId: r.id, action, before, after });
  const auditedValues = (r: RequirementWithPath) => ({ teamIds: r.teamIds, roles: r.roles, dueDays: r.dueDays, everyMonths: r.everyMonths });

  /** Everyone's standing in the company (or one person's), on the app's clock. */
  async function standings(where: { companyId: number; accountId?: number }): Promise<StandingRow[]> {
    const now = d.clock.now();
    return (await repo.assignments(where)).map((row) => {
      const s = standing(row, now);
      return { ...row, ...s, renewable: renewable(s, now) };
    });
  }

  return {
    standings,

    async list(actor: Actor, companyId: number, page: { limit: number; offset: number }) {
      authorize(actor, compliancePolicy.readCompany, companyId);
      const { rows, count } = await repo.list(companyId, page);
      return { count, results: rows.map(presentRequirement) };
    },

    async get(actor: Actor, id: number) {
      const r = await load(actor, id);
      authorize(actor, compliancePolicy.readCompany, r.companyId);
      return presentRequirement(r);
    },

    async create(actor: Actor, companyId: number, body: CreateComplianceRequirementRequest) {
      authorize(actor, compliancePolicy.manage, { companyId });
      const path = await d.repo.collection(body.collection_id);
      if (!path) throw notFound("Collection");
      authorize(actor, compliancePolicy.namePath, path, "not_found");
      if (path.status !== "published") throw new AppError("path_not_published", 409, "Only a published learning path can be required");
      const teamIds = await checkTeams(actor, body.team_ids);
      const values = { teamIds, roles: [...new Set(body.roles)], dueDays: body.due_days, everyMonths: body.every_months };
      const id = await d.db.transaction(async (tx) => {
        const id = await repo.insert(tx, { ...values, companyId, collectionId: path.id, createdBy: actor.accountId });
        await audit(tx, actor, { companyId, id }, "create", null, { ...values, collectionId: path.id });
        return id;
      });
      return presentRequirement((await repo.byId(id))!);
    },

    async update(actor: Actor, id: number, body: UpdateComplianceRequirementRequest) {
      const r = await load(actor, id);
      authorize(actor, compliancePolicy.manage, r);
      const teamIds = body.team_ids === undefined ? r.teamIds : await checkTeams(actor, body.team_ids);
      const roles = body.roles === undefined ? r.roles : [...new Set(body.roles)];
      if (teamIds.length + roles.length === 0) throw new AppError("validation_error", 400, "Name at least one team or role");
      const values = { teamIds, roles, dueDays: body.due_days ?? r.dueDays, everyMonths: body.every_months === undefined ? r.everyMonths : body.every_months };
      await d.db.transaction(async (tx) => {
        await repo.update(tx, r.id, values);
        await audit(tx, actor, r, "update", auditedValues(r), values);
        // A new recurrence holds for completions already made: their certificates expire by it (or no longer).
        if (values.everyMonths !== r.everyMonths) {
          const holders = await repo.recurrences(tx, r.companyId, r.collectionId);
          const redated = await d.certificates.redate(tx, r.companyId, r.collectionId, holders);
          await audit(tx, actor, r, "redate_certificates", { everyMonths: r.everyMonths }, { everyMonths: values.everyMonths, certificates: redated });
        }
      });
      return presentRequirement((await repo.byId(r.id))!);
    },

    async remove(actor: Actor, id: number) {
      const r = await load(actor, id);
      authorize(actor, compliancePolicy.manage, r);
      await d.db.transaction(async (tx) => {
        await repo.remove(tx, r.id);
        await audit(tx, actor, r, "delete", { ...auditedValues(r), collectionId: r.collectionId }, null);
      });
    },

    /** A person's required paths not done yet (due or overdue), with the day each is due: their calendar feed shows them. */
    async openOf(companyId: number, accountId: number) {
      const rows = await standings({ companyId, accountId });
      return rows
        .filter((r) => r.status === "due" || r.status === "overdue")
        .map((r) => ({ requirementId: r.requirementId, title: r.collectionTitle, dueOn: r.dueOn }));
    },

    /** My required paths, soonest due first. */
    async mine(actor: Actor, companyId: number) {
      const rows = await standings({ companyId, accountId: actor.accountId });
      return rows.sort((a, b) => a.dueOn.localeCompare(b.dueOn) || a.requirementId - b.requirementId).map(presentAssignment);
    },

    /**
     * The caller starts a required path again for its next cycle (recertification): only their own,
     * once its completion has expired or expires within the renewal window. Answers their standing,
     * which still reads from the last completion until the path is completed again.
     */
    async startAgain(actor: Actor, companyId: number, requirementId: number) {
      const r = await load(actor, requirementId);
      const own = (await standings({ companyId, accountId: actor.accountId })).find((s) => s.requirementId === r.id);
      if (!own) throw new AppError("compliance_not_required", 403, "This learning path is not required of you");
      if (!compliancePolicy.startAgain(actor, { companyId: r.companyId, accountId: own.accountId, renewable: own.renewable })) {
        throw new AppError(
          "compliance_not_renewable",
          409,
          `A path is started again once its completion has expired or expires within ${RENEWAL_WINDOW_DAYS} days`,
        );
      }
      await d.db.transaction((tx) => d.collections.startAgain(tx, actor, r.collectionId));
      return presentAssignment(own);
    },

    /** The company's standing for hr and the L&D leader (insights, the auditors' CSV). */
    async companyStandings(actor: Actor, companyId: number) {
      authorize(actor, compliancePolicy.readCompany, companyId);
      return standings({ companyId });
    },

    /** Counts per team, for hr and the L&D leader: every person once per required path they are in the audience of. */
    async teamCounts(actor: Actor, companyId: number): Promise<ComplianceTeamRow[]> {
      authorize(actor, compliancePolicy.readCompany, companyId);
      const rows = await repo.teamCounts(companyId, d.clock.now());
      return rows
        .map(({ teamId, teamName, ...counts }) => ({ team_id: teamId, team_name: teamName, ...counts }))
        .sort((a, b) => (a.team_name ?? "\uffff").localeCompare(b.team_name ?? "\uffff"));
    },

    /**
     * A path certificate just issued: when the path is required of its holder again every N months,
     * it expires N months after the completion (the shortest such requirement wins).
     */
    async certificateIssued(tx: Executor, accountId: number, certificateId: number, collectionId: number) {
      const months = await repo.recurrenceFor(tx, accountId, collectionId);
      if (months !== null) await d.certificates.expireAfter(tx, certificateId, months);
    },
  };
}
export type ComplianceService = ReturnType<typeof createComplianceService>;
