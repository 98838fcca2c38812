import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { type DomainEventName, type Executor, type Handler, perTransaction } from "../../lib/events.ts";
import type { JobDefinition, Jobs } from "../../lib/jobs.ts";
import type { CatalogLearningRepo, LearnItem, Relation } from "./catalog-learning.repo.ts";
import { fold } from "./copilot/understand.ts";
import { STOP } from "./copilot/words.ts";

// What the copilot learns from a company's own catalog, instead of topic lists written by
// hand: which skills a word of the items' text leads to, which skills are filed together, and which
// skills the same people finish together (the bridge between an English and a Spanish item on one
// topic, whose skills share no word). Recomputed whole per company by the `catalog.learn` job.

/** Below this a relation is noise and not stored. */
const MIN_WEIGHT = 0.05;
/** Two people finishing both items make a relation; three make it certain. */
const FINISHERS_FOR_FULL_WEIGHT = 3;

/** The words of a text worth learning: folded, three letters or more, not glue, not numbers. */
export function learnableWords(text: string): string[] {
  return [
    ...new Set(
      fold(text)
        .split(/[^\p{L}\p{N}]+/u)
        .filter((w) => w.length >= 3 && !/^\d+$/.test(w) && !STOP.has(w)),
    ),
  ];
}

/** The relations a catalog teaches; pure. `finishedTogether`: pairs of items and how many people finished both. */
export function learnRelations(items: LearnItem[], finishedTogether: { a: number; b: number; people: number }[]): Relation[] {
  const out = new Map<string, Relation>();
  const put = (kind: Relation["kind"], term: string, skill: string, weight: number) => {
    if (weight < MIN_WEIGHT || term === skill) return;
    const key = `${kind}\u0000${term}\u0000${skill}`;
    const had = out.get(key);
    if (!had || had.weight < weight) out.set(key, { kind, term, skill, weight: Math.min(1, Math.round(weight * 1000) / 1000) });
  };
  const n = items.length;
  const wordItems = new Map<string, number>();
  const wordSkill = new Map<string, Map<string, number>>();
  const skillItems = new Map<string, number>();
  const skillSkill = new Map<string, Map<string, number>>();
  const bump = (m: Map<string, Map<string, number>>, a: string, b: string) => {
    const inner = m.get(a) ?? new Map<string, number>();
    inner.set(b, (inner.get(b) ?? 0) + 1);
    m.set(a, inner);
  };
  for (const item of items) {
    const skills = [...new Set(item.skills)];
    for (const w of learnableWords(`${item.text} ${skills.join(" ")}`)) {
      wordItems.set(w, (wordItems.get(w) ?? 0) + 1);
      for (const s of skills) bump(wordSkill, w, s);
    }
    for (const s of skills) {
      skillItems.set(s, (skillItems.get(s) ?? 0) + 1);
      for (const o of skills) if (o !== s) bump(skillSkill, s, o);
    }
  }
  // A word leads to the skills of the items that use it, the more surely the fewer other skills it
  // has, and the less the rarer it is across the catalog (a word in every item says nothing).
  for (const [w, skills] of wordSkill) {
    const df = wordItems.get(w)!;
    const idf = n > 1 ? Math.log((n + 1) / df) / Math.log(n + 1) : 1;
    for (const [s, both] of skills) put("word", w, s, (both / df) * idf);
  }
  for (const [s, others] of skillSkill) for (const [o, both] of others) put("skill", s, o, both / skillItems.get(s)!);
  const skillsOf = new Map(items.map((i) => [i.id, [...new Set(i.skills)]]));
  for (const { a, b, people } of finishedTogether) {
    const weight = Math.min(1, people / FINISHERS_FOR_FULL_WEIGHT);
    for (const s of skillsOf.get(a) ?? [])
      for (const o of skillsOf.get(b) ?? []) {
        put("finished", s, o, weight);
        put("finished", o, s, weight);
      }
  }
  return [...out.values()];
}

const Data = z.object({ companyId: z.number().int().nullable() });
export const LEARN_JOB = "catalog.learn";
/**
 * Saves come in bursts (an import, a busy morning): one recomputation a little after the first, for
 * all of them. Short, so that the queue is soon quiet again (reminders.test.ts waits for an empty queue).
 */
const DEBOUNCE_MS = 10_000;

/** The events that change what a catalog says or what its people finish. */
const CHANGES: DomainEventName[] = [
  "content.saved",
  "content.described",
  "content.imported",
  "content.finished",
  "collection.item_done",
  "catalog_item.hidden",
  "catalog_item.unhidden",
  "catalog_item.merged",
  "catalog_items.added",
];

/** Recomputes one company's relations from its catalog and its people's completions. */
export async function learnCompany(d: { db: Db; repo: CatalogLearningRepo }, companyId: number) {
  const [items, together] = await Promise.all([d.repo.items(companyId), d.repo.finishedTogether(companyId)]);
  const relations = learnRelations(items, together);
  await d.db.transaction((tx) => d.repo.replace(tx, companyId, relations));
}

export function catalogLearning(d: { db: Db; jobs: Jobs; repo: CatalogLearningRepo }) {
  const learn = (companyId: number) => learnCompany(d, companyId);

  const job: JobDefinition<typeof Data> = {
    name: LEARN_JOB,
    data: Data,
    // Daily, every company: catches whatever changed without an event (an import, an edit).
    cron: "17 3 * * *",
    retryLimit: 2,
    async run({ companyId }) {
      for (const id of companyId === null ? await d.repo.companies() : [companyId]) await learn(id);
    },
  };
  d.jobs.define(job);

  /** Queues one recomputation of the company's relations, unless one is already waiting. */
  async function queue(tx: Executor, companyId: number) {
    const key = `${LEARN_JOB}:${companyId}`;
    if (await d.jobs.waiting(tx, job.name, key)) return;
    await d.jobs.send(job, { companyId }, { tx, singletonKey: key, startAfter: new Date(Date.now() + DEBOUNCE_MS) });
  }
  // Queued (or found waiting) once per transaction and company: a batch of one person's items asks once.
  const handler: Handler<DomainEventName> = async (tx, payload) => {
    if ("companyId" in payload) {
      const companyId = payload.companyId as number;
      return perTransaction(tx, `catalog-learning:${companyId}`, () => queue(tx, companyId));
    }
    // A directory's event (SCIM) has no acting account to find the company by.
    const actorId = payload.actorId;
    if (actorId === null) return;
    await perTransaction(tx, `catalog-learning:by:${actorId}`, async () => {
      const companyId = await d.repo.companyOf(tx, actorId);
      if (companyId !== null) await queue(tx, companyId);
    });
  };
  return { learn, subscriptions: CHANGES.map((name) => ({ name, handler: handler as Handler<never> })) };
}
export type CatalogLearning = ReturnType<typeof catalogLearning>;
