import { sql } from "drizzle-orm";
import type { Tx } from "../client.ts";
import { rollUpCompany, type Executor } from "../../modules/insights/insights.events.repo.ts";

export interface SeedLearner {
  accountId: number;
  teamId: number | null;
  /** 0..1: how often this person learns on a working day. */
  activity: number;
}

const DAY_MS = 86_400_000;

/** A small deterministic generator, so every fresh start shows the same history. */
export function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * About four months of learning for the demo company, so /dashboard/content has a story on
 * a fresh start: saves, course starts and finishes and items done, busier on working days and
 * growing towards today, each item started and finished once per person, as the live recording does.
 */
export async function seedLearningHistory(tx: Tx | Executor, opts: { companyId: number; learners: SeedLearner[]; days?: number; now?: Date }) {
  const now = opts.now ?? new Date();
  const days = opts.days ?? 120;
  const catalog = (
    (await tx.execute(
      sql`select id, content_type, skills, coalesce(duration_s, 900) as duration_s from content_items where company_id = ${opts.companyId}::int order by id`,
    )) as {
      rows: { id: number; content_type: string; skills: string[]; duration_s: number }[];
    }
  ).rows;
  const courses = catalog.filter((c) => c.content_type === "course");
  // Job postings are in the catalog too, but nobody "learns" one.
  const learnable = catalog.filter((c) => c.content_type !== "job");
  const items = learnable.filter((c) => c.content_type !== "course");
  if (!courses.length || !items.length) return 0;

  const rand = random(9);
  const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)]!;
  const rows: ReturnType<typeof sql>[] = [];
  for (const person of opts.learners) {
    const saved = new Set<number>();
    const started: typeof courses = [];
    const finished = new Set<number>();
    const done = new Set<number>();
    const add = (kind: string, c: (typeof catalog)[number], at: Date, duration: number | null) =>
      rows.push(
        sql`(${opts.companyId}::int, ${person.teamId}::int, ${person.accountId}::int, ${kind}, ${c.id}::int, ${c.content_type}, ${
          c.skills.length
            ? sql`array[${sql.join(
                c.skills.map((s) => sql`${s}`),
                sql`, `,
              )}]::text[]`
            : sql`'{}'::text[]`
        }, ${duration}::int, ${at.toISOString()}::timestamptz)`,
      );
    for (let d = days - 1; d >= 0; d--) {
      const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - d * DAY_MS);
      const weekend = day.getUTCDay() === 0 || day.getUTCDay() === 6;
      // Busier on working days, and more so lately (the company has been rolling learning out).
      const chance = person.activity * (weekend ? 0.2 : 1) * (0.45 + 0.55 * (1 - d / days));
      if (rand() >= chance) continue;
      const actions = 1 + Math.floor(rand() * 3);
      for (let i = 0; i < actions; i++) {
        let at = new Date(day.getTime() + (7 + rand() * 11) * 3_600_000);
        if (at > now) at = new Date(now.getTime() - Math.floor(rand() * 3_600_000));
        const roll = rand();
        const open = started.filter((c) => !finished.has(c.id));
        // About a third saves, a sixth course starts, a tenth course finishes, the rest items done.
        if (roll < 0.35) {
          const c = pick(learnable);
          if (saved.has(c.id)) continue;
          saved.add(c.id);
          add("save", c, at, null);
        } else if (roll < 0.52 || (roll < 0.62 && !open.length)) {
          const c = pick(courses);
          if (started.includes(c)) continue;
          if (!saved.has(c.id)) {
            saved.add(c.id);
            add("save", c, new Date(at.getTime() - 600_000), null);
          }
          started.push(c);
          add("start", c, at, null);
        } else if (roll < 0.62) {
          const c = pick(open);
          finished.add(c.id);
          add("finish", c, at, c.duration_s);
        } else {
          const c = pick(items);
          if (done.has(c.id)) continue;
          done.add(c.id);
          add("item_done", c, at, c.duration_s);
        }
      }
    }
  }
  for (let i = 0; i < rows.length; i += 500) {
    await tx.execute(sql`
      insert into learning_events (company_id, team_id, account_id, kind, content_id, content_type, skills, duration_s, occurred_at)
      values ${sql.join(rows.slice(i, i + 500), sql`, `)}`);
  }
  await rollUpCompany(tx, opts.companyId);
  return rows.length;
}
