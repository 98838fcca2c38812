import type { AssigneeStatus } from "@learnward/contracts";
import type { Db } from "../../db/client.ts";
import { type Actor, authorize, requireCompany } from "../../lib/actor.ts";
import type { Clock } from "../../lib/clock.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import type { EventBus } from "../../lib/events.ts";
import type { PeopleRepo } from "../people/index.ts";
import type { CollectionsRepo } from "./collections.repo.ts";
import { networkPolicy } from "./network.policy.ts";
import { presentPlanAssignee, presentPlanWith } from "./network.present.ts";
import type { PlanRow, PlansRepo } from "./plans.repo.ts";

const pct = (done: number, total: number) => ({ done, total, percent: total ? Math.round((done / total) * 100) : 0 });

/** spec §3 member status: rejected stays rejected; every item done is completed; started is active. */
export function assigneeStatus(stored: "pending" | "active" | "rejected", done: number, total: number): AssigneeStatus {
  if (stored === "rejected") return "rejected";
  if (total > 0 && done === total) return "completed";
  return stored === "active" || done > 0 ? "active" : "pending";
}
/** Whether a plan due on `deadline` is overdue on the day `on` (`2026-11-26`). */
export const isOverdue = (deadline: string, status: AssigneeStatus, on: string) => deadline < on && status !== "completed" && status !== "rejected";

type Assignee = Awaited<ReturnType<PlansRepo["assignees"]>>[number];

type PlanSkillsInput = Record<string, { collections: number[]; target_level?: number | null }>;
/** The levels a plan targets, by lowercase skill name (skills without one are left out). */
const targetsOf = (skills: PlanSkillsInput): Record<string, number> =>
  Object.fromEntries(Object.entries(skills).flatMap(([skill, v]) => (v.target_level == null ? [] : [[skill.trim().toLowerCase(), v.target_level] as const])));

