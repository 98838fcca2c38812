import type { Account, Company, Deployment, UserProfile } from "@learnward/contracts";
import type { Actor } from "../../lib/actor.ts";
import { identityPolicy } from "./identity.policy.ts";
import type { AccountRow, CompanyRow } from "./identity.repo.ts";

/** The answers' shapes of the identity module: company, account, profile and /api/me. */

export const presentCompany = (c: CompanyRow): Company => ({
  id: c.id,
  name: c.name,
  domain: c.domain,
  url_photo: c.urlPhoto,
  currency: c.currency,
  status: c.status,
});

export const presentAccount = (r: AccountRow): Account => ({
  id: r.id,
  uid: r.uid,
  email: r.email,
  username: r.username,
  display_name: r.name,
  photo_url: r.image,
  role: r.role,
  status: r.status,
  locale: r.locale,
  // Platform operators have no company: their domain is their email's.
  domain: r.companyDomain ?? r.email.split("@")[1] ?? "",
  company_id: r.companyId,
  created_at: r.createdAt.toISOString(),
  team: r.teamId !== null && r.teamName !== null ? { id: r.teamId, name: r.teamName } : null,
  two_factor: { enabled: r.twoFactorEnabled, required: identityPolicy.mustUseTwoFactor(r) },
});

export const presentProfile = (r: AccountRow): UserProfile => ({
  uid: r.uid,
  displayName: r.name,
  photoURL: r.image,
  email: r.email,
  username: r.username,
  role: r.role,
  locale: r.locale,
});

export const presentMe = (
  actor: Actor,
  { account: row, company }: { account: AccountRow; company: CompanyRow | null | undefined },
  deployment: Deployment,
) => ({
  user: { uid: row.uid, displayName: row.name, photoURL: row.image, email: row.email },
  account: presentAccount(row),
  company: company ? presentCompany(company) : null,
  abilities: identityPolicy.accountAbilities(actor, deployment),
});
