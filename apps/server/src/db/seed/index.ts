import { randomUUID } from "node:crypto";
import { count, eq } from "drizzle-orm";
import type { Db } from "../client.ts";
import { accounts, authCredentials, authUsers, companies, contentItems, teams } from "../schema/index.ts";
import type { Auth } from "../../modules/identity/auth.ts";
import { catalogRows, seedCatalog } from "./catalog-data.ts";
import { seedLearningHistory } from "./insights.ts";
import { seedDemoWorld } from "./demo-world.ts";
import { COLLEAGUES } from "./demo-world-data.ts";

export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(companies);
  return (row?.n ?? 0) === 0;
}

const logo = (letter: string, color: string) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${color}"/><text x="32" y="43" font-family="Arial,sans-serif" font-size="32" font-weight="700" fill="#fff" text-anchor="middle">${letter}</text></svg>`,
  )}`;

type Person = {
  email: string;
  name: string;
  role: (typeof accounts.$inferInsert)["role"];
  company: "acme" | "globex" | null;
  team?: "engineering" | "marketing";
};

const PEOPLE: Person[] = [
  { email: "admin@acme.test", name: "Alex Morgan", role: "admin", company: null },
  { email: "hr@acme.test", name: "Hannah Reyes", role: "hr", company: "acme" },
  { email: "ldleader@acme.test", name: "Leo Duarte", role: "ldleader", company: "acme" },
  { email: "teamleader@acme.test", name: "Tessa Lind", role: "teamleader", company: "acme", team: "engineering" },
  { email: "member@acme.test", name: "Marco Bianchi", role: "member", company: "acme", team: "engineering" },
  { email: "member@globex.test", name: "Greta Olsen", role: "member", company: "globex" },
];

/**
 * The demo data of the quick start: Acme with one account per role and two teams, Globex to
 * show tenant separation, and a catalog across every content type and recognised provider.
 * `world`: Acme at work as well (colleagues, learning paths, plans, budget, requests, libraries and
 * the history of all of it), what a visitor of the quick start meets. Without it (server tests,
 * which build their own data) Acme's pages start empty, with a generated learning history.
 */
export async function seedDemo(db: Db, opts: { password: string; auth: Auth; world?: boolean }) {
  const ctx = await opts.auth.$context;
  const hash = await ctx.password.hash(opts.password);

  await db.transaction(async (tx) => {
    const [acme, globex] = await tx
      .insert(companies)
      .values([
        { name: "Acme", domain: "acme.test", urlPhoto: logo("A", "#3949ab"), currency: "USD", registrationAllowlist: ["*@acme.test"] },
        { name: "Globex", domain: "globex.test", urlPhoto: logo("G", "#00897b"), currency: "EUR", registrationAllowlist: ["*@globex.test"] },
      ])
      .returning();
    const [engineering, marketing] = await tx
      .insert(teams)
      .values([
        { companyId: acme!.id, name: "Engineering" },
        { companyId: acme!.id, name: "Marketing" },
      ])
      .returning();

    const ids: Record<string, number> = {};
    const people: Person[] = [...PEOPLE, ...(opts.world ? COLLEAGUES.map((c) => ({ ...c, company: "acme" as const })) : [])];
    const teamIds = { engineering: engineering!.id, marketing: marketing!.id };
    const colleaguesSince = new Date(Date.now() - 200 * 86_400_000);
    for (const p of people) {
      const uid = randomUUID();
      await tx.insert(authUsers).values({ id: uid, name: p.name, email: p.email, emailVerified: true });
      await tx.insert(authCredentials).values({ id: randomUUID(), accountId: uid, providerId: "credential", userId: uid, password: hash });
      const companyId = p.company === "acme" ? acme!.id : p.company === "globex" ? globex!.id : null;
      const [row] = await tx
        .insert(accounts)
        .values({
          uid,
          companyId,
          role: p.role,
          teamId: p.team ? teamIds[p.team] : null,
          username: p.email.split("@")[0]!,
          // The demo accounts are new (their first week shows); colleagues have been around.
          ...(PEOPLE.includes(p) ? {} : { createdAt: colleaguesSince }),
        })
        .returning({ id: accounts.id });
      ids[p.email] = row!.id;
    }
    await tx.update(teams).set({ leaderAccountId: ids["teamleader@acme.test"]! }).where(eq(teams.id, engineering!.id));
    if (opts.world) await tx.update(teams).set({ leaderAccountId: ids["sofia@acme.test"]! }).where(eq(teams.id, marketing!.id));

    await tx.insert(contentItems).values(catalogRows(acme!.id, seedCatalog(), ids["ldleader@acme.test"]!));
    await tx.insert(contentItems).values(
      catalogRows(
        globex!.id,
        seedCatalog().filter((_, i) => i % 8 === 0),
        ids["member@globex.test"]!,
      ),
    );

    if (opts.world) {
      const acmePeople = Object.fromEntries(
        people.filter((p) => p.company === "acme").map((p) => [p.email, { id: ids[p.email]!, teamId: p.team ? teamIds[p.team] : null }]),
      );
      await seedDemoWorld(tx, { companyId: acme!.id, currency: acme!.currency, teams: teamIds, people: acmePeople });
      return;
    }
    // A few months of Acme's learning, for the insights dashboard.
    await seedLearningHistory(tx, {
      companyId: acme!.id,
      learners: [
        { accountId: ids["member@acme.test"]!, teamId: engineering!.id, activity: 0.75 },
        { accountId: ids["teamleader@acme.test"]!, teamId: engineering!.id, activity: 0.55 },
        { accountId: ids["ldleader@acme.test"]!, teamId: null, activity: 0.45 },
        { accountId: ids["hr@acme.test"]!, teamId: null, activity: 0.3 },
      ],
    });
  });
}
