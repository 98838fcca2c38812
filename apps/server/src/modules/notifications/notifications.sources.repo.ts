import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Role } from "@learnward/contracts";
import { accounts, authUsers, collectionFollows, collections, notifications, upskillingPlans } from "../../db/schema/index.ts";
import { names } from "../../db/sql.ts";
import type { Actor } from "../../lib/actor.ts";
import type { Executor } from "../../lib/events.ts";
import type { NewNotification } from "./notifications.repo.ts";

/**
 * What a notification names, read in the transaction of the event that tells it (PGlite has one
 * connection: a read outside it would wait on it). Only reads; who is told is decided by the
 * owning module's policy (notifications.events.ts).
 */
export const sources = {
  async name(tx: Executor, accountId: number): Promise<string> {
    const [row] = await tx
      .select({ name: authUsers.name })
      .from(accounts)
      .innerJoin(authUsers, eq(authUsers.id, accounts.uid))
      .where(eq(accounts.id, accountId));
    return row?.name ?? "";
  },

  /** The active people of a company with one of `roles`, as the actors a policy judges. */
  async actors(tx: Executor, companyId: number, roles: Role[]): Promise<Actor[]> {
    if (roles.length === 0) return [];
    return tx
      .select({
        uid: accounts.uid,
        accountId: accounts.id,
        email: authUsers.email,
        role: accounts.role,
        companyId: accounts.companyId,
        teamId: accounts.teamId,
        twoFactorPending: sql<boolean>`false`,
      })
      .from(accounts)
      .innerJoin(authUsers, eq(authUsers.id, accounts.uid))
      .where(and(eq(accounts.companyId, companyId), eq(accounts.status, "active"), inArray(accounts.role, roles)));
  },

  async plan(tx: Executor, id: number) {
    const [row] = await tx.select().from(upskillingPlans).where(eq(upskillingPlans.id, id));
    return row;
  },

  async collection(tx: Executor, id: number) {
    const [row] = await tx
      .select({ id: collections.id, title: collections.title, companyId: collections.companyId })
      .from(collections)
      .where(eq(collections.id, id));
    return row;
  },

  /** Who follows a learning path, as SQL of (account_id) rows. */
  followers: (collectionId: number): SQL =>
    sql`select ${collectionFollows.accountId} as account_id from ${collectionFollows} where ${collectionFollows.collectionId} = ${collectionId}`,

  async count(tx: Executor, audience: SQL): Promise<number> {
    const result = (await tx.execute(sql`select count(*)::int as n from (${audience}) x`)) as { rows: { n: number }[] };
    return Number(result.rows[0]?.n ?? 0);
  },

  /**
   * Writes the notification of one batch of an audience (SQL of account_id rows), set-based, from
   * the account after `after` on; skips `except` and whoever already has the key. Answers the new
   * ids and the last account of the batch (null when the audience is done).
   */
  async insertBatch(
    tx: Executor,
    audience: SQL,
    n: Omit<NewNotification, "accountId"> & { key: string },
    opts: { after: number; except: number[]; size: number },
  ): Promise<{ ids: number[]; last: number | null }> {
    const except = opts.except.length ? sql`and x.account_id not in (${sql.join(opts.except, sql`, `)})` : sql``;
    const result = (await tx.execute(sql`
      with batch as (
        select distinct x.account_id from (${audience}) x
        where x.account_id > ${opts.after} ${except}
        order by x.account_id limit ${opts.size}
      ), made as (
        insert into ${notifications} (${names(notifications.accountId, notifications.companyId, notifications.kind, notifications.params, notifications.link, notifications.key)})
        select account_id, ${n.companyId}, ${n.kind}, ${JSON.stringify(n.params)}::jsonb, ${n.link}, ${n.key} from batch
        on conflict do nothing
        returning ${sql.identifier(notifications.id.name)}
      )
      select (select coalesce(array_agg(id), '{}') from made) as ids, (select max(account_id) from batch) as last`)) as {
      rows: { ids: number[] | string; last: number | null }[];
    };
    const row = result.rows[0]!;
    const ids = typeof row.ids === "string" ? (row.ids.replace(/[{}]/g, "") ? row.ids.replace(/[{}]/g, "").split(",").map(Number) : []) : row.ids.map(Number);
    return { ids, last: row.last === null ? null : Number(row.last) };
  },
};
