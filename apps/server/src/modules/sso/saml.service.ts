import { type CacheProvider, generateServiceProviderMetadata, SAML, ValidateInResponseTo } from "@node-saml/node-saml";
import type { SamlConnection, UpdateSamlConnectionRequest } from "@learnward/contracts";
import { type Actor, authorize } from "../../lib/actor.ts";
import { AppError } from "../../lib/errors.ts";
import type { SafeFetch } from "../../lib/safe-fetch.ts";
import { pemOf, readIdpMetadata, SamlMetadataError } from "./saml.metadata.ts";
import { ssoPolicy } from "./sso.policy.ts";
import { providerIdOf, type SamlRow, type SsoRepo } from "./sso.repo.ts";
import type { IssuerAnnouncer } from "./sso.announce.ts";

/** better-auth's own endpoint paths (plugins/auth.ts mounts them under /api/auth). */
export const SAML_START_PATH = "/api/auth/sso/saml/start";
export const samlAcsPath = (companyId: number) => `/api/auth/sso/saml/${companyId}/acs`;
export const samlMetadataPath = (companyId: number) => `/api/sso/saml/${companyId}/metadata`;

/** How long an AuthnRequest may wait for its answer. */
export const SAML_REQUEST_TTL_MS = 10 * 60 * 1000;

export interface SamlServiceDeps {
  repo: SsoRepo;
  /** The app's public-only fetch (or, in tests, one that reaches loopback). */
  fetch: SafeFetch;
  /** http:// metadata and sign-in URLs (tests, local development); https only otherwise. */
  allowHttp: boolean;
  publicUrl: string;
  /** Tells the company's other hr and the platform operators of a new issuer. */
  announce: IssuerAnnouncer;
}

/**
 * A company's SAML 2.0 single sign-on: its connection, read from the IdP's metadata,
 * and our service provider per company (entity id = our metadata URL, one ACS per company), whose
 * checks are node-saml's: the signature against the metadata's certificates, the audience, the
 * time conditions and InResponseTo.
 */
