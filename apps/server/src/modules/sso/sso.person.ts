import { isAPIError } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import type { SsoSignInError } from "@learnward/contracts";
import { asSsoMember } from "../identity/index.ts";
import type { GroupPlacement } from "./group-placement.ts";
import type { SsoRepo } from "./sso.repo.ts";

/** Ends a sign-in back on the sign-in page with a code it translates. */
export class Refusal extends Error {
  constructor(readonly code: SsoSignInError) {
    super(code);
  }
}

export type InternalAdapter = Parameters<typeof setSessionCookie>[0]["context"]["internalAdapter"];
export type SsoEndpointContext = Parameters<typeof setSessionCookie>[0];

/** Whom a company's identity provider vouched for, whatever the protocol (OIDC id_token, SAML assertion). */
export interface SsoIdentity {
  /** `oidc:<companyId>` or `saml:<companyId>`: the better-auth account provider the subject is linked under. */
  providerId: string;
  /** The provider's stable subject: the OIDC `sub`, the SAML NameID. */
  accountId: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  /**
   * The IdP's group names (the OIDC claim, or the SAML attribute, the company's group rules name;
   * SAML also reads `groups` and Entra ID's groups claim). A just-in-time account is placed by them.
   */
  groups: string[];
  /** How better-auth records the account's creation. */
  method: "sso-oidc" | "sso-saml";
}

/** The person an identity provider named, or the existing account only its owner may link to it. */
export type SsoOutcome = { user: SsoUser } | { confirm: SsoUser };
type SsoUser = Awaited<ReturnType<InternalAdapter["createUser"]>>;

/**
 * Who a company's identity provider names, for OIDC and SAML alike: the account already linked to
 * this subject; else a new member of the company created just in time, placed by its groups (the
 * company's group rules: role, team). The company's account with that address is never opened
 * here: whoever runs the provider (an hr who connected one of their own, say) could name any
 * colleague, so its owner confirms the first link (`confirm`).
 */
export async function personFor(
  { repo, groups }: { repo: SsoRepo; groups: Pick<GroupPlacement, "placeNewcomer"> },
  adapter: InternalAdapter,
  companyId: number,
  who: SsoIdentity,
): Promise<SsoOutcome> {
  const { providerId, accountId } = who;
  const linked = await adapter.findAccountByKey({ providerId, accountId });
  if (linked) {
    const user = await adapter.findUserById(linked.userId);
    if (!user || (await repo.companyOfUser(user.id)) !== companyId) throw new Refusal("sso_account_elsewhere");
    return { user };
  }
  if (!who.email || !who.emailVerified) throw new Refusal("sso_email_unverified");
  const company = await repo.byDomain(who.email.split("@")[1] ?? "");
  if (company?.companyId !== companyId) throw new Refusal("sso_email_outside_domain");

  const existing = await adapter.findUserByEmail(who.email);
  if (existing) {
    // An account of another company (or a platform operator) with this address is not the provider's to open.
    if ((await repo.companyOfUser(existing.user.id)) !== companyId) throw new Refusal("sso_account_elsewhere");
    // A deactivated person is refused as their session would be, before anyone is mailed.
    if (!(await repo.accountActive(existing.user.id))) throw new Refusal("sso_account_refused");
    return { confirm: existing.user };
  }

  const email = who.email;
  const created = await asSsoMember(companyId, email, () =>
    adapter.createUser({ email, name: who.name ?? email.split("@")[0]!, emailVerified: true }, { method: who.method, sso: { providerId } }),
  ).catch((err: unknown) => {
    if (isAPIError(err)) throw new Refusal("sso_account_refused");
    throw err;
  });
  await adapter.linkAccount({ userId: created.id, providerId, accountId });
  await groups.placeNewcomer(companyId, created.id, who.groups);
  return { user: created };
}

/** Opens better-auth's own session (its hooks refuse deactivated people and suspended companies). */
export async function openSession(ctx: SsoEndpointContext, user: SsoUser) {
  const session = await ctx.context.internalAdapter.createSession(user.id).catch((err: unknown) => {
    if (isAPIError(err)) throw new Refusal("sso_account_refused");
    throw err;
  });
  await setSessionCookie(ctx, { session, user });
}
