import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";

type Result = { current: number; ttl: number };

/**
 * A store for @fastify/rate-limit (its documented store interface) that keeps the counters in the
 * database, so every server process shares them and a restart forgets nothing. One atomic upsert
 * per request: a new window starts at 1 when the old one has ended, otherwise the count goes up.
 */
export function databaseRateLimitStore(db: Db) {
  const hash = (key: string) => createHash("sha256").update(key).digest("base64url");
  class DatabaseStore {
    // @fastify/rate-limit constructs the store with its options; a route's child with its key prefix.
    private readonly prefix: string;
    constructor(_options?: unknown, prefix = "") {
      this.prefix = prefix;
    }

    incr(key: string, cb: (err: Error | null, result?: Result) => void, timeWindow: number) {
      void this.count(`${this.prefix}${hash(key)}`, timeWindow).then(
        (r) => cb(null, r),
        (err: Error) => cb(err),
      );
    }

    child(route: { path?: string; url?: string; method?: string | string[] }) {
      return new DatabaseStore(undefined, `${String(route.method)} ${route.url ?? route.path ?? ""}|`);
    }

    private async count(key: string, windowMs: number): Promise<Result> {
      const result = (await db.execute(sql`
        insert into rate_limit_counters as c (key, count, window_ends)
        values (${key}, 1, now() + make_interval(secs => ${windowMs / 1000}))
        on conflict (key) do update set
          count = case when c.window_ends <= now() then 1 else c.count + 1 end,
          window_ends = case when c.window_ends <= now() then excluded.window_ends else c.window_ends end
        returning count, greatest(0, extract(epoch from (window_ends - now())) * 1000)::int as ttl`)) as { rows: { count: number; ttl: number }[] };
      // Old windows are forgotten now and then, so the table stays the size of recent activity.
      if (Math.random() < 0.01) await db.execute(sql`delete from rate_limit_counters where window_ends < now() - interval '1 day'`);
      const row = result.rows[0]!;
      return { current: Number(row.count), ttl: Number(row.ttl) };
    }
  }
  return DatabaseStore;
}
