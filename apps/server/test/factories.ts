import { randomUUID } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import type { Role } from "@learnward/contracts";
import { accounts, adminAudit, authCredentials, authUsers, companies, contentItems, teams } from "../src/db/schema/index.ts";
import { normaliseUrl, recognise } from "../src/lib/providers.ts";
import { DEMO_PASSWORD, type Client, type TestContext } from "./helpers.ts";

/** Unique within a test run: names, emails and domains built from it never collide between tests. */
const unique = () => randomUUID().slice(0, 8);

/** The demo companies by domain, or any company by id. */
export async function companyId(t: TestContext, company: "acme" | "globex" | number): Promise<number> {
  if (typeof company === "number") return company;
  const [row] = await t.database.db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.domain, `${company}.test`));
  if (!row) throw new Error(`no company ${company}`);
  return row.id;
}

let people = 0;

export interface Person {
  id: number;
  email: string;
  /** What colleagues look the person up by (`?username=`). */
  username: string;
  client: Client;
}

/**
 * A new company of its own, empty: tests that build on it never see another test's people, teams,
 * budgets or content, whatever order they run in.
 */
export async function createCompany(
  t: Pick<TestContext, "database">,
  opts: {
    name?: string;
    currency?: string;
    allowlist?: string[];
    /** Admits `*@` its own (generated) domain to self-registration, as the demo companies do. */
    allowOwnDomain?: boolean;
    requireTwoFactor?: boolean;
    urlPhoto?: string | null;
  } = {},
): Promise<{ id: number; name: string; domain: string }> {
  const u = unique();
  const domain = `co-${u}.test`;
  const [row] = await t.database.db
    .insert(companies)
    .values({
      name: opts.name ?? `Company ${u}`,
      domain,
      currency: opts.currency ?? "USD",
      registrationAllowlist: [...(opts.allowlist ?? []), ...(opts.allowOwnDomain ? [`*@${domain}`] : [])],
      requireTwoFactor: opts.requireTwoFactor ?? false,
      urlPhoto: opts.urlPhoto ?? null,
    })
    .returning({ id: companies.id, name: companies.name, domain: companies.domain });
  return row!;
}

/** A company's audit lines, oldest first, with what the trail shows of each. */
export async function companyAudit(t: Pick<TestContext, "database">, companyId: number) {
  return t.database.db
    .select({ action: adminAudit.action, entity: adminAudit.entity, entityId: adminAudit.entityId, before: adminAudit.before, after: adminAudit.after })
    .from(adminAudit)
    .where(eq(adminAudit.companyId, companyId))
    .orderBy(asc(adminAudit.id));
}

/** A team of a company, led by `leaderId` when given. */
export async function createTeam(t: TestContext, opts: { company: number; name?: string; leaderId?: number | null }): Promise<{ id: number; name: string }> {
  const [row] = await t.database.db
    .insert(teams)
    .values({ companyId: opts.company, name: opts.name ?? `Team ${unique()}`, leaderAccountId: opts.leaderId ?? null })
    .returning({ id: teams.id, name: teams.name });
  return row!;
}

/** Makes `leaderId` the leader of a team. */
export async function leadTeam(t: TestContext, teamId: number, leaderId: number): Promise<void> {
  await t.database.db.update(teams).set({ leaderAccountId: leaderId }).where(eq(teams.id, teamId));
}

/**
 * A company with one signed-in person per company role, as the product's examples have it: an hr,
 * an L&D leader, a team leader who leads `team`, and a member of that team.
 */
export async function createCompanyWithRoles(
  t: TestContext,
  opts: Parameters<typeof createCompany>[1] & { teamName?: string; names?: Partial<Record<"hr" | "ldleader" | "teamleader" | "member", string>> } = {},
): Promise<{
  company: { id: number; name: string; domain: string };
  team: { id: number; name: string };
  hr: Person;
  ldleader: Person;
  teamleader: Person;
  member: Person;
}> {
  const company = await createCompany(t, opts);
  const team = await createTeam(t, { company: company.id, name: opts.teamName });
  const name = opts.names ?? {};
  const [hr, ldleader, teamleader, member] = await Promise.all([
    addPerson(t, { company: company.id, role: "hr", name: name.hr }),
    addPerson(t, { company: company.id, role: "ldleader", name: name.ldleader }),
    addPerson(t, { company: company.id, role: "teamleader", teamId: team.id, name: name.teamleader }),
    addPerson(t, { company: company.id, role: "member", teamId: team.id, name: name.member }),
  ]);
  await leadTeam(t, team.id, teamleader.id);
  return { company, team, hr, ldleader, teamleader, member };
}

/**
 * A platform operator (no company), signed in with the second factor their role requires; with
 * `signedIn: false`, not signed in (no second factor set up yet, `client` anonymous).
 */
