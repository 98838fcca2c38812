import { createHash } from "node:crypto";
import type { Actor } from "./actor.ts";

/**
 * Resolving a session through better-auth costs a signature check and three queries; a signed-in
 * request repeats it on every call. This remembers, for a few seconds per token, that the token's
 * signature was good and whose it is. It never vouches for the session itself: every request still
 * reads the session row and the account (one indexed query), so a revoked session, a password change
 * or a deactivation on any server process is refused by every process at once.
 */
export function createActorCache(opts: { ttlMs: number; max: number }) {
  const entries = new Map<string, { actor: Actor; expires: number }>();
  const keyOf = (token: string) => createHash("sha256").update(token).digest("base64url");
  return {
    get(token: string): Actor | undefined {
      if (opts.ttlMs <= 0) return undefined;
      const key = keyOf(token);
      const hit = entries.get(key);
      if (!hit) return undefined;
      if (hit.expires < Date.now()) {
        entries.delete(key);
        return undefined;
      }
      return hit.actor;
    },
    set(token: string, actor: Actor) {
      if (opts.ttlMs <= 0) return;
      if (entries.size >= opts.max) entries.delete(entries.keys().next().value!); // oldest first
      entries.set(keyOf(token), { actor, expires: Date.now() + opts.ttlMs });
    },
    delete(token: string) {
      entries.delete(keyOf(token));
    },
    clear() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
export type ActorCache = ReturnType<typeof createActorCache>;

/** The session row's token inside what a request carries (a signed `token.signature`, maybe URL-encoded). */
export function rawSessionToken(carried: string): string {
  const value = carried.slice(2);
  let decoded = value;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    /* not encoded */
  }
  return decoded.split(".")[0]!;
}

/** Authorization carries a session (a bearer token), not a static client key such as `Token …` or `Api-Key …`. */
export const isBearer = (authorization: string | null | undefined) => /^Bearer\s+\S/i.test(authorization ?? "");

/**
 * The request carries one of better-auth's cookies (the session, or a sign-in still waiting for its
 * second factor): a browser adds them by itself, so they alone never show who sent the request.
 */
export const carriesAuthCookie = (cookie: string | undefined) => /(?:^|;\s*)(?:__Secure-)?better-auth\.[\w.-]+=/.test(cookie ?? "");

/** The session token a request carries: the session cookie, a bearer token or firebase_token. */
export function sessionToken(headers: { cookie?: string; authorization?: string; firebase_token?: string | string[] }): string | null {
  const cookie = headers.cookie?.match(/(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]+)/)?.[1];
  if (cookie) return `c:${cookie}`;
  const bearer = headers.authorization?.match(/^Bearer\s+(.+)$/i)?.[1];
  if (bearer) return `b:${bearer}`;
  const legacy = headers.firebase_token;
  return typeof legacy === "string" && legacy ? `b:${legacy}` : null;
}
