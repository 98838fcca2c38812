import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Role } from "@learnward/contracts";
import { accounts, authCredentials, authUsers, companies } from "../src/db/schema/index.ts";
import { DEMO_PASSWORD, type Client, type TestContext } from "./helpers.ts";

/** The demo companies by domain, or any company by id. */
export async function companyId(t: TestContext, company: "acme" | "globex" | number): Promise<number> {
  if (typeof company === "number") return company;
  const [row] = await t.database.db.select({ id: companies.id }).from(companies).where(eq(companies.domain, `${company}.test`));
  if (!row) throw new Error(`no company ${company}`);
  return row.id;
}

let people = 0;

/**
 * A new active person of a company, signed in: what a test needs when the demo accounts (one per
 * role, Acme only) are not enough, e.g. a colleague of the same team or a Globex hr.
 */
export async function addPerson(
  t: TestContext,
  opts: { company: "acme" | "globex" | number; role: Exclude<Role, "admin">; teamId?: number | null; name?: string },
): Promise<{ id: number; email: string; client: Client }> {
  const n = ++people;
  const cid = await companyId(t, opts.company);
  const username = `person${n}-${randomUUID().slice(0, 8)}`;
  const email = `${username}@factory.test`;
  const hash = await (await t.app.auth.$context).password.hash(DEMO_PASSWORD);
  const uid = randomUUID();
  const id = await t.database.db.transaction(async (tx) => {
    await tx.insert(authUsers).values({ id: uid, name: opts.name ?? `Person ${n}`, email, emailVerified: true });
    await tx.insert(authCredentials).values({ id: randomUUID(), accountId: uid, providerId: "credential", userId: uid, password: hash });
    const [row] = await tx.insert(accounts).values({ uid, companyId: cid, role: opts.role, teamId: opts.teamId ?? null, username }).returning({ id: accounts.id });
    return row!.id;
  });
  return { id, email, client: await t.as(email) };
}

/**
 * A fingerprint of every table: its row count and the sum of its row versions (xmin), so inserts,
 * deletes and updates all change it. Equal before and after a refused call: it wrote nothing.
 */
export async function fingerprinter(t: TestContext): Promise<() => Promise<string>> {
  const tables = (await t.database.db.execute(
    sql`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name not like '%migrations%' order by 1`,
  )) as unknown as { rows: { table_name: string }[] };
  const query = sql.raw(
    "select " +
      tables.rows.map((r) => `(select count(*)::text || ':' || coalesce(sum(xmin::text::bigint), 0)::text from "${r.table_name}") as "${r.table_name}"`).join(", "),
  );
  return async () => JSON.stringify(((await t.database.db.execute(query)) as unknown as { rows: unknown[] }).rows[0]);
}
