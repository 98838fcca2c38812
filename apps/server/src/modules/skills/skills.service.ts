import type { PersonSkillLevels, RateSkillRequest, SkillLevel, SkillRating } from "@learnward/contracts";
import type { Db, Tx } from "../../db/client.ts";
import { type Actor, authorize } from "../../lib/actor.ts";
import { forbidden, notFound } from "../../lib/errors.ts";
import type { PeopleRepo } from "../people/index.ts";
import { skillsPolicy } from "./skills.policy.ts";
import type { SkillsRepo } from "./skills.repo.ts";

type Row = Awaited<ReturnType<SkillsRepo["ratingsOf"]>>[number];
const HISTORY = 20;

/**
 * The current level of a person in a skill, read from their rating history (the one statement of
 * the rule):
 * - evidence: the highest level any completion proved (a learning path at its declared level, an
 *   upskilling plan at its target level). Evidence only raises: a completion at or below the current
 *   level writes nothing.
 * - manager: the latest rating by the person's team leader or hr. A manager may revise their own
 *   earlier rating down, never below what evidence proved.
 * - current level = max(evidence, latest manager rating); its source is whichever gives it (on a tie,
 *   the newer row). With neither, the latest self rating is the level. The self rating is always
 *   shown beside, never mixed into a confirmed level.
 */
export function currentLevel(rows: readonly Row[]): Omit<SkillLevel, "skill" | "history"> {
  // rows are newest first
  const latest = (source: Row["source"]) => rows.find((r) => r.source === source);
  const self = latest("self");
  const manager = latest("manager");
  const evidence = rows.filter((r) => r.source === "evidence").reduce<Row | undefined>((best, r) => (!best || r.level > best.level ? r : best), undefined);
  const confirmed = [manager, evidence].filter((r): r is Row => r !== undefined);
  confirmed.sort((a, b) => b.level - a.level || b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id);
  const top = confirmed[0] ?? self;
  return {
    level: top?.level ?? null,
    source: top?.source ?? null,
    self_level: self?.level ?? null,
    manager_level: manager?.level ?? null,
    evidence_level: evidence?.level ?? null,
  };
}

const presentRating = (r: Row): SkillRating => ({
  id: r.id,
  level: r.level,
  source: r.source,
  rated_by: r.raterId === null ? null : { id: r.raterId, display_name: r.raterName ?? "" },
  note: r.note,
  evidence: r.evidenceKind && r.evidenceId !== null ? { kind: r.evidenceKind, id: r.evidenceId, title: r.evidenceTitle ?? "" } : null,
  created_at: r.createdAt.toISOString(),
});

/** A person's levels, skill by skill (by name), from their rows (newest first). */
function levelsOf(rows: readonly Row[]): SkillLevel[] {
  const bySkill = new Map<string, Row[]>();
  for (const r of rows) bySkill.set(r.skill, [...(bySkill.get(r.skill) ?? []), r]);
  return [...bySkill]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([skill, list]) => ({ skill, ...currentLevel(list), history: list.slice(0, HISTORY).map(presentRating) }));
}

/** What a completion proves: the person, the path or plan, and a level per skill. */
export interface Evidence {
  accountId: number;
  kind: "path" | "plan";
  id: number;
  title: string;
  levels: { skill: string; level: number }[];
}