export function createSamlService({ repo, fetch, allowHttp, publicUrl, announce }: SamlServiceDeps) {
  const sp = (companyId: number) => ({
    entityId: `${publicUrl}${samlMetadataPath(companyId)}`,
    acsUrl: `${publicUrl}${samlAcsPath(companyId)}`,
  });

  async function metadataFrom(body: UpdateSamlConnectionRequest): Promise<{ xml: string; url: string | null }> {
    if (body.metadata_xml !== undefined) return { xml: body.metadata_xml, url: null };
    const url = body.metadata_url!;
    const schemes = allowHttp ? ["https:", "http:"] : ["https:"];
    if (!URL.canParse(url) || !schemes.includes(new URL(url).protocol)) {
      throw new AppError("sso_metadata_invalid", 400, "The metadata URL must be an https:// URL", { field: "metadata_url" });
    }
    // The same public-only fetch as OIDC discovery: a private address is refused.
    const res = await fetch(url, { maxBytes: 512 * 1024, timeoutMs: 10_000, accept: "application/samlmetadata+xml, application/xml, text/xml" }).catch(
      (err: unknown) => {
        throw new AppError("sso_metadata_invalid", 400, `The metadata could not be read: ${(err as Error).message}`, { field: "metadata_url" });
      },
    );
    if (res.status !== 200) throw new AppError("sso_metadata_invalid", 400, `The metadata URL answered ${res.status}`, { field: "metadata_url" });
    return { xml: res.body.toString("utf8"), url };
  }

  return {
    sp,

    present(companyId: number, row: SamlRow | undefined): SamlConnection {
      const { entityId, acsUrl } = sp(companyId);
      return {
        idp_entity_id: row?.idpEntityId ?? null,
        sso_url: row?.ssoUrl ?? null,
        metadata_url: row?.metadataUrl ?? null,
        metadata_xml: row?.metadataXml ?? null,
        enabled: row?.enabled ?? false,
        require_sso: row?.requireSso ?? false,
        sp_entity_id: entityId,
        acs_url: acsUrl,
        sp_metadata_url: entityId,
        updated_at: row?.updatedAt.toISOString() ?? null,
      };
    },

    async read(actor: Actor, companyId: number): Promise<SamlRow | undefined> {
      authorize(actor, ssoPolicy.manage, { companyId }, "not_found");
      return repo.samlConnection(companyId);
    },

    /**
     * Saves the connection once the metadata (pasted or fetched) names an entity id, a sign-in URL and
     * a certificate. Another entity id, or a certificate not trusted before, is another party able to
     * name people: the links to the one before end (each person confirms again). That, or metadata
     * from another URL, is told to the company's other hr and the platform operators.
     */
    async update(actor: Actor, companyId: number, body: UpdateSamlConnectionRequest): Promise<SamlRow> {
      authorize(actor, ssoPolicy.manage, { companyId }, "not_found");
      if (body.require_sso && !body.enabled) {
        throw new AppError("sso_not_enabled", 400, "Single sign-on must be enabled to be required", { field: "require_sso" });
      }
      const { xml, url } = await metadataFrom(body);
      let idp;
      try {
        idp = readIdpMetadata(xml, { allowHttp });
      } catch (err) {
        if (err instanceof SamlMetadataError) throw new AppError("sso_metadata_invalid", 400, err.message, { field: url ? "metadata_url" : "metadata_xml" });
        throw err;
      }
      return repo.saveSaml(
        actor.accountId,
        companyId,
        {
          metadataXml: xml,
          metadataUrl: url,
          idpEntityId: idp.entityId,
          ssoUrl: idp.ssoUrl,
          idpCerts: idp.certs,
          enabled: body.enabled,
          requireSso: body.require_sso,
        },
        async (tx, was, row) => {
          const newSigner = was?.idpEntityId !== row.idpEntityId || row.idpCerts.some((cert) => !was.idpCerts.includes(cert));
          if (!newSigner && was?.metadataUrl === row.metadataUrl) return;
          if (newSigner) await repo.dropLinks(tx, providerIdOf.saml(companyId));
          const before = was ? { protocol: "saml" as const, issuer: was.idpEntityId } : null;
          await announce(tx, { actorId: actor.accountId, companyId, before, after: { protocol: "saml", issuer: row.idpEntityId }, at: row.updatedAt });
        },
      );
    },

    /** Our service provider's metadata for a company (public: IdPs import it). */
    async spMetadata(companyId: number): Promise<string | null> {
      if (!(await repo.companyExists(companyId))) return null;
      const { entityId, acsUrl } = sp(companyId);
      return generateServiceProviderMetadata({
        issuer: entityId,
        callbackUrl: acsUrl,
        identifierFormat: "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress",
        wantAssertionsSigned: true,
      });
    },

    /**
     * Our service provider for a company's enabled connection (null without one). `requests` keeps
     * the AuthnRequest ids: InResponseTo must name one of ours, so an unsolicited response is refused.
     */
    async serviceProvider(companyId: number, requests: CacheProvider): Promise<SAML | null> {
      const row = await repo.samlConnection(companyId);
      if (!row?.enabled) return null;
      const { entityId, acsUrl } = sp(companyId);
      return new SAML({
        issuer: entityId,
        audience: entityId,
        callbackUrl: acsUrl,
        entryPoint: row.ssoUrl,
        idpIssuer: row.idpEntityId,
        idpCert: row.idpCerts.map(pemOf),
        identifierFormat: "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress",
        wantAssertionsSigned: true,
        wantAuthnResponseSigned: false,
        validateInResponseTo: ValidateInResponseTo.always,
        requestIdExpirationPeriodMs: SAML_REQUEST_TTL_MS,
        acceptedClockSkewMs: 60_000,
        disableRequestedAuthnContext: true,
        cacheProvider: requests,
      });
    },
  };
}
export type SamlService = ReturnType<typeof createSamlService>;
