import { Statement } from "./xapi.schema.ts";

/**
 * The verbs Learnward's own events are told with, each from a published vocabulary: ADL's (the
 * xAPI 1.0 verbs), Activity Streams 1.0 for saving and assigning, and the xAPI registry's "earned"
 * for a certificate. Starting an item is ADL's "attempted" (the person began it; "launched" and
 * "initialized" are what a player says of content it opens, which Learnward does not).
 */
export const OUTBOUND_VERBS = {
  saved: { id: "http://activitystrea.ms/schema/1.0/save", display: { "en-US": "saved" } },
  started: { id: "http://adlnet.gov/expapi/verbs/attempted", display: { "en-US": "attempted" } },
  completed: { id: "http://adlnet.gov/expapi/verbs/completed", display: { "en-US": "completed" } },
  assigned: { id: "http://activitystrea.ms/schema/1.0/assign", display: { "en-US": "assigned" } },
  earned: { id: "http://id.tincanapi.com/verb/earned", display: { "en-US": "earned" } },
  tested: { id: "http://adlnet.gov/expapi/verbs/experienced", display: { "en-US": "experienced" } },
} as const;
export type OutboundVerb = keyof typeof OUTBOUND_VERBS;

const ACTIVITY_TYPES = {
  link: "http://adlnet.gov/expapi/activities/link",
  course: "http://adlnet.gov/expapi/activities/course",
  objective: "http://adlnet.gov/expapi/activities/objective",
} as const;

export interface OutboundActivity {
  id: string;
  name: string;
  type?: keyof typeof ACTIVITY_TYPES;
}

/** Learnward's own activities (paths, plans) are named by an IRI under its address: stable, and no page a reader must reach. */
export const learnwardActivityId = (publicUrl: string, kind: "paths" | "plans" | "connection-test", id?: number) =>
  `${publicUrl}/xapi/activities/${kind}${id === undefined ? "" : `/${id}`}`;

/**
 * One event as an xAPI 1.0.3 statement: the person by their address and name, the verb, the item as an
 * activity with its title, Learnward as the platform in the person's language. Checked against the
 * same schema the inbound LRS applies, so what is sent is what Learnward itself would accept.
 */
export function outboundStatement(v: {
  id: string;
  person: { email: string; name: string; locale: string };
  verb: OutboundVerb;
  activity: OutboundActivity;
  timestamp: Date;
}): Statement {
  return Statement.parse({
    id: v.id,
    actor: { objectType: "Agent", name: v.person.name, mbox: `mailto:${v.person.email}` },
    verb: OUTBOUND_VERBS[v.verb],
    object: {
      objectType: "Activity",
      id: v.activity.id,
      definition: {
        // The item's own language is unknown: its title is tagged undetermined (BCP 47 "und").
        name: { und: v.activity.name },
        ...(v.activity.type ? { type: ACTIVITY_TYPES[v.activity.type] } : {}),
      },
    },
    context: { platform: "Learnward", language: v.person.locale },
    timestamp: v.timestamp.toISOString(),
  });
}
