// A real OpenID Connect provider on loopback (oidc-provider), for single sign-on tests.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT, decodeJwt, type JWTPayload } from "jose";
import Provider from "oidc-provider";
import type { TestContext } from "./helpers.ts";

export interface IdpPerson {
  email: string;
  emailVerified?: boolean;
  name?: string;
  /** Claims beyond the email and name: `groups` (or a claim of another name) for group mapping. */
  claims?: Record<string, unknown>;
}

export interface TestIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The person the provider signs in at its next interaction (its login page, programmatically). */
  people: Map<string, IdpPerson>;
  signInAs(sub: string): void;
  /** How many times the discovery document was fetched. */
  discoveries(): number;
  /**
   * Rewrites the next id_token the token endpoint answers, signed again with the provider's own key
   * (so only the changed claim is wrong: an audience, an expiry).
   */
  tamperNextIdToken(change: (claims: JWTPayload) => JWTPayload): void;
  close(): Promise<void>;
}

export async function startTestIdp(opts: { redirectUri: string; clientId?: string; clientSecret?: string }): Promise<TestIdp> {
  const clientId = opts.clientId ?? "learnward";
  const clientSecret = opts.clientSecret ?? "learnward-client-secret";
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: "test-key", alg: "RS256", use: "sig" };
  const people = new Map<string, IdpPerson>();
  let nextSub: string | null = null;
  let tamper: ((claims: JWTPayload) => JWTPayload) | null = null;
  let discoveries = 0;

  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [opts.redirectUri],
        token_endpoint_auth_method: "client_secret_post",
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: ["test-idp-cookie-key"] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "groups", "roles"] },
    // Real providers (Okta, Entra ID, Google) put the email in the id_token; so does this one.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: async (_ctx, sub) => {
      const person = people.get(sub);
      if (!person) return undefined;
      return {
        accountId: sub,
        claims: async () => ({
          ...person.claims,
          sub,
          email: person.email,
          email_verified: person.emailVerified ?? true,
          name: person.name ?? person.email,
        }),
      };
    },
  });
  const handle = provider.callback();

  server.on("request", async (req, res) => {
    try {
      if (req.url?.startsWith("/.well-known/openid-configuration")) discoveries++;
      if (req.url?.startsWith("/interaction/")) {
        // The provider's login and consent page, answered at once for the person the test chose.
        const details = await provider.interactionDetails(req, res);
        const accountId = nextSub;
        if (!accountId) throw new Error("the test chose nobody to sign in");
        const grant = new provider.Grant({ accountId, clientId });
        grant.addOIDCScope(String(details.params.scope ?? "openid"));
        const grantId = await grant.save();
        await provider.interactionFinished(req, res, { login: { accountId }, consent: { grantId } }, { mergeWithLastSubmission: false });
        return;
      }
      if (req.method === "POST" && req.url === "/token" && tamper) {
        const change = tamper;
        tamper = null;
        const end = res.end.bind(res) as (chunk?: unknown) => http.ServerResponse;
        res.end = ((chunk?: unknown) => {
          const body = JSON.parse(String(chunk)) as { id_token: string };
          void new SignJWT(change(decodeJwt(body.id_token)))
            .setProtectedHeader({ alg: "RS256", kid: jwk.kid })
            .sign(privateKey)
            .then((idToken) => {
              const text = JSON.stringify({ ...body, id_token: idToken });
              res.setHeader("content-length", Buffer.byteLength(text));
              end(text);
            });
          return res;
        }) as typeof res.end;
      }
      handle(req, res);
    } catch (err) {
      res.statusCode = 500;
      res.end(String(err));
    }
  });

  return {
    issuer,
    clientId,
    clientSecret,
    people,
    discoveries: () => discoveries,
    signInAs: (sub) => {
      nextSub = sub;
    },
    tamperNextIdToken: (change) => {
      tamper = change;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A browser's cookie jar for one site, enough to follow redirects by hand. */
export function cookieJar() {
  const cookies = new Map<string, string>();
  return {
    header: () => [...cookies].map(([k, v]) => `${k}=${v}`).join("; "),
    take(setCookie: string[] | string | undefined) {
      for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
        const [pair] = line.split(";");
        const at = pair!.indexOf("=");
        const name = pair!.slice(0, at).trim();
        const value = pair!.slice(at + 1).trim();
        if (value === "" || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) cookies.delete(name);
        else cookies.set(name, value);
      }
    },
    get: (name: string) => cookies.get(name),
  };
}

/**
 * What a browser does from the sign-in page's lookup until the provider sends it back: our start
 * (whose state-binding cookie the browser keeps for our callback), then the provider's pages, where
 * `sub` signs in. Answers the lookup, our start's answer, where the provider sent the browser back
 * (`location`) and the cookie header the browser holds for our site.
 */
export async function browseThroughIdp(t: TestContext, idp: TestIdp, email: string, sub: string) {
  const lookup = await t.anonymous.post("/api/sso/lookup", { email });
  const start = await t.app.inject({ method: "GET", url: lookup.body.redirect_url });
  const ours = cookieJar();
  ours.take([start.headers["set-cookie"] ?? []].flat().map(String));
  let location = String(start.headers.location);
  idp.signInAs(sub);
  const jar = cookieJar();
  for (let hop = 0; hop < 10 && location.startsWith(idp.issuer); hop++) {
    const res = await fetch(location, { redirect: "manual", headers: { cookie: jar.header() } });
    jar.take(res.headers.getSetCookie());
    location = new URL(String(res.headers.get("location")), location).toString();
  }
  return { lookup, start, location, cookie: ours.header() };
}
