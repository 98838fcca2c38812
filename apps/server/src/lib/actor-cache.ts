import { createHash } from "node:crypto";
import type { Actor } from "./actor.ts";

/**
 * Resolving a session costs a signature check and three queries; a signed-in request repeats it
 * on every call. This keeps the resolved actor for a few seconds per session token. Sign-out and
 * password changes clear it in this process; other processes see them within `ttlMs`.
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
    clear() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
export type ActorCache = ReturnType<typeof createActorCache>;

/** The session token a request carries: the session cookie, a bearer token or firebase_token. */
export function sessionToken(headers: { cookie?: string; authorization?: string; firebase_token?: string | string[] }): string | null {
  const cookie = headers.cookie?.match(/(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]+)/)?.[1];
  if (cookie) return `c:${cookie}`;
  const bearer = headers.authorization?.match(/^Bearer\s+(.+)$/i)?.[1];
  if (bearer) return `b:${bearer}`;
  const legacy = headers.firebase_token;
  return typeof legacy === "string" && legacy ? `b:${legacy}` : null;
}
