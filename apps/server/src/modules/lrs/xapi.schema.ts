import { z } from "zod";

// xAPI 1.0.3 Part Two, §2.4: the statement's parts. Every object is strict: the spec refuses a
// property it does not define anywhere but inside `extensions` (§2.2).

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const Uuid = z.string().regex(UUID, "a UUID");
/** An IRI: a scheme, then no white space (§4.1.4; the spec does not ask for more). */
export const Iri = z.string().regex(/^[a-z][a-z0-9+.-]*:[^\s]+$/i, "an IRI");
const LanguageMap = z.record(z.string().regex(/^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/, "a language tag"), z.string());
const Extensions = z.record(Iri, z.unknown());
/** ISO 8601 with a zone (or none: read as UTC); "-00:00" is refused by §4.5. */
const Timestamp = z.iso.datetime({ offset: true, local: true }).refine((v) => !v.endsWith("-00:00"), "a timestamp whose offset is not -00:00");
/** ISO 8601 duration (§4.6). */
const Duration = z
  .string()
  .regex(/^P(?!$)(\d+(\.\d+)?Y)?(\d+(\.\d+)?M)?(\d+(\.\d+)?W)?(\d+(\.\d+)?D)?(T(?=\d)(\d+(\.\d+)?H)?(\d+(\.\d+)?M)?(\d+(\.\d+)?S)?)?$/, "an ISO 8601 duration");

const Account = z.strictObject({ homePage: Iri, name: z.string().min(1) });
const ifiFields = {
  mbox: z
    .string()
    .regex(/^mailto:[^@\s]+@[^@\s]+$/, "a mailto: IRI")
    .optional(),
  mbox_sha1sum: z
    .string()
    .regex(/^[0-9a-f]{40}$/i, "a SHA-1 in hex")
    .optional(),
  openid: Iri.optional(),
  account: Account.optional(),
};
type Ifis = { mbox?: string; mbox_sha1sum?: string; openid?: string; account?: unknown };
const ifiCount = (a: Ifis) => [a.mbox, a.mbox_sha1sum, a.openid, a.account].filter((v) => v !== undefined).length;

/** An Agent: exactly one inverse functional identifier (§2.4.2.1). */
export const Agent = z
  .strictObject({ objectType: z.literal("Agent").optional(), name: z.string().optional(), ...ifiFields })
  .refine((a) => ifiCount(a) === 1, "an Agent has exactly one of mbox, mbox_sha1sum, openid, account");
/** A Group: identified by one identifier, or anonymous with its members (§2.4.2.2). */
export const Group = z
  .strictObject({ objectType: z.literal("Group"), name: z.string().optional(), member: z.array(Agent).optional(), ...ifiFields })
  .refine((g) => ifiCount(g) === 1 || (ifiCount(g) === 0 && (g.member?.length ?? 0) > 0), "a Group has one identifier, or members and none");
export const Actor = z.union([Agent, Group]);
export type XapiAgent = z.infer<typeof Agent>;

const Verb = z.strictObject({ id: Iri, display: LanguageMap.optional() });

const InteractionComponent = z.strictObject({ id: z.string().min(1), description: LanguageMap.optional() });
const ActivityDefinition = z.strictObject({
  name: LanguageMap.optional(),
  description: LanguageMap.optional(),
  type: Iri.optional(),
  moreInfo: Iri.optional(),
  extensions: Extensions.optional(),
  interactionType: z
    .enum(["true-false", "choice", "fill-in", "long-fill-in", "matching", "performance", "sequencing", "likert", "numeric", "other"])
    .optional(),
  correctResponsesPattern: z.array(z.string()).optional(),
  choices: z.array(InteractionComponent).optional(),
  scale: z.array(InteractionComponent).optional(),
  source: z.array(InteractionComponent).optional(),
  target: z.array(InteractionComponent).optional(),
  steps: z.array(InteractionComponent).optional(),
});
const Activity = z.strictObject({ objectType: z.literal("Activity").optional(), id: Iri, definition: ActivityDefinition.optional() });
const StatementRef = z.strictObject({ objectType: z.literal("StatementRef"), id: Uuid });

const Score = z
  .strictObject({ scaled: z.number().min(-1).max(1).optional(), raw: z.number().optional(), min: z.number().optional(), max: z.number().optional() })
  .refine((s) => s.min === undefined || s.max === undefined || s.min < s.max, "min below max")
  .refine((s) => s.raw === undefined || ((s.min === undefined || s.raw >= s.min) && (s.max === undefined || s.raw <= s.max)), "raw between min and max");
const Result = z.strictObject({
  score: Score.optional(),
  success: z.boolean().optional(),
  completion: z.boolean().optional(),
  response: z.string().optional(),
  duration: Duration.optional(),
  extensions: Extensions.optional(),
});
const ActivityList = z.union([Activity, z.array(Activity)]);
const Context = z.strictObject({
  registration: Uuid.optional(),
  instructor: Actor.optional(),
  team: Group.optional(),
  contextActivities: z
    .strictObject({ parent: ActivityList.optional(), grouping: ActivityList.optional(), category: ActivityList.optional(), other: ActivityList.optional() })
    .optional(),
  revision: z.string().optional(),
  platform: z.string().optional(),
  language: z.string().optional(),
  statement: StatementRef.optional(),
  extensions: Extensions.optional(),
});
const Attachment = z.strictObject({
  usageType: Iri,
  display: LanguageMap,
  description: LanguageMap.optional(),
  contentType: z.string().min(1),
  length: z.number().int().min(0),
  sha2: z.string().min(1),
  fileUrl: Iri.optional(),
});

// An Agent as object must say so (objectType), else it reads as an Activity.
const AgentObject = Agent.and(z.object({ objectType: z.literal("Agent") }));

const SubStatement = z.strictObject({
  objectType: z.literal("SubStatement"),
  actor: Actor,
  verb: Verb,
  object: z.union([Activity, AgentObject, Group, StatementRef]),
  result: Result.optional(),
  context: Context.optional(),
  timestamp: Timestamp.optional(),
  attachments: z.array(Attachment).optional(),
});

/** A statement as a client sends it (§2.4); `stored`, `authority` and `version` are the LRS's to set if absent. */
export const Statement = z
  .strictObject({
    id: Uuid.optional(),
    actor: Actor,
    verb: Verb,
    object: z.union([Activity, AgentObject, Group, StatementRef, SubStatement]),
    result: Result.optional(),
    context: Context.optional(),
    timestamp: Timestamp.optional(),
    stored: Timestamp.optional(),
    authority: Actor.optional(),
    version: z
      .string()
      .regex(/^1\.0(\.\d+)?$/, "a 1.0.x version")
      .optional(),
    attachments: z.array(Attachment).optional(),
  })
  // §2.4.4.1: the revision and platform of a context only describe an Activity.
  .refine(
    (s) =>
      !s.context ||
      (s.context.revision === undefined && s.context.platform === undefined) ||
      s.object.objectType === undefined ||
      s.object.objectType === "Activity",
    {
      message: "context revision and platform are only for an Activity object",
    },
  );
export type Statement = z.infer<typeof Statement>;

export const VOIDED = "http://adlnet.gov/expapi/verbs/voided";
export const COMPLETED = "http://adlnet.gov/expapi/verbs/completed";
export const PASSED = "http://adlnet.gov/expapi/verbs/passed";
export const PROGRESSED = "http://adlnet.gov/expapi/verbs/progressed";