export function createSkillsService(d: { db: Db; repo: SkillsRepo; people: Pick<PeopleRepo, "employees" | "team"> }) {
  const { db, repo } = d;
  type Person = { id: number; name: string; companyId: number | null; teamId: number | null; status: string };

  async function load(companyId: number, id: number) {
    const person = await repo.person(companyId, id);
    if (!person) throw notFound("Person");
    return person;
  }

  async function present(actor: Actor, people: Person[]): Promise<PersonSkillLevels[]> {
    const rows = await repo.ratingsOf(
      db,
      people.map((p) => p.id),
    );
    return people.map((p) => {
      const rateAs = skillsPolicy.rateAs(actor, p);
      return {
        account: { id: p.id, display_name: p.name },
        skills: levelsOf(rows.filter((r) => r.accountId === p.id)),
        abilities: { rate: rateAs !== null, rate_as: rateAs },
      };
    });
  }

  return {
    async personLevels(actor: Actor, companyId: number, id: number) {
      const person = await load(companyId, id);
      authorize(actor, skillsPolicy.readLevels, person);
      return (await present(actor, [person]))[0]!;
    },

    /** A rating by the person (self) or their manager; the source follows from who rates. */
    async rate(actor: Actor, companyId: number, id: number, body: RateSkillRequest) {
      const person = await load(companyId, id);
      const source = skillsPolicy.rateAs(actor, person);
      if (!source) throw forbidden("You may not rate this person's skills");
      await repo.insert(db, {
        companyId,
        accountId: person.id,
        skill: body.skill,
        level: body.level,
        source,
        ratedBy: actor.accountId,
        note: body.note || null,
      });
      return (await present(actor, [person]))[0]!;
    },

    /** The skills matrix's levels: the same page of the team's active members as its progress. */
    async teamLevels(actor: Actor, companyId: number, teamId: number, limit: number, offset: number) {
      const team = await d.people.team(companyId, teamId);
      if (!team) throw notFound("Team");
      authorize(actor, skillsPolicy.readTeamLevels, team.team, "not_found");
      const members = await d.people.employees({ companyId, teamId, status: "active", ordering: "name", sort: "asc", limit, offset });
      return { count: members.count, results: await present(actor, members.rows) };
    },

    async pathLevel(actor: Actor, companyId: number, id: number) {
      const path = await repo.path(db, companyId, id);
      if (!path) throw notFound("Collection");
      authorize(actor, skillsPolicy.readPathLevel, path, "not_found");
      return { level: path.level, abilities: { set: skillsPolicy.setPathLevel(actor, path) } };
    },

    async setPathLevel(actor: Actor, companyId: number, id: number, level: number | null) {
      const path = await repo.path(db, companyId, id);
      if (!path) throw notFound("Collection");
      authorize(actor, skillsPolicy.readPathLevel, path, "not_found");
      authorize(actor, skillsPolicy.setPathLevel, path);
      await repo.setPathLevel(db, id, level, actor.accountId);
      return { level, abilities: { set: true } };
    },

    /**
     * Records what a completion proves, in the completion's transaction: one evidence row per skill
     * whose current level it raises; at or below the current level it writes nothing.
     */
    async recordEvidence(tx: Tx | Db, e: Evidence) {
      if (!e.levels.length) return;
      const companyId = await repo.companyOf(tx, e.accountId);
      if (companyId === null) return;
      const rows = await repo.ratingsOf(tx, [e.accountId]);
      for (const { skill, level } of e.levels) {
        const current = currentLevel(rows.filter((r) => r.skill === skill)).level ?? 0;
        if (level <= current) continue;
        await repo.insert(tx, {
          companyId,
          accountId: e.accountId,
          skill,
          level,
          source: "evidence",
          evidenceKind: e.kind,
          evidenceId: e.id,
          evidenceTitle: e.title,
        });
      }
    },

    /** The evidence a completed learning path gives: its declared level in each of its skills. */
    async pathEvidence(tx: Tx | Db, accountId: number, collectionId: number): Promise<Evidence | null> {
      const companyId = await repo.companyOf(tx, accountId);
      const path = companyId === null ? undefined : await repo.path(tx, companyId, collectionId);
      if (!path || path.level === null || path.status !== "published") return null;
      return { accountId, kind: "path", id: path.id, title: path.title, levels: path.skills.map((skill) => ({ skill, level: path.level! })) };
    },

    /** The evidence a completed upskilling plan gives: its target level in each skill that has one. */
    async planEvidence(tx: Tx | Db, accountId: number, planId: number): Promise<Evidence | null> {
      const plan = await repo.planTargets(tx, planId);
      if (!plan || !plan.targets.length) return null;
      return { accountId, kind: "plan", id: plan.id, title: plan.title, levels: plan.targets };
    },
  };
}
export type SkillsService = ReturnType<typeof createSkillsService>;
