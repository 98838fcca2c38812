import { symmetricDecrypt, symmetricEncrypt } from "better-auth/crypto";
import type { SsoLookupResponse, UpdateOidcConnectionRequest } from "@learnward/contracts";
import { type Actor, authorize } from "../../lib/actor.ts";
import { AppError } from "../../lib/errors.ts";
import { type OidcClient, OidcIssuerError } from "./oidc.client.ts";
import { createDiscoveryCache, DISCOVERY_TTL_MS } from "./oidc.discovery-cache.ts";
import { ssoPolicy } from "./sso.policy.ts";
import { SAML_START_PATH } from "./saml.service.ts";
import { providerIdOf, type OidcRow, type SsoRepo } from "./sso.repo.ts";
import type { IssuerAnnouncer } from "./sso.announce.ts";

/** better-auth's own endpoint path (plugins/auth.ts mounts it under /api/auth). */
export const OIDC_CALLBACK_PATH = "/api/auth/sso/oidc/callback";
export const OIDC_START_PATH = "/api/auth/sso/oidc/start";

export interface SsoServiceDeps {
  repo: SsoRepo;
  oidc: OidcClient;
  /** The server's AUTH_SECRET: client secrets are stored encrypted with it. */
  secret: string;
  publicUrl: string;
  /** Tells the company's other hr and the platform operators of a new issuer. */
  announce: IssuerAnnouncer;
  /** How long a provider's discovery document is reused by sign-ins. */
  discoveryTtlMs?: number;
}

/** A company's single sign-on: its OIDC connection, and whether an address signs in through it. */
export function createSsoService({ repo, oidc, secret, publicUrl, announce, discoveryTtlMs = DISCOVERY_TTL_MS }: SsoServiceDeps) {
  const discovery = createDiscoveryCache((k) => oidc.discover(k.issuer, k.clientId, k.clientSecret), { ttlMs: discoveryTtlMs });
  const redirectUri = `${publicUrl}${OIDC_CALLBACK_PATH}`;
  const clientSecret = (row: OidcRow) => symmetricDecrypt({ key: secret, data: row.clientSecretEncrypted });

  return {
    redirectUri,

    async read(actor: Actor, companyId: number): Promise<OidcRow | undefined> {
      authorize(actor, ssoPolicy.manage, { companyId }, "not_found");
      return repo.connection(companyId);
    },

    /**
     * Saves the connection once the issuer's discovery document has been read with it. A new issuer
     * is another party naming people: the links to the one before end (each person confirms the new
     * one), and the company's other hr and the platform operators are told.
     */
    async update(actor: Actor, companyId: number, body: UpdateOidcConnectionRequest): Promise<OidcRow> {
      authorize(actor, ssoPolicy.manage, { companyId }, "not_found");
      const before = await repo.connection(companyId);
      if (body.client_secret === undefined && !before) {
        throw new AppError("sso_secret_required", 400, "The client secret is required to connect a provider", { field: "client_secret" });
      }
      if (body.require_sso && !body.enabled) {
        throw new AppError("sso_not_enabled", 400, "Single sign-on must be enabled to be required", { field: "require_sso" });
      }
      const secretNow = body.client_secret ?? (await clientSecret(before!));
      try {
        // Always read afresh when saved; sign-ins then reuse it.
        await discovery.refresh({ issuer: body.issuer, clientId: body.client_id, clientSecret: secretNow });
      } catch (err) {
        if (err instanceof OidcIssuerError) throw new AppError("sso_issuer_invalid", 400, err.message, { field: "issuer" });
        throw err;
      }
      return repo.save(
        actor.accountId,
        companyId,
        {
          issuer: body.issuer,
          clientId: body.client_id,
          clientSecretEncrypted:
            body.client_secret === undefined ? before!.clientSecretEncrypted : await symmetricEncrypt({ key: secret, data: body.client_secret }),
          enabled: body.enabled,
          requireSso: body.require_sso,
        },
        async (tx, was, row) => {
          if (was?.issuer === row.issuer) return;
          await repo.dropLinks(tx, providerIdOf.oidc(companyId));
          const before = was ? { protocol: "oidc" as const, issuer: was.issuer } : null;
          await announce(tx, { actorId: actor.accountId, companyId, before, after: { protocol: "oidc", issuer: row.issuer }, at: row.updatedAt });
        },
      );
    },

    /**
     * Whether this address's company signs in through its provider (OIDC when both are enabled, else
     * SAML). Says nothing about whether the account exists.
     */
    async lookup(email: string): Promise<SsoLookupResponse> {
      const domain = email.toLowerCase().split("@")[1];
      const company = domain ? await repo.byDomain(domain) : undefined;
      const start = company?.connection?.enabled ? OIDC_START_PATH : company?.saml?.enabled ? SAML_START_PATH : null;
      if (!company || !start) return { sso: false, redirect_url: null, require_sso: false };
      return {
        sso: true,
        redirect_url: `${start}?email=${encodeURIComponent(email.toLowerCase())}`,
        require_sso: ssoPolicy.companyRequiresSso([company.connection, company.saml]),
      };
    },

    /** The enabled provider of a company, discovered with its saved secret (null when the company has none). */
    async provider(companyId: number) {
      const row = await repo.connection(companyId);
      if (!row?.enabled) return null;
      return discovery.get({ issuer: row.issuer, clientId: row.clientId, clientSecret: await clientSecret(row) });
    },
  };
}
export type SsoService = ReturnType<typeof createSsoService>;