export async function addOperator(t: TestContext, opts: { name?: string; signedIn?: boolean } = {}): Promise<Person> {
  return addAccount(t, { companyId: null, role: "admin", teamId: null, name: opts.name, signedIn: opts.signedIn });
}

/** A catalog item of a company, as a public save or the catalog import leaves it. */
export async function addContent(
  t: TestContext,
  opts: {
    company: number;
    createdBy?: number | null;
    title?: string;
    url?: string;
    contentType?: (typeof contentItems.$inferInsert)["contentType"];
    skills?: string[];
    description?: string;
    author?: string;
    durationS?: number;
    language?: string;
  },
): Promise<{ id: number; title: string; url: string }> {
  const u = unique();
  const url = opts.url ?? `https://example.com/articles/${u}`;
  const [row] = await t.database.db
    .insert(contentItems)
    .values({
      companyId: opts.company,
      url,
      normalizedUrl: normaliseUrl(url),
      title: opts.title ?? `Item ${u}`,
      contentType: opts.contentType ?? "article",
      provider: recognise(url).provider,
      author: opts.author ?? null,
      durationS: opts.durationS ?? null,
      description: opts.description ?? null,
      skills: opts.skills ?? [],
      ...(opts.language ? { language: opts.language } : {}),
      createdBy: opts.createdBy ?? null,
    })
    .returning({ id: contentItems.id, title: contentItems.title, url: contentItems.url });
  return row!;
}

/**
 * A new active person of a company, signed in: what a test needs when the demo accounts (one per
 * role, Acme only) are not enough, e.g. a colleague of the same team or a Globex hr.
 */
export async function addPerson(
  t: TestContext,
  opts: { company: "acme" | "globex" | number; role: Exclude<Role, "admin">; teamId?: number | null; name?: string; email?: string },
): Promise<Person> {
  return addAccount(t, { companyId: await companyId(t, opts.company), role: opts.role, teamId: opts.teamId ?? null, name: opts.name, email: opts.email });
}

// Hashing is slow on purpose: one hash of the shared test password per context is enough.
const hashes = new WeakMap<TestContext, Promise<string>>();
const passwordHash = (t: TestContext) => {
  if (!hashes.has(t))
    hashes.set(
      t,
      t.app.auth.$context.then((c) => c.password.hash(DEMO_PASSWORD)),
    );
  return hashes.get(t)!;
};

async function addAccount(
  t: TestContext,
  opts: { companyId: number | null; role: Role; teamId: number | null; name?: string; signedIn?: boolean; email?: string },
): Promise<Person> {
  const n = ++people;
  const cid = opts.companyId;
  const username = `person${n}-${unique()}`;
  const email = opts.email ?? `${username}@factory.test`;
  const hash = await passwordHash(t);
  const uid = randomUUID();
  const id = await t.database.db.transaction(async (tx) => {
    await tx.insert(authUsers).values({ id: uid, name: opts.name ?? `Person ${n}`, email, emailVerified: true });
    await tx.insert(authCredentials).values({ id: randomUUID(), accountId: uid, providerId: "credential", userId: uid, password: hash });
    const [row] = await tx
      .insert(accounts)
      .values({ uid, companyId: cid, role: opts.role, teamId: opts.teamId ?? null, username })
      .returning({ id: accounts.id });
    return row!.id;
  });
  return { id, email, username, client: opts.signedIn === false ? t.anonymous : await t.as(email) };
}

/**
 * A fingerprint of every table: its row count and the sum of its row versions (xmin), so inserts,
 * deletes and updates all change it. Equal before and after a refused call: it wrote nothing.
 */
export async function fingerprinter(t: TestContext): Promise<() => Promise<string>> {
  const tables = (await t.database.db.execute(
    sql`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name not like '%migrations%' order by 1`,
  )) as { rows: { table_name: string }[] };
  const query = sql.raw(
    "select " +
      tables.rows
        .map((r) => `(select count(*)::text || ':' || coalesce(sum(xmin::text::bigint), 0)::text from "${r.table_name}") as "${r.table_name}"`)
        .join(", "),
  );
  return async () => JSON.stringify(((await t.database.db.execute(query)) as { rows: unknown[] }).rows[0]);
}

/**
 * A new active person of a company who has not signed in yet (`client` anonymous): for tests that
 * count sign-in attempts, which per-person rate limits would otherwise see one more of.
 */
export async function addSignedOutPerson(t: TestContext, opts: Parameters<typeof addPerson>[1]): Promise<Person> {
  return addAccount(t, {
    companyId: await companyId(t, opts.company),
    role: opts.role,
    teamId: opts.teamId ?? null,
    name: opts.name,
    email: opts.email,
    signedIn: false,
  });
}
