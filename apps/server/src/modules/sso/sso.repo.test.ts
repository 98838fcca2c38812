// The SSO settings' audit lines, pinned field for field, so that saving them through the
// one company-settings rule (lib/company-settings.ts) changes no line the audit trail shows.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../db/client.ts";
import { companyAudit, createCompany } from "../../../test/factories.ts";
import { createGroupMappingsRepo } from "./group-mappings.repo.ts";
import { createSsoRepo } from "./sso.repo.ts";

let database: Database;
beforeAll(async () => {
  database = await openDatabase({});
});
afterAll(async () => {
  await database?.close();
});

describe("the audit lines of a company's SSO settings", () => {
  it("OIDC: the connection without its secret, and whether the secret changed", async () => {
    const companyId = (await createCompany({ database })).id;
    const repo = createSsoRepo(database.db);
    const oidc = { issuer: "https://idp.test", clientId: "app", clientSecretEncrypted: "s1", enabled: false, requireSso: false };
    await repo.save(null, companyId, oidc);
    await repo.save(null, companyId, { ...oidc, enabled: true });
    await repo.save(null, companyId, { ...oidc, enabled: true, clientSecretEncrypted: "s2" });
    const line = { issuer: "https://idp.test", client_id: "app", require_sso: false };
    expect(await companyAudit({ database }, companyId)).toEqual([
      { action: "sso_oidc_updated", entity: "company", entityId: companyId, before: null, after: { ...line, enabled: false, client_secret_changed: true } },
      {
        action: "sso_oidc_updated",
        entity: "company",
        entityId: companyId,
        before: { ...line, enabled: false },
        after: { ...line, enabled: true, client_secret_changed: false },
      },
      {
        action: "sso_oidc_updated",
        entity: "company",
        entityId: companyId,
        before: { ...line, enabled: true },
        after: { ...line, enabled: true, client_secret_changed: true },
      },
    ]);
  });

  it("SAML: the connection without its metadata, and whether the certificates changed", async () => {
    const companyId = (await createCompany({ database })).id;
    const repo = createSsoRepo(database.db);
    const saml = {
      metadataXml: "<EntityDescriptor/>",
      metadataUrl: null,
      idpEntityId: "https://idp.test/saml",
      ssoUrl: "https://idp.test/sso",
      idpCerts: ["CERT1"],
      enabled: true,
      requireSso: false,
    };
    await repo.saveSaml(null, companyId, saml);
    await repo.saveSaml(null, companyId, { ...saml, idpCerts: ["CERT2"] });
    await repo.saveSaml(null, companyId, { ...saml, idpCerts: ["CERT2"], requireSso: true });
    const line = { idp_entity_id: "https://idp.test/saml", sso_url: "https://idp.test/sso", metadata_url: null, enabled: true };
    expect(await companyAudit({ database }, companyId)).toEqual([
      { action: "sso_saml_updated", entity: "company", entityId: companyId, before: null, after: { ...line, require_sso: false, certificates_changed: true } },
      {
        action: "sso_saml_updated",
        entity: "company",
        entityId: companyId,
        before: { ...line, require_sso: false },
        after: { ...line, require_sso: false, certificates_changed: true },
      },
      {
        action: "sso_saml_updated",
        entity: "company",
        entityId: companyId,
        before: { ...line, require_sso: false },
        after: { ...line, require_sso: true, certificates_changed: false },
      },
    ]);
  });

  it("group mappings: the claim and the rules, before and after", async () => {
    const companyId = (await createCompany({ database })).id;
    const repo = createGroupMappingsRepo(database.db);
    const rules = [{ group: "eng", role: "member" as const, teamId: null }];
    await repo.save(null, companyId, { groupsClaim: "groups", rules: [] });
    await repo.save(null, companyId, { groupsClaim: "roles", rules });
    expect(await companyAudit({ database }, companyId)).toEqual([
      { action: "sso_group_mappings_updated", entity: "company", entityId: companyId, before: null, after: { groups_claim: "groups", rules: [] } },
      {
        action: "sso_group_mappings_updated",
        entity: "company",
        entityId: companyId,
        before: { groups_claim: "groups", rules: [] },
        after: { groups_claim: "roles", rules },
      },
    ]);
  });
});
