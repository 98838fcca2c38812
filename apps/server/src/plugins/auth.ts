import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import rateLimit, { type FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import { fromNodeHeaders } from "better-auth/node";
import { AUTH_MESSAGES, type AuthMessageCode, type ErrorCode, TOKEN_HEADER } from "@learnward/contracts";
import { AppError, unauthenticated } from "../lib/errors.ts";
import { type Actor, decorateActor } from "../lib/actor.ts";
import { type Auth, CLIENT_IP_HEADER } from "../modules/identity/auth.ts";
import type { AccountRow, CompanyRow, IdentityRepo } from "../modules/identity/identity.repo.ts";
import { identityPolicy, SESSION_REFUSALS } from "../modules/identity/identity.policy.ts";
import { requestLocale } from "../lib/locale.ts";
import { carriesAuthCookie, createActorCache, isBearer, rawSessionToken, sessionToken } from "../lib/actor-cache.ts";
import type { IdentityService } from "../modules/identity/identity.service.ts";
import { type AccessTokensService, isAccessToken } from "../modules/identity/access-tokens.service.ts";
import { z } from "zod";

/** better-auth codes → our stable codes (spec §5 messages). */
const AUTH_CODE_MAP: Record<string, ErrorCode> = {
  INVALID_EMAIL_OR_PASSWORD: "invalid_credentials",
  INVALID_PASSWORD: "invalid_credentials",
  USER_NOT_FOUND: "invalid_credentials",
  CREDENTIAL_ACCOUNT_NOT_FOUND: "invalid_credentials",
  INVALID_EMAIL: "invalid_email",
  PASSWORD_TOO_SHORT: "weak_password",
  PASSWORD_TOO_LONG: "weak_password",
  USER_ALREADY_EXISTS: "email_in_use",
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: "email_in_use",
  REGISTRATION_NOT_ALLOWED: "registration_not_allowed",
  EMAIL_NOT_VERIFIED: "email_not_verified",
  INVALID_CODE: "invalid_code",
  INVALID_BACKUP_CODE: "invalid_code",
  INVALID_TWO_FACTOR_COOKIE: "two_factor_expired",
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: "two_factor_expired",
  ACCOUNT_TEMPORARILY_LOCKED: "rate_limited",
  TOTP_ALREADY_ENABLED: "conflict",
  ACCOUNT_INACTIVE: "account_inactive",
  COMPANY_SUSPENDED: "company_suspended",
  SSO_REQUIRED: "sso_required",
  INVALID_TOKEN: "invalid_token",
  FORBIDDEN: "permission_denied",
  VALIDATION_ERROR: "validation_error",
};

const NON_AUTH_MESSAGES: Partial<Record<ErrorCode, { en: string; es: string }>> = {
  account_inactive: { en: "This account is not active", es: "Esta cuenta no está activa" },
  company_suspended: { en: "Your company's access is suspended", es: "El acceso de tu empresa está suspendido" },
  sso_required: {
    en: "Your company signs in through its identity provider: continue with single sign-on",
    es: "Tu empresa inicia sesión con su proveedor de identidad: continúa con el inicio de sesión único",
  },
  invalid_token: { en: "This link is invalid or has expired", es: "Este enlace no es válido o ha caducado" },
  invalid_code: { en: "That code is not right", es: "Ese código no es correcto" },
  two_factor_expired: {
    en: "Sign in again: this attempt expired or had too many wrong codes",
    es: "Vuelve a iniciar sesión: este intento caducó o tuvo demasiados códigos incorrectos",
  },
  email_not_verified: {
    en: "Confirm your email address first: we have sent you a new link",
    es: "Primero confirma tu dirección de correo: te hemos enviado un enlace nuevo",
  },
  rate_limited: { en: "Too many attempts. Try again later.", es: "Demasiados intentos. Inténtalo más tarde." },
  validation_error: { en: "Some fields are not valid", es: "Algunos campos no son válidos" },
};

/**
 * spec §5 'Invalid email': better-auth's body validation (sign-up, password reset…) names the field it
 * refused as `[body.email] …`; a malformed address is that, whichever route was asked.
 */
const invalidEmail = (body: { code?: string; message?: string }) => body.code === "VALIDATION_ERROR" && /\[body\.email\]/.test(body.message ?? "");

function authMessage(code: ErrorCode, locale: "en" | "es", provided?: string): string {
  if (code in AUTH_MESSAGES.en) return AUTH_MESSAGES[locale][code as AuthMessageCode];
  return NON_AUTH_MESSAGES[code]?.[locale] ?? provided ?? AUTH_MESSAGES[locale].auth_error;
}

declare module "fastify" {
  interface FastifyInstance {
    auth: Auth;
    resolveActor(req: FastifyRequest): Promise<Actor | null>;
  }
  interface FastifyRequest {
    /**
     * The caller's account and company as this request's session check read them, when it read
     * them whole (a known token): /api/me answers from it instead of reading them again.
     */
    sessionAccount: { account: AccountRow; company: CompanyRow | null } | null;
    /** The personal access token this request was opened with, when it was (not a session). */
    accessTokenId: number | null;
  }
}

const TWO_FACTOR_CHANGING = /^\/api\/auth\/two-factor\/(verify-totp|disable)$/;

// Auth calls after which a cached token may be stale (the cache re-reads sessions anyway; this frees memory).
const SESSION_CHANGING = /^\/api\/auth\/(sign-out|revoke-session|revoke-sessions|revoke-other-sessions|change-password|reset-password|two-factor)/;

export default fp(
  async function authPlugin(
    app: FastifyInstance,
    opts: {
      auth: Auth;
      repo: IdentityRepo;
      identity: IdentityService;
      accessTokens: AccessTokensService;
      sessionCacheMs: number;
      rateLimitStore: FastifyRateLimitStoreCtor;
    },
  ) {
    const { auth, repo, identity, accessTokens } = opts;
    const cache = createActorCache({ ttlMs: opts.sessionCacheMs, max: 10_000 });
    app.decorate("auth", auth);
    decorateActor(app);
    app.decorateRequest("sessionAccount", null);
    app.decorateRequest("accessTokenId", null);

    const toFetchHeaders = (req: FastifyRequest) => {
      const headers = fromNodeHeaders(req.headers);
      // Our own header, never the client's: better-auth keys its limiter and session IPs on it.
      headers.set(CLIENT_IP_HEADER, req.ip);
      // A browser always says where a POST comes from (Origin), and the security plugin refuses other
      // sites' pages. A request without Origin or Referer that carries no session cookie is an API
      // client's, whatever fetch metadata its library adds (Node's fetch sends sec-fetch-mode) or
      // cookies it keeps (the language): better-auth would refuse it as a browser without Origin, so
      // it is told the call is our own.
      if (!headers.has("origin") && !headers.has("referer") && !carriesAuthCookie(req.headers.cookie)) {
        headers.set("origin", new URL(app.publicUrl).origin);
      }
      // A static consumer token (`Token …`, `Api-Key …`: spec §6) is no session: better-auth must read
      // the session the cache is keyed on (sessionToken), so the answer never depends on the cache.
      if (!isBearer(headers.get("authorization"))) headers.delete("authorization");
      // Existing clients send the session as `firebase_token` (spec §9); treat it as a bearer token.
      // It wins over anything else in Authorization: a consumer may send its static token as Bearer too.
      const legacy = req.headers[TOKEN_HEADER];
      if (typeof legacy === "string" && legacy) headers.set("authorization", `Bearer ${legacy}`);
      return headers;
    };

    async function handleAuth(req: FastifyRequest, reply: FastifyReply) {
      const url = new URL(req.url, app.publicUrl);
      const hasBody = req.method !== "GET" && req.method !== "HEAD" && req.body !== undefined;
      // Turning two-factor on (confirming the first code) or off is audited: who had it before.
      const twoFactorChange = TWO_FACTOR_CHANGING.test(url.pathname) ? await twoFactorStateOf(req) : null;
      if (url.pathname === "/api/auth/two-factor/disable" && twoFactorChange?.required) {
        throw new AppError("two_factor_required", 403, "Your role requires two-factor sign-in: it can't be turned off");
      }
      const headers = toFetchHeaders(req);
      // The body is handed on as JSON whatever it arrived as (a SAML ACS receives a form).
      if (hasBody) headers.set("content-type", "application/json");
      const res = await auth.handler(new Request(url, { method: req.method, headers, body: hasBody ? JSON.stringify(req.body) : undefined }));
      // After the change is stored, so no request can re-cache the old session.
      if (SESSION_CHANGING.test(url.pathname)) cache.clear();
      reply.status(res.status);
      res.headers.forEach((value, key) => {
        if (key !== "set-cookie" && key !== "content-length") reply.header(key, value);
      });
      const cookies = res.headers.getSetCookie();
      if (cookies.length) reply.header("set-cookie", cookies);
      const text = await res.text();
      await auditSignIn(req, url.pathname, res.status, twoFactorChange);
      // A password alone opens no session when a second factor is due: better-auth's bearer plugin
      // still echoes the token of the session the two-factor plugin just deleted; keep it out.
      if (text.includes('"twoFactorRedirect":true')) reply.removeHeader("set-auth-token");
      if (res.status < 400) return reply.send(text || null);

      // Re-shape better-auth errors into `{ error: { code, message } }` with the spec's words.
      let body: { code?: string; message?: string } = {};
      try {
        body = JSON.parse(text) as typeof body;
      } catch {
        /* not JSON: keep defaults */
      }
      const code: ErrorCode =
        res.status === 429
          ? "rate_limited"
          : invalidEmail(body)
            ? "invalid_email"
            : (AUTH_CODE_MAP[body.code ?? ""] ?? (res.status === 404 ? "not_found" : "auth_error"));
      if (res.status === 429) reply.header("retry-after", res.headers.get("x-retry-after") ?? "60");
      reply.header("content-type", "application/json; charset=utf-8");
      return reply.send({ error: { code, message: authMessage(code, requestLocale(req), body.message) } });
    }

    async function twoFactorStateOf(req: FastifyRequest) {
      const actor = await app.resolveActor(req).catch(() => null);
      const account = actor ? await repo.accountByUid(actor.uid) : undefined;
      return account ? { uid: account.uid, enabled: account.twoFactorEnabled, required: identityPolicy.mustUseTwoFactor(account) } : null;
    }

    /** Failed password sign-ins and two-factor changes go to the audit trail. */
    async function auditSignIn(
      req: FastifyRequest,
      path: string,
      status: number,
      twoFactorBefore: { uid: string; enabled: boolean; required: boolean } | null,
    ) {
      if (path === "/api/auth/sign-in/email" && status === 401) {
        const email = (req.body as { email?: unknown } | undefined)?.email;
        if (typeof email !== "string") return;
        const account = await repo.accountByEmail(email);
        await repo.audit({
          actorId: null,
          companyId: account?.companyId ?? null,
          entity: "sign_in",
          entityId: account?.id ?? null,
          action: "failed",
          after: { email: email.trim().toLowerCase().slice(0, 320), ip_address: req.ip },
        });
      }
      if (twoFactorBefore && status === 200) {
        const after = await repo.accountByUid(twoFactorBefore.uid);
        if (after && after.twoFactorEnabled !== twoFactorBefore.enabled) {
          const action = after.twoFactorEnabled ? "enable" : "disable";
          await repo.audit({
            actorId: after.id,
            companyId: after.companyId,
            entity: "two_factor",
            entityId: after.id,
            action,
            after: { email: after.email, ip_address: req.ip },
          });
        }
      }
    }

    // One person hammering one account is stopped by (IP, email); better-auth's own per-IP
    // limits stay high enough for a whole office behind one address.
    await app.register(rateLimit, { global: false, store: opts.rateLimitStore });
    const perPerson = (max: number, minutes: number) => ({
      rateLimit: {
        max,
        timeWindow: minutes * 60_000,
        hook: "preHandler" as const,
        keyGenerator: (req: FastifyRequest) => {
          const email = (req.body as { email?: unknown } | undefined)?.email;
          return `${req.ip}|${typeof email === "string" ? email.trim().toLowerCase() : ""}`;
        },
        errorResponseBuilder: (_req: FastifyRequest, ctx: { after: string }) =>
          new AppError("rate_limited", 429, `Too many attempts. Try again in ${ctx.after}.`),
      },
      access: "public" as const,
    });

    app.post("/api/auth/sign-in/email", { config: perPerson(5, 1), schema: { hide: true } }, handleAuth);
    // Only an address some company's allow-list admits may register on its own (invitations go through
    // their link). Checked before better-auth looks the address up, so the answer for an address
    // outside every allow-list is the same whether or not it has an account.
    app.post(
      "/api/auth/sign-up/email",
      {
        config: { access: "public" },
        schema: { hide: true },
        preHandler: async (req) => {
          const email = (req.body as { email?: unknown } | undefined)?.email;
          if (typeof email !== "string" || !z.email().safeParse(email).success) return; // better-auth answers 'Invalid email'
          if ((await identity.admittedByAllowList(email)) === null) {
            throw new AppError("registration_not_allowed", 403, authMessage("registration_not_allowed", requestLocale(req)));
          }
        },
      },
      handleAuth,
    );
    app.post("/api/auth/request-password-reset", { config: perPerson(3, 15), schema: { hide: true } }, handleAuth);
    // A company's SAML identity provider posts its response as a form (HTTP-POST binding).
    // The signed response is the credential, never a cookie: one sent along is not handed on.
    await app.register(async (acs) => {
      acs.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_req, body, done) =>
        done(null, Object.fromEntries(new URLSearchParams(String(body)))),
      );
      acs.post(
        "/api/auth/sso/saml/:companyId/acs",
        { config: { access: "public", crossOriginPost: true }, schema: { hide: true }, bodyLimit: 2 * 1024 * 1024 },
        async (req, reply) => {
          delete req.headers.cookie;
          return handleAuth(req, reply);
        },
      );
    });
    app.route({
      method: ["GET", "POST"],
      url: "/api/auth/*",
      config: { access: "public" },
      schema: { hide: true },
      handler: handleAuth,
    });

    const actorOf = (account: AccountRow): Actor => ({
      uid: account.uid,
      accountId: account.id,
      email: account.email,
      role: account.role,
      companyId: account.companyId,
      teamId: account.teamId,
      twoFactorPending: identityPolicy.mustUseTwoFactor(account) && !account.twoFactorEnabled,
    });

    app.decorate("resolveActor", async (req: FastifyRequest): Promise<Actor | null> => {
      // A personal access token names its person explicitly: it wins over a cookie sent along with it.
      const bearer = req.headers.authorization?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
      if (bearer && isAccessToken(bearer)) {
        const opened = await accessTokens.resolve(bearer);
        const refusal = identityPolicy.sessionRefusal(opened.account);
        if (refusal) throw new AppError(refusal, 401, SESSION_REFUSALS[refusal]);
        req.accessTokenId = opened.tokenId;
        req.sessionAccount = { account: opened.account, company: opened.company };
        return actorOf(opened.account);
      }
      const token = sessionToken(req.headers as Parameters<typeof sessionToken>[0]);
      if (!token) return null;
      if (cache.get(token)) {
        // The signature was checked before; the session and the account are read afresh.
        const live = await repo.liveSession(rawSessionToken(token));
        if (live && identityPolicy.sessionRefusal(live.account) === null) {
          req.sessionAccount = live;
          return actorOf(live.account);
        }
        cache.delete(token); // revoked, expired or no longer active: resolve it the long way below
      }
      const headers = toFetchHeaders(req);
      const session = await auth.api.getSession({ headers });
      if (!session) return null;
      const account = await repo.accountByUid(session.user.id);
      const refusal = account ? identityPolicy.sessionRefusal(account) : null;
      if (!account || refusal) {
        // spec §4 Session: no account → the user is signed out and told so.
        await auth.api.revokeSession({ headers, body: { token: session.session.token } }).catch(() => {});
        if (!account) throw new AppError("account_missing", 401, "This account does not exist");
        throw new AppError(refusal!, 401, SESSION_REFUSALS[refusal!]);
      }
      const actor = actorOf(account);
      cache.set(token, actor);
      return actor;
    });

    // Every route states who may call it; a route without `config.access` cannot be registered.
    app.addHook("onRoute", (route) => {
      if (!route.url.startsWith("/api/") || route.url.startsWith("/api/docs")) return;
      if (route.config?.access === undefined) {
        throw new Error(`Route ${route.method} ${route.url} does not declare config.access`);
      }
    });

    // Before the body is parsed or validated: a refused caller learns nothing about the input.
    app.addHook("onRequest", async (req) => {
      const access = req.routeOptions.config?.access;
      if (access === undefined || access === "public") return;
      const actor = await app.resolveActor(req);
      if (!actor) throw unauthenticated();
      if (req.accessTokenId !== null && !identityPolicy.accessTokenOpens(req.routeOptions.config ?? {})) {
        throw new AppError("access_token_not_allowed", 403, "A personal access token can't do this: sign in to the app instead");
      }
      if (actor.twoFactorPending && !req.routeOptions.config?.beforeTwoFactor) {
        throw new AppError("two_factor_required", 403, "Set up two-factor sign-in to continue");
      }
      if (access !== "signed-in" && !access.includes(actor.role)) {
        throw new AppError("forbidden", 403, "Permission denied");
      }
      req.checkedActor = actor;
    });
  },
  { name: "auth" },
);
