import { createHash } from "node:crypto";

/** What names a provider's configuration: its issuer and our client at it (the secret is part of the configuration). */
export interface DiscoveryKey {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** How long a provider's discovery document is reused: endpoints and keys rarely move. */
export const DISCOVERY_TTL_MS = 10 * 60 * 1000;
const MAX_ENTRIES = 1000;

/**
 * Single sign-on discovered the company's provider on every sign-in. This keeps each
 * discovery for a bounded time, keyed by issuer, client id and a hash of the secret, so a saved
 * change of any of them (on any server process) is a new key at once. A failed discovery is not
 * kept; concurrent sign-ins share one discovery in flight.
 */
export function createDiscoveryCache<T>(discover: (key: DiscoveryKey) => Promise<T>, opts: { ttlMs: number; now?: () => number }) {
  const now = opts.now ?? Date.now;
  const entries = new Map<string, { value: Promise<T>; expires: number }>();
  const keyOf = (k: DiscoveryKey) => JSON.stringify([k.issuer, k.clientId, createHash("sha256").update(k.clientSecret).digest("base64url")]);

  function load(k: DiscoveryKey) {
    const id = keyOf(k);
    const value = discover(k);
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!); // oldest first
    entries.set(id, { value, expires: now() + opts.ttlMs });
    value.catch(() => {
      if (entries.get(id)?.value === value) entries.delete(id);
    });
    return value;
  }

  return {
    /** The provider's configuration, discovered at most once per `ttlMs`. */
    get(k: DiscoveryKey): Promise<T> {
      const hit = entries.get(keyOf(k));
      return hit && hit.expires > now() ? hit.value : load(k);
    },
    /** Discovers again whatever is kept (a connection being saved), and keeps the fresh one. */
    refresh: (k: DiscoveryKey): Promise<T> => load(k),
  };
}
export type DiscoveryCache<T> = ReturnType<typeof createDiscoveryCache<T>>;
