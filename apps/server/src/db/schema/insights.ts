import { sql } from "drizzle-orm";
import { bigint, bigserial, date, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { timestamptz, createdAt, ownedBy } from "./columns.ts";
import { companyRef } from "./refs.ts";
import { accounts } from "./identity.ts";

/** What a learning event records: the actions the insights dashboard aggregates. */
export const LEARNING_EVENT_KINDS = [
  "save",
  "start",
  "finish",
  "item_done",
  "plan_assigned",
  "plan_completed",
  "request_decided",
  "certificate_issued",
] as const;
export type LearningEventKind = (typeof LEARNING_EVENT_KINDS)[number];

/**
 * One row per learning event, written in the same transaction as the action it records. Team is
 * the person's team at the time, so team insights keep their history when people move. References
 * to content, collections, plans and requests are plain ids: the history outlives what it points at.
 */
export const learningEvents = pgTable(
  "learning_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    companyId: companyRef(),
    teamId: integer("team_id"),
    accountId: ownedBy("account_id", () => accounts.id),
    /** Who acted when it is not the person themselves (the planner who assigned, the approver). */
    actorId: integer("actor_id"),
    kind: text("kind", { enum: LEARNING_EVENT_KINDS }).notNull(),
    contentId: integer("content_id"),
    contentType: text("content_type"),
    collectionId: integer("collection_id"),
    planId: integer("plan_id"),
    requestId: integer("request_id"),
    skills: text("skills")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Seconds of learning, on finished items only. */
    durationS: integer("duration_s"),
    /** approved or rejected, on decided requests. */
    outcome: text("outcome"),
    occurredAt: timestamptz("occurred_at").notNull().defaultNow(),
  },
  (t) => [
    index("learning_events_company_time_idx").on(t.companyId, t.occurredAt),
    index("learning_events_company_team_time_idx").on(t.companyId, t.teamId, t.occurredAt),
    index("learning_events_account_time_idx").on(t.accountId, t.occurredAt),
    index("learning_events_plan_idx")
      .on(t.planId, t.accountId)
      .where(sql`plan_id is not null`),
  ],
);

/**
 * The learning events not yet added to the pre-aggregations. An action appends its events and their
 * ids here in its own transaction, which takes no lock another writer needs; the pre-aggregations,
 * whose rows every writer of a company would share, are brought up to date after it (foldEvents in
 * insights.events.repo.ts), and always before they are read. No foreign key: an event deleted with
 * its account is simply not found when folded.
 */
export const insightUnfolded = pgTable("insight_unfolded", {
  eventId: bigint("event_id", { mode: "number" }).primaryKey(),
});

/*
 * Pre-aggregations kept in step with learning_events (same statements for one new event and for a
 * rebuild). Each is keyed by team_key: -1 the whole company, 0 people without a team, else the team
 * at the time; and by grain: a UTC day or month. Dashboards read a few hundred rows instead of
 * scanning every event (bench: 1,000,000 events, p99 < 150 ms).
 */
const rollupKey = {
  companyId: companyRef(),
  teamKey: integer("team_key").notNull(),
  grain: text("grain", { enum: ["day", "month"] }).notNull(),
  period: date("period", { mode: "string" }).notNull(),
};

/** Events and learning seconds per kind and content type. */
export const insightTotals = pgTable(
  "insight_totals",
  {
    ...rollupKey,
    kind: text("kind", { enum: LEARNING_EVENT_KINDS }).notNull(),
    contentType: text("content_type").notNull().default(""),
    n: integer("n").notNull(),
    durationS: bigint("duration_s", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.teamKey, t.grain, t.period, t.kind, t.contentType] })],
);

/** Distinct active learners per period (people with a learning action in it). */
export const insightLearners = pgTable(
  "insight_learners",
  {
    ...rollupKey,
    n: integer("n").notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.teamKey, t.grain, t.period] })],
);

/** Who was active in each period (team_key: their team at their first action in it). */
export const insightLearnerPeriods = pgTable(
  "insight_learner_periods",
  {
    companyId: rollupKey.companyId,
    grain: rollupKey.grain,
    period: rollupKey.period,
    accountId: integer("account_id").notNull(),
    teamKey: integer("team_key").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.grain, t.period, t.accountId] }),
    index("insight_learner_periods_team_idx").on(t.companyId, t.teamKey, t.grain, t.period, t.accountId),
  ],
);

/** Activity, completions and learning seconds per skill. */
export const insightSkills = pgTable(
  "insight_skills",
  {
    ...rollupKey,
    skill: text("skill").notNull(),
    activity: integer("activity").notNull(),
    completions: integer("completions").notNull(),
    durationS: bigint("duration_s", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.teamKey, t.grain, t.period, t.skill] })],
);

/** Saves, starts, completions and learning seconds per catalog item (per team: by month only). */
export const insightContents = pgTable(
  "insight_contents",
  {
    ...rollupKey,
    contentId: integer("content_id").notNull(),
    saves: integer("saves").notNull(),
    starts: integer("starts").notNull(),
    completions: integer("completions").notNull(),
    durationS: bigint("duration_s", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.teamKey, t.grain, t.period, t.contentId] })],
);

/**
 * How many items of each plan each person has done (the plans' rule: marked done in a learning path,
 * or a course finalized in the library). Kept by database triggers as progress, library courses,
 * learning paths and plans change (migration 0008_insights_sql); no foreign keys, so the triggers
 * never block a cascade, and rows of deleted plans or people are simply never joined.
 */
export const insightPlanDone = pgTable(
  "insight_plan_done",
  {
    planId: integer("plan_id").notNull(),
    accountId: integer("account_id").notNull(),
    done: integer("done").notNull(),
  },
  (t) => [primaryKey({ columns: [t.planId, t.accountId] })],
);

/** Reminder mails about overdue plans: one per person per UTC day at most. */
export const insightReminders = pgTable(
  "insight_reminders",
  {
    accountId: ownedBy("account_id", () => accounts.id),
    day: date("day", { mode: "string" }).notNull(),
    companyId: companyRef(),
    sentBy: integer("sent_by"),
    planIds: integer("plan_ids")
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    ...createdAt(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.day] })],
);
