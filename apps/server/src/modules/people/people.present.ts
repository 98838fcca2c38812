import { invitableRole } from "./people.policy.ts";
import type { EmployeeRow, TeamRow } from "./people.repo.ts";
import type { InvitationFound, InvitationOpen, InviteRequestRow, RemovalRequestRow } from "./requests.repo.ts";

/** The answers' shapes of the people module: employees, teams, invite and removal requests, invitations. */

const person = (id: number | null, name: string | null, email: string | null) =>
  id !== null && name !== null && email !== null ? { id, display_name: name, email } : null;

export const presentEmployee = (r: NonNullable<EmployeeRow>) => ({
  id: r.id,
  uid: r.uid,
  display_name: r.name,
  email: r.email,
  username: r.username,
  photo_url: r.image,
  role: r.role,
  status: r.status,
  team: r.teamId !== null && r.teamName !== null ? { id: r.teamId, name: r.teamName } : null,
  created_at: r.createdAt.toISOString(),
});

export const presentTeam = (t: TeamRow) => ({
  id: t.team.id,
  name: t.team.name,
  leader:
    t.leader?.id != null && t.leader.name != null && t.leader.email != null ? { id: t.leader.id, display_name: t.leader.name, email: t.leader.email } : null,
  members_count: t.members,
  created_at: t.team.createdAt.toISOString(),
});

/** What invite and removal requests both show: the team, where the request stands, who asked and who decided when. */
const requestFields = (x: InviteRequestRow | RemovalRequestRow) => ({
  team: { id: x.r.teamId, name: x.teamName },
  status: x.r.status,
  reason: x.r.reason,
  requested_by: person(x.r.requestedBy, x.askerName, x.askerEmail)!,
  decided_by: person(x.r.decidedBy, x.deciderName, x.deciderEmail),
  decided_at: x.r.decidedAt?.toISOString() ?? null,
  created_at: x.r.createdAt.toISOString(),
});

export const presentInvite = (x: InviteRequestRow) => ({ id: x.r.id, email: x.r.email, role: x.r.role, ...requestFields(x) });

export const presentRemoval = (x: RemovalRequestRow) => ({
  id: x.r.id,
  employee: person(x.r.accountId, x.targetName, x.targetEmail)!,
  decision_reason: x.r.decisionReason,
  ...requestFields(x),
});

/** Where an invitation stands at `now`, as its link would find it. */
export const invitationStatus = (f: InvitationFound, now: Date): "accepted" | "revoked" | "expired" | "pending" =>
  f.inv.acceptedAt ? "accepted" : f.inv.revokedAt ? "revoked" : f.inv.expiresAt <= now ? "expired" : "pending";

export const presentInvitation = (f: InvitationFound, now: Date) => ({
  id: f.inv.id,
  email: f.inv.email,
  role: invitableRole(f.inv.role),
  team: f.inv.teamId !== null && f.teamName !== null ? { id: f.inv.teamId, name: f.teamName } : null,
  company: { name: f.companyName, domain: f.companyDomain },
  invited_by: f.inviterName,
  expires_at: f.inv.expiresAt.toISOString(),
  status: invitationStatus(f, now),
});

/** An open invitation as hr and platform operators manage it, at `now`. */
export const presentOpenInvitation = (f: InvitationOpen, now: Date) => ({
  id: f.inv.id,
  email: f.inv.email,
  role: invitableRole(f.inv.role),
  team: f.inv.teamId !== null && f.teamName !== null ? { id: f.inv.teamId, name: f.teamName } : null,
  company: { id: f.inv.companyId, name: f.companyName, domain: f.companyDomain },
  invited_by: f.inv.invitedBy !== null && f.inviterName !== null ? { id: f.inv.invitedBy, display_name: f.inviterName } : null,
  sent_at: f.inv.createdAt.toISOString(),
  expires_at: f.inv.expiresAt.toISOString(),
  status: f.inv.expiresAt <= now ? ("expired" as const) : ("pending" as const),
});
