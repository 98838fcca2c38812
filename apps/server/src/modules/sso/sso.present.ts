import type { OidcConnection } from "@learnward/contracts";
import type { OidcRow } from "./sso.repo.ts";

/** The connection as hr sees it: never the client secret, only whether one is saved. */
export const presentOidcConnection = (row: OidcRow | undefined, redirectUri: string): OidcConnection => ({
  issuer: row?.issuer ?? null,
  client_id: row?.clientId ?? null,
  client_secret_set: row !== undefined,
  enabled: row?.enabled ?? false,
  require_sso: row?.requireSso ?? false,
  redirect_uri: redirectUri,
  updated_at: row?.updatedAt.toISOString() ?? null,
});
