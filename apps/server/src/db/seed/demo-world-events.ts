import { sql } from "drizzle-orm";
import type { Tx } from "../client.ts";
import { textArray } from "../sql.ts";
import { rollUpCompany } from "../../modules/insights/insights.events.repo.ts";

// The demo world's people, catalog rows and the learning events its actions leave, written as the
// live actions write them.

/** A day in milliseconds: the demo world dates its history in days before now. */
export const DAY_MS = 86_400_000;

export interface Person {
  id: number;
  teamId: number | null;
}
export interface CatalogRow {
  id: number;
  title: string;
  url: string;
  content_type: string;
  provider: string | null;
  author: string | null;
  duration_s: number | null;
  description: string | null;
  skills: string[];
}
type EventKind = "save" | "start" | "finish" | "item_done" | "plan_assigned" | "plan_completed" | "request_decided";
export interface Event {
  kind: EventKind;
  account: number;
  actor?: number;
  content?: CatalogRow;
  collection?: number;
  plan?: number;
  request?: number;
  outcome?: string;
  skills?: string[];
  at: Date;
}

/** The learning history of the demo world's actions, in bulk, with the pre-aggregations built once at the end. */
export async function writeEvents(tx: Tx, companyId: number, people: Record<string, Person>, events: Event[]) {
  const teamOf = new Map(Object.values(people).map((p) => [p.id, p.teamId]));
  const rows = events
    .sort((a, b) => a.at.getTime() - b.at.getTime())
    .map((e) => {
      const skills = e.skills ?? e.content?.skills ?? [];
      const duration = e.kind === "finish" || e.kind === "item_done" ? (e.content?.duration_s ?? null) : null;
      return sql`(${companyId}::int, ${teamOf.get(e.account) ?? null}::int, ${e.account}::int, ${e.actor ?? null}::int, ${e.kind}, ${e.content?.id ?? null}::int, ${e.content?.content_type ?? null}, ${e.collection ?? null}::int, ${e.plan ?? null}::int, ${e.request ?? null}::int, ${textArray(skills)}, ${duration}::int, ${e.outcome ?? null}, ${e.at.toISOString()}::timestamptz)`;
    });
  for (let i = 0; i < rows.length; i += 500) {
    await tx.execute(sql`
      insert into learning_events (company_id, team_id, account_id, actor_id, kind, content_id, content_type, collection_id, plan_id, request_id, skills, duration_s, outcome, occurred_at)
      values ${sql.join(rows.slice(i, i + 500), sql`, `)}`);
  }
  await rollUpCompany(tx, companyId);
}
