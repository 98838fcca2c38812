import * as client from "openid-client";
import type { SafeFetch } from "../../lib/safe-fetch.ts";

/** Why an issuer cannot be used: not an https URL, unreachable, or no valid discovery document. */
export class OidcIssuerError extends Error {}

/** One sign-in at the provider: what the callback must find again (kept server-side under `state`). */
export interface PendingSignIn {
  companyId: number;
  codeVerifier: string;
  nonce: string;
}

export interface OidcClientOptions {
  /** The app's public-only fetch (or, in tests, one that reaches loopback). */
  fetch: SafeFetch;
  /** http:// issuers (tests, local development); https only otherwise. */
  allowHttp: boolean;
}

/**
 * OpenID Connect as a relying party, through openid-client: discovery, the authorization request
 * (state, nonce, PKCE S256) and the code grant that checks the id_token (signature, issuer,
 * audience, expiry, nonce). Every request to the provider goes through the app's safe fetch.
 */
export function createOidcClient({ fetch, allowHttp }: OidcClientOptions) {
  const customFetch: client.CustomFetch = async (url, init) => {
    const body = init.body === undefined || init.body === null ? undefined : init.body instanceof URLSearchParams ? init.body.toString() : String(init.body);
    const res = await fetch(url, {
      maxBytes: 512 * 1024,
      timeoutMs: 10_000,
      accept: init.headers.accept,
      ...(init.method === "POST" && body !== undefined
        ? { post: { body, contentType: init.headers["content-type"] ?? "application/x-www-form-urlencoded" } }
        : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : String(value));
    }
    return new Response(new Uint8Array(res.body), { status: res.status, headers });
  };

  return {
    /** The provider's configuration from its discovery document; throws OidcIssuerError when it cannot be read. */
    async discover(issuer: string, clientId: string, clientSecret: string): Promise<client.Configuration> {
      const url = URL.canParse(issuer) ? new URL(issuer) : null;
      const schemes = allowHttp ? ["https:", "http:"] : ["https:"];
      if (!url || !schemes.includes(url.protocol) || url.username || url.password) throw new OidcIssuerError("The issuer must be an https:// URL");
      try {
        const config = await client.discovery(url, clientId, undefined, client.ClientSecretPost(clientSecret), {
          [client.customFetch]: customFetch,
          execute: allowHttp && url.protocol === "http:" ? [client.allowInsecureRequests] : [],
        });
        config[client.customFetch] = customFetch;
        return config;
      } catch (err) {
        throw new OidcIssuerError(`No OpenID Connect discovery document at ${url.origin}: ${(err as Error).message}`);
      }
    },

    /** Where the browser goes to sign in, and what the callback needs to finish. */
    async authorizationRequest(config: client.Configuration, redirectUri: string, loginHint: string) {
      const codeVerifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: "openid email profile",
        response_type: "code",
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: "S256",
        state,
        nonce,
        login_hint: loginHint,
      });
      return { url, state, codeVerifier, nonce };
    },

    /** Exchanges the code and answers the checked id_token's claims; throws on any refusal. */
    async finish(config: client.Configuration, callbackUrl: URL, expected: { state: string; codeVerifier: string; nonce: string }) {
      const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        expectedState: expected.state,
        expectedNonce: expected.nonce,
        pkceCodeVerifier: expected.codeVerifier,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error("no id_token");
      return claims;
    },

    /** The provider itself said no (the person cancelled, the provider refused). */
    isProviderRefusal: (err: unknown) => err instanceof client.AuthorizationResponseError || err instanceof client.ResponseBodyError,
  };
}
export type OidcClient = ReturnType<typeof createOidcClient>;
