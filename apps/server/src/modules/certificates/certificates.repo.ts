import { randomInt } from "node:crypto";
import { and, count, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { Executor } from "../../lib/events.ts";
import { recordAudit } from "../../lib/audit.ts";
import {
  accounts,
  authUsers,
  certificates,
  collections,
  companies,
  pathCompletions,
  planCollections,
  upskillingPlans,
  type CertificateRow,
} from "../../db/schema/index.ts";
import { aliased, names } from "../../db/sql.ts";
import { latestCompletedCycle } from "../network/index.ts";

/** Digits and capitals without look-alikes (0/O, 1/I/L): read from paper and typed without doubt. */
const CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const CODE_LENGTH = 12;

/** A new verification code: 12 characters of a 31-letter alphabet, about 59 random bits. */
export const newCertificateCode = () => Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join("");

const [A, a] = aliased(accounts, "a");
const [AU, au] = aliased(authUsers, "au");
const [CO, co] = aliased(companies, "co");
const [P, p] = aliased(upskillingPlans, "p");
const [PC, pc] = aliased(planCollections, "pc");
const [COL, col] = aliased(collections, "col");
const [PD, pd] = aliased(pathCompletions, "pd");
const [CL, cl] = aliased(certificates, "cl");
const ce = certificates;
const rowsOf = (result: unknown) => (result as { rows: { id: number; company_id: number }[] }).rows;

/** What was completed: the certificate states its title and skills as they are now, frozen. */
export type Completion = { kind: "plan"; planId: number } | { kind: "path"; collectionId: number };

export function createCertificatesRepo(db: Db) {
  /** The insert of one certificate from what `from` selects (the person's a, au, co joined), once per person, source and cycle. */
  async function insertFrom(tx: Executor, accountId: number, v: { kind: "plan" | "path"; source: SQL; from: SQL; row: { [k: string]: SQL } }) {
    const result = await tx.execute(sql`
      insert into ${ce} (${names(ce.code, ce.companyId, ce.accountId, ce.kind, ce.sourceKey, ce.cycle, ce.collectionId, ce.planId, ce.title, ce.recipientName, ce.issuerName, ce.skills, ce.locale, ce.completedAt)})
      select ${newCertificateCode()}, ${a.companyId}, ${a.id}, ${v.kind}, ${v.source}, ${v.row.cycle}, ${v.row.collectionId}, ${v.row.planId}, ${v.row.title}, ${au.name}, ${co.name},
        ${v.row.skills}, ${a.locale}, ${v.row.completedAt}
      from ${A} join ${AU} on ${au.id} = ${a.uid} join ${CO} on ${co.id} = ${a.companyId}
      ${v.from}
      where ${a.id} = ${accountId}::int
      on conflict (${names(ce.accountId, ce.sourceKey, ce.cycle)}) do nothing
      returning ${names(ce.id, ce.companyId)}`);
    const [row] = rowsOf(result);
    return row ? { id: Number(row.id), companyId: Number(row.company_id) } : null;
  }

  return {
    recordAudit,

    /**
     * Issues the person's certificate for this completion (a path's: its latest cycle) unless they
     * hold one for it already; answers its id when issued now.
     */
    async issue(tx: Executor, accountId: number, c: Completion): Promise<{ id: number; companyId: number } | null> {
      if (c.kind === "plan") {
        return insertFrom(tx, accountId, {
          kind: "plan",
          source: sql`'plan:' || ${p.id}`,
          from: sql`join ${P} on ${p.id} = ${c.planId}::int and ${p.companyId} = ${a.companyId}`,
          row: {
            collectionId: sql`null::int`,
            planId: sql`${p.id}`,
            cycle: sql`1`,
            title: sql`${p.title}`,
            skills: sql`coalesce((select array_agg(distinct ${pc.skill} order by ${pc.skill}) from ${PC} where ${pc.planId} = ${p.id}), '{}'::text[])`,
            completedAt: sql`now()`,
          },
        });
      }
      return insertFrom(tx, accountId, {
        kind: "path",
        source: sql`'path:' || ${col.id}`,
        from: sql`join ${COL} on ${col.id} = ${c.collectionId}::int and ${col.companyId} = ${a.companyId}
          left join ${PD} on ${pd.accountId} = ${a.id} and ${pd.collectionId} = ${col.id} and ${latestCompletedCycle(pd.cycle, a.id, col.id)}`,
        row: {
          collectionId: sql`${col.id}`,
          planId: sql`null::int`,
          cycle: sql`coalesce(${pd.cycle}, 1)`,
          title: sql`${col.title}`,
          skills: sql`${col.skills}`,
          completedAt: sql`coalesce(${pd.completedAt}, now())`,
        },
      });
    },

    async byId(id: number): Promise<CertificateRow | undefined> {
      const [row] = await db.select().from(certificates).where(eq(certificates.id, id));
      return row;
    },

    async byCode(code: string): Promise<CertificateRow | undefined> {
      const [row] = await db.select().from(certificates).where(eq(certificates.code, code));
      return row;
    },

    /** A person of some company, for listing their certificates (null when there is no such account). */
    async account(id: number) {
      const [row] = await db.select({ id: accounts.id, companyId: accounts.companyId }).from(accounts).where(eq(accounts.id, id));
      return row ?? null;
    },

    /** A person of this company by username (one company's usernames are its own). */
    async accountByUsername(companyId: number, username: string) {
      const [row] = await db
        .select({ id: accounts.id, companyId: accounts.companyId })
        .from(accounts)
        .where(and(eq(accounts.companyId, companyId), eq(accounts.username, username)));
      return row ?? null;
    },

    /** A person's certificates, newest first. */
    async listOf(accountId: number, page: { limit: number; offset: number }) {
      const where = eq(certificates.accountId, accountId);
      const [rows, [total]] = await Promise.all([
        db.select().from(certificates).where(where).orderBy(desc(certificates.createdAt), desc(certificates.id)).limit(page.limit).offset(page.offset),
        db.select({ n: count() }).from(certificates).where(where),
      ]);
      return { rows, count: total?.n ?? 0 };
    },

    /** Sets a path certificate's expiry to `months` after its completion; answers its code and expiry, or null when there is no such path certificate. */
    async expireAfter(tx: Executor, id: number, months: number) {
      const [row] = await tx
        .update(certificates)
        .set({ expiresAt: sql`${certificates.completedAt} + make_interval(months => ${months}::int)` })
        .where(and(eq(certificates.id, id), eq(certificates.kind, "path")))
        .returning({ code: certificates.code, accountId: certificates.accountId, collectionId: certificates.collectionId, expiresAt: certificates.expiresAt });
      return row ?? null;
    },

    /**
     * Re-dates the company's current path certificates of this collection (each holder's latest
     * cycle, unrevoked) held by these people: `months` after their completion, or never (null).
     * Answers those whose expiry changed, with it before and after.
     */
    async redate(tx: Executor, companyId: number, collectionId: number, holders: { accountId: number; months: number | null }[]) {
      if (!holders.length) return [];
      const result = await tx.execute(sql`
        with v as (select * from json_to_recordset(${JSON.stringify(holders.map((h) => ({ account_id: h.accountId, months: h.months })))}::json) as v(account_id int, months int)),
        cur as (
          select ${ce.id} as id, ${ce.expiresAt} as before,
            case when v.months is null then null else ${ce.completedAt} + make_interval(months => v.months) end as after
          from ${ce} join v on v.account_id = ${ce.accountId}
          where ${ce.companyId} = ${companyId}::int and ${ce.kind} = 'path' and ${ce.collectionId} = ${collectionId}::int and ${ce.revokedAt} is null
            and ${ce.cycle} = (select max(${cl.cycle}) from ${CL} where ${cl.accountId} = ${ce.accountId} and ${cl.sourceKey} = ${ce.sourceKey})
          for update)
        update ${ce} set ${sql.identifier(ce.expiresAt.name)} = cur.after from cur
        where ${ce.id} = cur.id and cur.before is distinct from cur.after
        returning ${ce.code} as code, cur.before as before, cur.after as after`);
      const at = (v: unknown) => (v === null ? null : new Date(v as string | Date).toISOString());
      return (result as { rows: { code: string; before: unknown; after: unknown }[] }).rows
        .map((r) => ({ code: r.code, expires_at_before: at(r.before), expires_at: at(r.after) }))
        .sort((x, y) => x.code.localeCompare(y.code));
    },

    /** Marks it revoked unless it already was; answers the revoked row, or nothing when it already was. */
    async revoke(tx: Executor, id: number, v: { by: number; reason: string; at: Date }) {
      const [row] = await tx
        .update(certificates)
        .set({ revokedAt: v.at, revokedBy: v.by, revokeReason: v.reason })
        .where(and(eq(certificates.id, id), isNull(certificates.revokedAt)))
        .returning();
      return row;
    },

    /** The company's logo address, if it has one. */
    async companyLogo(companyId: number): Promise<string | null> {
      const [row] = await db.select({ url: companies.urlPhoto }).from(companies).where(eq(companies.id, companyId));
      return row?.url ?? null;
    },
  };
}
export type CertificatesRepo = ReturnType<typeof createCertificatesRepo>;
