import type { CourseStatus } from "@learnward/contracts";
import type { Actor } from "../../lib/actor.ts";
import type { ContentService } from "../library/index.ts";
import type { ApplyState, LrsRepo } from "./lrs.repo.ts";
import { activityUrl } from "./xapi.statements.ts";
import { COMPLETED, PASSED, PROGRESSED, type XapiAgent } from "./xapi.schema.ts";
import { addressesBySha1, personKey, type PersonKey } from "./xapi.person.ts";

export const APPLY_JOB = "lrs.apply";
const CHUNK = 1000;

type Outcome = "finalized" | "running";
interface Row {
  id: string;
  statement: unknown;
  verbId: string;
  activityId: string | null;
  voided: boolean;
  voidsId: string | null;
}

/**
 * What a statement says about a person's item: completed and passed mean done; progressed with a
 * result is done when the result says completion, in progress otherwise. Anything else is no
 * learning outcome of an item (answered, experienced, a voiding statement…).
 */
function outcomeOf(r: Row): Outcome | null {
  if (r.voided || r.voidsId || !r.activityId) return null;
  if (r.verbId === COMPLETED || r.verbId === PASSED) return "finalized";
  const result = (r.statement as { result?: { completion?: boolean } }).result;
  if (r.verbId === PROGRESSED && result) return result.completion === true ? "finalized" : "running";
  return null;
}

/** The states an item moves from to reach the outcome: never back from done to in progress. */
const FROM: Record<Outcome, readonly (CourseStatus | null)[]> = { finalized: [null, "wishlist", "running"], running: [null, "wishlist"] };

/**
 * Applies a company's stored statements to its people's libraries, through the library's own
 * course moves (so plans, insights and skills follow as when the person marks the item). A
 * statement whose person or item is unknown waits (listed for hr) and is tried again on a revisit.
 */
export function createXapiApplier({ repo, content, publicUrl }: { repo: LrsRepo; content: ContentService; publicUrl: string }) {
  async function applyChunk(companyId: number, rows: Row[]) {
    const states = new Map<string, { state: ApplyState; accountId: number | null }>();
    const relevant: { row: Row; outcome: Outcome; who: PersonKey | null }[] = [];
    for (const row of rows) {
      const outcome = outcomeOf(row);
      if (!outcome) states.set(row.id, { state: "ignored", accountId: null });
      else relevant.push({ row, outcome, who: personKey((row.statement as { actor: XapiAgent }).actor, publicUrl) });
    }
    // An address sent as the SHA-1 of its mailto IRI (xAPI's mbox_sha1sum) is read back from the
    // company's own addresses: the only ones it could name here.
    const hashed = new Set(relevant.flatMap((r) => (r.who?.sha1 ? [r.who.sha1] : [])));
    const emailOfSha1 = hashed.size ? addressesBySha1(await repo.activeEmails(companyId), hashed) : new Map<string, string>();
    for (const r of relevant) if (r.who?.sha1) r.who = emailOfSha1.has(r.who.sha1) ? { email: emailOfSha1.get(r.who.sha1) } : null;
    const emails = [...new Set(relevant.flatMap((r) => (r.who?.email ? [r.who.email] : [])))];
    const usernames = [...new Set(relevant.flatMap((r) => (r.who?.username ? [r.who.username] : [])))];
    const people = await repo.people(companyId, emails, usernames);
    const byEmail = new Map(people.map((p) => [p.email.toLowerCase(), p]));
    const byUsername = new Map(people.map((p) => [p.username, p]));
    const activityIds = [...new Set(relevant.map((r) => r.row.activityId!))];
    const mapped = new Map((await repo.mappedItems(companyId, activityIds)).map((m) => [m.activityId, m.contentId]));
    const urls = new Map(activityIds.filter((a) => !mapped.has(a)).flatMap((a) => (activityUrl(a) ? [[a, activityUrl(a)!] as const] : [])));
    const atUrl = new Map((await repo.itemsAt(companyId, [...new Set(urls.values())])).map((i) => [i.normalizedUrl, i.id]));
    const itemOf = (activityId: string) => mapped.get(activityId) ?? atUrl.get(urls.get(activityId) ?? "");

    // One move per person and item: done wins over in progress, whatever order the statements came in.
    type Move = { person: (typeof people)[number]; contentId: number; outcome: Outcome; ids: string[] };
    const moves = new Map<string, Move>();
    for (const { row, outcome, who } of relevant) {
      const person = who?.email ? byEmail.get(who.email) : who?.username ? byUsername.get(who.username) : undefined;
      if (!person) {
        states.set(row.id, { state: "unknown_agent", accountId: null });
        continue;
      }
      const contentId = itemOf(row.activityId!);
      if (contentId === undefined) {
        states.set(row.id, { state: "unknown_activity", accountId: person.accountId });
        continue;
      }
      const key = `${person.accountId}:${contentId}`;
      const move = moves.get(key) ?? { person, contentId, outcome, ids: [] };
      if (outcome === "finalized") move.outcome = "finalized";
      move.ids.push(row.id);
      moves.set(key, move);
    }
    // One transaction per person, through the library's own saves and course moves.
    const byPerson = new Map<number, Move[]>();
    for (const move of moves.values()) {
      const theirs = byPerson.get(move.person.accountId) ?? [];
      if (theirs.length === 0) byPerson.set(move.person.accountId, theirs);
      theirs.push(move);
    }
    for (const [accountId, theirs] of byPerson) {
      const p = theirs[0]!.person;
      const actor: Actor = { uid: p.uid, accountId, email: p.email, role: p.role, companyId, teamId: p.teamId, twoFactorPending: false };
      const { unavailable } = await content.applyCourseOutcomes(
        actor,
        theirs.map((m) => ({ contentId: m.contentId, from: FROM[m.outcome], to: m.outcome })),
      );
      // An item the person may not have (hidden meanwhile, another's private save): it waits like an unknown one.
      for (const m of theirs) for (const id of m.ids) states.set(id, { state: unavailable.has(m.contentId) ? "unknown_activity" : "applied", accountId });
    }
    const groups = new Map<string, string[]>();
    for (const [id, s] of states) {
      const k = `${s.state}|${s.accountId ?? ""}`;
      groups.set(k, [...(groups.get(k) ?? []), id]);
    }
    for (const [k, ids] of groups) {
      const [state, accountId] = k.split("|");
      await repo.setApplyState(companyId, ids, state as ApplyState, accountId ? Number(accountId) : null);
    }
  }

  return {
    /** Applies what is pending (and, revisiting, what waited for a person or an item); answers how many statements it read. */
    async apply(companyId: number, revisit: boolean): Promise<number> {
      const states: ApplyState[] = revisit ? ["pending", "unknown_agent", "unknown_activity"] : ["pending"];
      let after = 0;
      let read = 0;
      for (;;) {
        const rows = await repo.toApply(companyId, states, after, CHUNK);
        if (rows.length === 0) return read;
        await applyChunk(companyId, rows);
        read += rows.length;
        after = rows[rows.length - 1]!.seq;
      }
    },
    async revisitAll() {
      for (const companyId of await repo.companiesWaiting()) await this.apply(companyId, true);
    },
  };
}
export type XapiApplier = ReturnType<typeof createXapiApplier>;
