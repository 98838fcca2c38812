import type { CompanyRole } from "@learnward/contracts";
import type { Db } from "../../db/client.ts";
import { type Actor, authorize, requireCompany } from "../../lib/actor.ts";
import { AppError, conflict, notFound } from "../../lib/errors.ts";
import type { Clock } from "../../lib/clock.ts";
import type { EventBus } from "../../lib/events.ts";
import type { Mailer } from "../../lib/mailer.ts";
import { type PeopleRepo, removeFromTeam, uniqueViolation } from "./people.repo.ts";
import { invitableRole, peoplePolicy } from "./people.policy.ts";
import { INVITATION_DAYS, type RequestsRepo } from "./requests.repo.ts";
import type { TeamDirectory } from "./team-directory.service.ts";
import { invitationMail } from "./people.mail.tsx";

export interface PeopleServiceDeps {
  db: Db;
  events: EventBus;
  people: PeopleRepo;
  requests: RequestsRepo;
  /** Team creation and a person's change, as other modules make them too. */
  directory: TeamDirectory;
  mailer: Mailer;
  /** The app's clock: an invitation's days run on it. */
  clock: Clock;
  publicUrl: string;
}

export function createPeopleService(d: PeopleServiceDeps) {
  const { db, events } = d;
  async function mailInvitation(email: string, token: string, fresh = false) {
    const inv = await d.requests.invitationByToken(token);
    await d.mailer.send(
      await invitationMail({
        to: email,
        company: inv?.companyName ?? null,
        team: inv?.teamName ?? null,
        inviter: inv?.inviterName ?? null,
        link: `${d.publicUrl}/invitation/${token}`,
        expiresAt: inv?.inv.expiresAt ?? invitationExpiry(),
        locale: inv?.inviterLocale ?? "en",
        fresh,
      }),
    );
  }

  async function checkInvitable(email: string, on?: Db) {
    if (await d.requests.emailRegistered(email, on)) throw new AppError("email_in_use", 409, "Email already in use");
  }

  async function teamOf(actor: Actor, teamId: number | null | undefined, companyId = requireCompany(actor)) {
    if (teamId === null || teamId === undefined) return null;
    const team = await d.people.team(companyId, teamId);
    if (!team) throw notFound("Team");
    return team.team;
  }

  /** An invitation the actor manages; anyone else's is not found (another company's hr learns nothing). */
  async function manageable(actor: Actor, id: number) {
    const found = await d.requests.invitationById(id);
    if (!found || !peoplePolicy.manageInvitation(actor, found.inv)) throw notFound("Invitation");
    return found;
  }

  async function loadTeam(companyId: number, id: number) {
    const team = await d.people.team(companyId, id);
    if (!team) throw notFound("Team");
    return team;
  }
  async function checkLeader(companyId: number, leaderId: number | null | undefined) {
    if (leaderId === null || leaderId === undefined) return;
    const leader = await d.people.employee(companyId, leaderId);
    if (!leader || leader.status !== "active") throw notFound("Leader");
  }
  /** The request after a decision: not found (none of this company), the decision taken, or a conflict with the other one. */
  function decided<T extends { r: { status: string } }>(after: T | undefined, what: string, won: boolean, accept: boolean): T {
    if (!after) throw notFound(what);
    if (!won && after.r.status !== (accept ? "accepted" : "rejected"))
      throw conflict("request_already_decided", `This request was already ${after.r.status}`, { status: after.r.status });
    return after;
  }
  /** When a link sent now stops working: its days run on the app's clock. */
  const invitationExpiry = () => new Date(d.clock.now().getTime() + INVITATION_DAYS * 86_400_000);
  /** A new invitation, or a fresh link for an earlier one (`action`, as the audit trail names it); only a new one is `invitation.sent`. */
  async function createInvitation(
    v: { companyId: number; email: string; role: CompanyRole; teamId: number | null; invitedBy: number },
    action: "create" | "resend" = "create",
  ) {
    return db.transaction(async (tx) => {
      const made = await d.requests.insertInvitation(tx, { ...v, expiresAt: invitationExpiry() }, action);
      if (action === "create") await events.emit(tx, "invitation.sent", { actorId: v.invitedBy, invitationId: made.id, companyId: v.companyId });
      return made;
    });
  }
  const nameTaken = () => conflict("team_name_taken", "A team with this name already exists");

  return {
    /** Invitations still open now (not accepted, revoked or, unless asked, expired), newest first. */
    openInvitations: (f: { companyId?: number; search?: string; includeExpired?: boolean }, limit: number, offset: number) =>
      d.requests.openInvitations(f, limit, offset, d.clock.now()),

    /** A team the actor may see; any other is not found. */
    async team(actor: Actor, companyId: number, id: number) {
      const team = await loadTeam(companyId, id);
      authorize(actor, peoplePolicy.readTeam, team.team, "not_found");
      return team;
    },

    async createTeam(actor: Actor, companyId: number, body: { name: string; leader_id?: number | null }) {
      await checkLeader(companyId, body.leader_id);
      if (await d.people.teamByName(companyId, body.name)) throw nameTaken();
      const created = await d.directory.createTeam(companyId, body.name, actor.accountId, body.leader_id);
      if (!created) throw nameTaken();
      return loadTeam(companyId, created.id);
    },

    /** The company's team renamed and/or given a leader in one transaction, then read once for the answer. */
    async updateTeam(actor: Actor, companyId: number, id: number, body: { name?: string; leader_id?: number | null }) {
      authorize(actor, peoplePolicy.manageTeams, { companyId });
      // The leader named in the body is checked before the rename: a refused call changes nothing.
      await checkLeader(companyId, body.leader_id);
      let name = body.name;
      if (name !== undefined) {
        const same = await d.people.teamByName(companyId, name);
        if (same && same.id !== id) throw nameTaken();
        // Only the case differs from its own name: kept as it is.
        if (same) name = undefined;
      }
      let changed: "not_found" | "changed";
      try {
        changed = await db.transaction((tx) => d.people.changeTeam(tx, companyId, id, { name, leaderId: body.leader_id }));
      } catch (e) {
        // Another team took the name meanwhile.
        if (uniqueViolation(e)) throw nameTaken();
        throw e;
      }
      if (changed === "not_found") throw notFound("Team");
      return loadTeam(companyId, id);
    },

    async deleteTeam(actor: Actor, companyId: number, id: number) {
      const team = await loadTeam(companyId, id);
      authorize(actor, peoplePolicy.manageTeams, team.team);
      if (!(await d.people.deleteEmptyTeam(team.team.id))) throw conflict("team_not_empty", "Only an empty team can be deleted: move its people first");
    },

    async updateEmployee(actor: Actor, companyId: number, id: number, b: { role?: CompanyRole; team_id?: number | null; status?: "deactivated" }) {
      const target = await d.people.employee(companyId, id);
      if (!target) throw notFound("Employee");
      // Every check (the team named in the body included) before any change: a refused call changes nothing.
      if (b.role !== undefined) authorize(actor, peoplePolicy.changeRole, { target, role: b.role });
      let team: { id: number; name: string } | null | undefined;
      if (b.team_id !== undefined) {
        authorize(actor, peoplePolicy.moveEmployee, target);
        team = b.team_id === null ? null : (await d.people.team(companyId, b.team_id))?.team;
        if (team === undefined) throw notFound("Team");
      }
      if (b.status === "deactivated") authorize(actor, peoplePolicy.deactivate, target);
      // One transaction, answering the person as the writes left them (no read again).
      return d.directory.updateEmployee(actor.accountId, target, { role: b.role, team, deactivate: b.status === "deactivated" });
    },

    /**
     * A fresh link for an invitation: the earlier link stops working (createInvitation
     * revokes it) and the new one is mailed. Answers the new invitation's id.
     */
    async resendInvitation(actor: Actor, id: number) {
      const { inv } = await manageable(actor, id);
      if (inv.acceptedAt) throw conflict("invitation_already_accepted", "This invitation was already accepted");
      await checkInvitable(inv.email);
      const role = invitableRole(inv.role);
      const fresh = await createInvitation({ companyId: inv.companyId, email: inv.email, role, teamId: inv.teamId, invitedBy: actor.accountId }, "resend");
      await mailInvitation(inv.email, fresh.token, true);
      return fresh.id;
    },

    /** Voids an invitation's link; revoking one already revoked answers the same, an accepted one is a conflict. */
    async revokeInvitation(actor: Actor, id: number) {
      const { inv } = await manageable(actor, id);
      if (inv.acceptedAt) throw conflict("invitation_already_accepted", "This invitation was already accepted");
      await db.transaction(async (tx) => {
        const row = await d.requests.markRevoked(tx, inv.id);
        if (row)
          await d.requests.audit(tx, {
            actorId: actor.accountId,
            companyId: row.companyId,
            entity: "invitation",
            entityId: inv.id,
            action: "revoke",
            before: { email: row.email, role: row.role, team_id: row.teamId, company_id: row.companyId },
          });
      });
    },

    /** hr invites directly (a platform operator into any company): the invitation mail goes out at once. */
    async invite(actor: Actor, body: { email: string; role: CompanyRole; team_id?: number | null }, companyId = requireCompany(actor)) {
      authorize(actor, peoplePolicy.invite, { companyId });
      await teamOf(actor, body.team_id, companyId);
      await checkInvitable(body.email);
      const { id, token } = await createInvitation({
        companyId,
        email: body.email,
        role: body.role,
        teamId: body.team_id ?? null,
        invitedBy: actor.accountId,
      });
      await mailInvitation(body.email, token);
      return id;
    },

    async requestInvite(actor: Actor, body: { email: string; team_id: number; role: "member"; reason?: string }) {
      const companyId = requireCompany(actor);
      const team = await teamOf(actor, body.team_id);
      authorize(actor, peoplePolicy.requestInvite, team!, "forbidden");
      await checkInvitable(body.email);
      return db.transaction(async (tx) => {
        const filed = await d.requests.insertInvite(tx, {
          companyId,
          teamId: body.team_id,
          email: body.email,
          role: body.role,
          reason: body.reason ?? null,
          requestedBy: actor.accountId,
        });
        const { r } = filed;
        await events.emit(tx, "invite_request.created", {
          actorId: r.requestedBy,
          inviteRequestId: r.id,
          companyId: r.companyId,
          teamId: r.teamId,
          email: r.email,
        });
        return filed;
      });
    },

    /**
     * Idempotent: repeating the decision already taken answers it again; the opposite one is a conflict.
     * The write answers whether it won; the request is then read once, with its names, for the answer.
     */
    async decideInvite(actor: Actor, id: number, accept: boolean, reason?: string) {
      const companyId = requireCompany(actor);
      authorize(actor, peoplePolicy.decideRequests, null);
      const deciderId = actor.accountId;
      // Only one caller can move the request out of `pending`, so two hr people accepting at once make
      // one decision and one invitation. The address is checked again inside the transaction (a refusal undoes the decision).
      const { won, token, email } = await db.transaction(async (tx) => {
        const row = await d.requests.markInviteDecided(tx, companyId, id, deciderId, accept, reason);
        if (!row) return { won: false, token: null, email: null };
        if (accept) await checkInvitable(row.email, tx);
        await events.emit(tx, accept ? "invite_request.accepted" : "invite_request.rejected", {
          actorId: deciderId,
          inviteRequestId: id,
          requesterId: row.requestedBy,
          companyId: row.companyId,
          email: row.email,
        });
        if (!accept) return { won: true, token: null, email: row.email };
        const made = await d.requests.insertInvitation(tx, {
          companyId,
          email: row.email,
          role: row.role,
          teamId: row.teamId,
          invitedBy: deciderId,
          expiresAt: invitationExpiry(),
        });
        await d.requests.linkInvitation(tx, id, made.id);
        return { won: true, token: made.token, email: row.email };
      });
      if (won && token) await mailInvitation(email!, token);
      return decided(await d.requests.invite(companyId, id), "Invite request", won, accept);
    },

    async requestRemoval(actor: Actor, body: { employee_id: number; reason?: string }) {
      const companyId = requireCompany(actor);
      const target = await d.people.employee(companyId, body.employee_id);
      if (!target) throw notFound("Employee");
      authorize(actor, peoplePolicy.requestRemoval, target);
      if (await d.requests.pendingRemovalFor(target.id)) throw conflict("removal_already_pending", "A removal request for this person is already pending");
      return db.transaction(async (tx) => {
        const filed = await d.requests.insertRemoval(tx, {
          companyId,
          teamId: target.teamId!,
          accountId: target.id,
          reason: body.reason ?? null,
          requestedBy: actor.accountId,
        });
        const { r } = filed;
        await events.emit(tx, "removal_request.created", {
          actorId: r.requestedBy,
          removalRequestId: r.id,
          companyId: r.companyId,
          teamId: r.teamId,
          accountId: r.accountId,
        });
        return filed;
      });
    },

    async decideRemoval(actor: Actor, id: number, accept: boolean, reason?: string) {
      const companyId = requireCompany(actor);
      authorize(actor, peoplePolicy.decideRequests, null);
      const deciderId = actor.accountId;
      // Accepting a removal takes the person off the team in the same transaction; the account stays active.
      const won = await db.transaction(async (tx) => {
        const row = await d.requests.markRemovalDecided(tx, companyId, id, deciderId, accept, reason);
        if (row && accept) await removeFromTeam(tx, row.accountId, row.teamId, deciderId, row.reason);
        if (row)
          await events.emit(tx, accept ? "removal_request.accepted" : "removal_request.rejected", {
            actorId: deciderId,
            removalRequestId: id,
            requesterId: row.requestedBy,
            companyId: row.companyId,
            accountId: row.accountId,
          });
        return Boolean(row);
      });
      return decided(await d.requests.removal(companyId, id), "Removal request", won, accept);
    },
  };
}
export type PeopleService = ReturnType<typeof createPeopleService>;
