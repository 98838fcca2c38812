import { createHash, randomUUID } from "node:crypto";
import { normaliseUrl } from "../../lib/providers.ts";
import { type Statement, VOIDED, type XapiAgent } from "./xapi.schema.ts";

type Identified = Pick<XapiAgent, "mbox" | "mbox_sha1sum" | "openid" | "account">;

/**
 * The keys an agent is found by: its one identifier, written `kind:value`; a mailbox also under its
 * SHA-1 (§2.4.2.3), so a query naming either form finds statements that named the other.
 */
export function agentKeys(a: Identified): string[] {
  if (a.mbox) return [`mbox:${a.mbox.toLowerCase()}`, `mbox_sha1sum:${createHash("sha1").update(a.mbox).digest("hex")}`];
  if (a.mbox_sha1sum) return [`mbox_sha1sum:${a.mbox_sha1sum.toLowerCase()}`];
  if (a.openid) return [`openid:${a.openid}`];
  if (a.account) return [`account:${a.account.homePage}|${a.account.name}`];
  return [];
}

/** The agents a statement is about (§2.7 `agent`: the actor, or the object when it is an agent); a group's members too. */
function statementAgentKeys(s: Statement): string[] {
  const keys = new Set<string>();
  const add = (a: Identified & { member?: Identified[] }) => {
    for (const k of agentKeys(a)) keys.add(k);
    for (const m of a.member ?? []) for (const k of agentKeys(m)) keys.add(k);
  };
  add(s.actor);
  if (s.object.objectType === "Agent" || s.object.objectType === "Group") add(s.object);
  return [...keys];
}

const sortKeys = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(sortKeys)
    : v !== null && typeof v === "object"
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, sortKeys((v as Record<string, unknown>)[k])]),
        )
      : v;

/**
 * What two statements with one id must share to be the same statement (§2.3.1, Statement Comparison):
 * everything but what the LRS sets or may change (authority, stored, timestamp, version, attachments).
 */
export function comparable(s: Record<string, unknown>): string {
  const { authority: _a, stored: _s, timestamp: _t, version: _v, attachments: _x, ...rest } = s;
  return JSON.stringify(sortKeys(rest));
}

/** The activity a statement's object is, when it is one. */
export const activityOf = (s: Statement) => (s.object.objectType === undefined || s.object.objectType === "Activity" ? s.object.id : null);

/** The statement a voiding statement voids (§2.3.2: its object is a StatementRef). */
export const voidTarget = (s: Statement) => (s.verb.id === VOIDED && s.object.objectType === "StatementRef" ? s.object.id.toLowerCase() : null);

/** An activity id as the catalog knows links: normalised, or null when it is no web address. */
export function activityUrl(id: string): string | null {
  if (!/^https?:\/\//i.test(id)) return null;
  try {
    return normaliseUrl(id);
  } catch {
    return null;
  }
}

type Sub = Pick<Statement, "actor" | "object" | "context">;
const asList = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/** §2.1.3 related_agents: the actor, object, authority, instructor and team, and those of a SubStatement. */
function relatedAgentKeys(s: Statement, authority: Record<string, unknown>): string[] {
  const keys = new Set<string>();
  const add = (a: unknown) => {
    if (!a || typeof a !== "object") return;
    const agent = a as Identified & { member?: Identified[] };
    for (const k of agentKeys(agent)) keys.add(k);
    for (const m of agent.member ?? []) for (const k of agentKeys(m)) keys.add(k);
  };
  const walk = (x: Sub) => {
    add(x.actor);
    if (x.object.objectType === "Agent" || x.object.objectType === "Group") add(x.object);
    add(x.context?.instructor);
    add(x.context?.team);
  };
  walk(s);
  if (s.object.objectType === "SubStatement") walk(s.object);
  add(authority);
  return [...keys];
}

/** §2.1.3 related_activities: the object and every context activity, and those of a SubStatement. */
function relatedActivityIds(s: Statement): string[] {
  const ids = new Set<string>();
  const walk = (x: Sub) => {
    if (x.object.objectType === undefined || x.object.objectType === "Activity") ids.add(x.object.id);
    const c = x.context?.contextActivities;
    for (const a of [...asList(c?.parent), ...asList(c?.grouping), ...asList(c?.category), ...asList(c?.other)]) ids.add(a.id);
  };
  walk(s);
  if (s.object.objectType === "SubStatement") walk(s.object);
  return [...ids];
}

export interface PreparedStatement {
  id: string;
  statement: Record<string, unknown>;
  verbId: string;
  activityId: string | null;
  registration: string | null;
  agentKeys: string[];
  relatedAgentKeys: string[];
  relatedActivityIds: string[];
  voidsId: string | null;
}

/** A statement as stored: its id (made when absent), stored time, authority, version and timestamp set (§2.4.7–2.4.10). */
export function prepare(s: Statement, stored: Date, authority: Record<string, unknown>): PreparedStatement {
  const id = (s.id ?? randomUUID()).toLowerCase();
  const storedIso = stored.toISOString();
  const statement = { ...s, id, stored: storedIso, timestamp: s.timestamp ?? storedIso, authority, version: s.version ?? "1.0.0" };
  return {
    id,
    statement,
    verbId: s.verb.id,
    activityId: activityOf(s),
    registration: s.context?.registration?.toLowerCase() ?? null,
    agentKeys: statementAgentKeys(s),
    relatedAgentKeys: relatedAgentKeys(s, authority),
    relatedActivityIds: relatedActivityIds(s),
    voidsId: voidTarget(s),
  };
}