export function createPlansService(d: { db: Db; events: EventBus; clock: Clock; plans: PlansRepo; collections: CollectionsRepo; people: PeopleRepo }) {
  const { db, events } = d;
  /**
   * How far each of these people is on each of these plans: over all its content, and per skill. A
   * plan's items for a person are its learning paths' items and those of their own library they
   * counted towards one of its skills (plans.scope.ts's planItemsFor is the same rule in SQL).
   */
  async function progressOf(planIds: number[], accountIds: number[]) {
    const [contents, attachments] = await Promise.all([d.plans.contentBySkill(planIds), d.plans.attachmentsOf(planIds, accountIds)]);
    const done = await d.plans.done(accountIds, [...new Set([...contents, ...attachments].map((c) => c.contentId))]);
    const doneSet = new Set(done.map((x) => `${x.accountId}:${x.contentId}`));
    const add = (into: Map<string, Map<string, Set<number>>>, key: string, skill: string, contentId: number) => {
      const skills = into.get(key) ?? new Map<string, Set<number>>();
      skills.set(skill, (skills.get(skill) ?? new Set()).add(contentId));
      into.set(key, skills);
    };
    const byPlan = new Map<string, Map<string, Set<number>>>();
    for (const c of contents) add(byPlan, `${c.planId}`, c.skill, c.contentId);
    const byPerson = new Map<string, Map<string, Set<number>>>();
    for (const x of attachments) add(byPerson, `${x.planId}:${x.accountId}`, x.skill, x.contentId);
    return (planId: number, accountId: number) => {
      const count = (ids: Set<number>) => pct([...ids].filter((id) => doneSet.has(`${accountId}:${id}`)).length, ids.size);
      const skills = new Map([...(byPlan.get(`${planId}`) ?? [])].map(([skill, ids]) => [skill, new Set(ids)]));
      for (const [skill, ids] of byPerson.get(`${planId}:${accountId}`) ?? []) skills.set(skill, new Set([...(skills.get(skill) ?? []), ...ids]));
      const all = new Set([...skills.values()].flatMap((ids) => [...ids]));
      return { total: count(all), bySkill: Object.fromEntries([...skills].map(([skill, ids]) => [skill, count(ids)])) };
    };
  }
  type ProgressOf = Awaited<ReturnType<typeof progressOf>>;

  /** An assignee's progress and status on a plan (the rules above), in the answer's shape. */
  const presentAssignee = (p: PlanRow, a: Assignee, progress: ProgressOf) => {
    const mine = progress(p.id, a.accountId);
    const status = assigneeStatus(a.status, mine.total.done, mine.total.total);
    return presentPlanAssignee(a, { status, overdue: isOverdue(p.deadline, status, d.clock.today()), progress: mine.total, skills: mine.bySkill });
  };

  /** Everything needed to present plans and all their assignees' progress, in a fixed number of queries. */
  async function evaluate(rows: PlanRow[]) {
    const ids = rows.map((p) => p.id);
    const [details, assignees] = await Promise.all([d.plans.details(ids), d.plans.assignees(ids)]);
    const progress = await progressOf(ids, [...new Set(assignees.map((a) => a.accountId))]);
    return {
      presentPlan: presentPlanWith(details),
      presentAssignees: (p: PlanRow) => assignees.filter((a) => a.planId === p.id).map((a) => presentAssignee(p, a, progress)),
    };
  }

  /** The plans these people hold (direct or through their team), each with its status and progress, by deadline. */
  async function plansOf(accountIds: number[]) {
    const held = await d.plans.assignmentsOf(accountIds);
    const planIds = [...new Set(held.map((a) => a.planId))];
    const [rows, details, progress] = await Promise.all([d.plans.byIds(planIds), d.plans.details(planIds), progressOf(planIds, accountIds)]);
    const presentPlan = presentPlanWith(details);
    return (accountId: number) =>
      rows.flatMap((p) => {
        const a = held.find((x) => x.planId === p.id && x.accountId === accountId);
        return a ? [{ plan: presentPlan(p), ...presentAssignee(p, a, progress) }] : [];
      });
  }

  async function checkAssignees(actor: Actor, companyId: number, accountIds: number[], teamIds: number[]) {
    for (const id of new Set(accountIds)) {
      const person = await d.people.employee(companyId, id);
      if (!person) throw notFound("Person");
      authorize(actor, networkPolicy.assignAccount, person);
    }
    for (const id of new Set(teamIds)) {
      const team = await d.people.team(companyId, id);
      if (!team) throw notFound("Team");
      authorize(actor, networkPolicy.assignTeam, team.team);
    }
  }

  /** A plan's skills by lowercase name, once every collection named is checked like an id in the path. */
  async function checkedSkills(actor: Actor, companyId: number, skills: PlanSkillsInput): Promise<Record<string, number[]>> {
    const wanted = [...new Set(Object.values(skills).flatMap((s) => s.collections))];
    // Collection ids in the body are checked like ids in the path: one I may not read is not found.
    const found = new Map((await d.collections.inCompany(companyId, wanted)).map((c) => [c.id, c]));
    const unseen = wanted.filter((id) => !found.has(id) || !networkPolicy.readCollection(actor, found.get(id)!));
    if (unseen.length) throw new AppError("not_found", 404, "Collection not found", { collections: unseen });
    // Plans are built from the company's learning paths: published collections only.
    const unpublished = wanted.filter((id) => found.get(id)!.status !== "published");
    if (unpublished.length)
      throw new AppError("collection_not_published", 400, "Plans use published collections of your company", { collections: unpublished });
    return Object.fromEntries(Object.entries(skills).map(([skill, v]) => [skill.trim().toLowerCase(), v.collections]));
  }

  return {
    evaluate,
    plansOf,

    /** One page of a plan's assignees, optionally one team's, with their progress. */
    async assigneesPage(plan: PlanRow, teamId: number | undefined, limit: number, offset: number) {
      const { rows, count } = await d.plans.assigneesPage(plan.id, teamId, limit, offset);
      const progress = await progressOf(
        [plan.id],
        rows.map((a) => a.accountId),
      );
      return { count, results: rows.map((a) => presentAssignee(plan, a, progress)) };
    },

    async create(actor: Actor, b: { title: string; deadline?: string; skills: PlanSkillsInput; selectedAccount: number[]; selectedTeam: number[] }) {
      const companyId = requireCompany(actor);
      const skills = await checkedSkills(actor, companyId, b.skills);
      await checkAssignees(actor, companyId, b.selectedAccount, b.selectedTeam);
      const v = {
        companyId,
        title: b.title,
        deadline: b.deadline ?? d.clock.today(),
        createdBy: actor.accountId,
        skills,
        targets: targetsOf(b.skills),
        teamIds: [...new Set(b.selectedTeam)],
        accountIds: [...new Set(b.selectedAccount)],
      };
      return db.transaction(async (tx) => {
        const plan = await d.plans.insertPlan(tx, v);
        await events.emit(tx, "plan.assigned", { actorId: v.createdBy, planId: plan.id });
        await d.plans.audit(tx, {
          actorId: v.createdBy,
          companyId: v.companyId,
          entity: "plan",
          entityId: plan.id,
          action: "create",
          after: { title: v.title, deadline: v.deadline, skills: Object.keys(v.skills), team_ids: v.teamIds, account_ids: v.accountIds },
        });
        return plan;
      });
    },

    /** Renames a plan, moves its deadline or replaces its skills (checked as on create). */
    async update(actor: Actor, plan: PlanRow, b: { title?: string; deadline?: string; skills?: PlanSkillsInput }) {
      const skills = b.skills === undefined ? undefined : await checkedSkills(actor, plan.companyId, b.skills);
      const actorId = actor.accountId;
      await db.transaction(async (tx) => {
        const after = await d.plans.updatePlan(tx, plan.id, { title: b.title, deadline: b.deadline });
        const skillsBefore = skills ? await d.plans.skillsOf(tx, plan.id) : undefined;
        if (skills) await d.plans.replaceSkills(tx, plan.id, skills, targetsOf(b.skills!));
        await d.plans.audit(tx, {
          actorId,
          companyId: plan.companyId,
          entity: "plan",
          entityId: plan.id,
          action: "update",
          before: { title: plan.title, deadline: plan.deadline, ...(skillsBefore ? { skills: skillsBefore } : {}) },
          after: { title: after?.title, deadline: after?.deadline, ...(skills ? { skills: Object.keys(skills).sort() } : {}) },
        });
      });
    },

    async remove(actor: Actor, plan: PlanRow) {
      await db.transaction(async (tx) => {
        await d.plans.deletePlan(tx, plan.id);
        await d.plans.audit(tx, {
          actorId: actor.accountId,
          companyId: plan.companyId,
          entity: "plan",
          entityId: plan.id,
          action: "delete",
          before: { title: plan.title, deadline: plan.deadline },
        });
      });
    },

    /** The person's answer to a plan they hold: accepting it starts it. */
    async respond(accountId: number, planId: number, status: "active" | "rejected", direct: boolean) {
      await db.transaction(async (tx) => {
        await d.plans.upsertStatus(tx, planId, accountId, status, direct);
        if (status === "active") await events.emit(tx, "plan.accepted", { actorId: accountId, planId });
      });
    },

    async addAssignees(actor: Actor, plan: PlanRow, b: { selectedAccount: number[]; selectedTeam: number[] }) {
      await checkAssignees(actor, plan.companyId, b.selectedAccount, b.selectedTeam);
      const actorId = actor.accountId;
      const planId = plan.id;
      const teamIds = [...new Set(b.selectedTeam)];
      const accountIds = [...new Set(b.selectedAccount)];
      await db.transaction(async (tx) => {
        await d.plans.insertAssignees(tx, planId, teamIds, accountIds);
        await events.emit(tx, "plan.assigned", { actorId, planId });
        await d.plans.audit(tx, {
          actorId,
          companyId: plan.companyId,
          entity: "plan",
          entityId: planId,
          action: "assign",
          after: { team_ids: teamIds, account_ids: accountIds },
        });
      });
    },

    async load(actor: Actor, id: number) {
      const plan = await d.plans.get(requireCompany(actor), id);
      if (!plan) throw notFound("Plan");
      const { teams } = await d.plans.details([plan.id]);
      authorize(actor, networkPolicy.readPlan, { ...plan, teamIds: teams.map((t) => t.id) }, "not_found");
      return plan;
    },
  };
}
export type PlansService = ReturnType<typeof createPlansService>;
