import { z } from "zod";
import { badRequest } from "../../lib/errors.ts";
import { agentKeys } from "./xapi.statements.ts";
import { Agent, Group, Iri, Uuid } from "./xapi.schema.ts";

// xAPI 1.0.3 Part Three §2.1.3: the parameters of GET statements. Any other is refused (400).
const Bool = z.enum(["true", "false"]).transform((v) => v === "true");
const Format = z.enum(["ids", "exact", "canonical"]).default("exact");
const Time = z.iso.datetime({ offset: true, local: true });
const Common = { format: Format, attachments: Bool.optional() };

const One = z.strictObject({ statementId: Uuid, ...Common });
const OneVoided = z.strictObject({ voidedStatementId: Uuid, ...Common });
const Query = z.strictObject({
  agent: z.string().optional(),
  verb: Iri.optional(),
  activity: Iri.optional(),
  registration: Uuid.optional(),
  related_activities: Bool.optional(),
  related_agents: Bool.optional(),
  since: Time.optional(),
  until: Time.optional(),
  limit: z.coerce.number().int().min(0).optional(),
  ascending: Bool.default(false),
  ...Common,
});
export type StatementQuery = z.infer<typeof Query>;
const More = z.strictObject({ more: z.string().min(1) });

export type GetStatements =
  | { kind: "one"; id: string; voided: boolean; format: "ids" | "exact" | "canonical" }
  | { kind: "query"; query: StatementQuery }
  | { kind: "more"; more: string };

function parse<S extends z.ZodType>(schema: S, raw: unknown): z.infer<S> {
  const r = schema.safeParse(raw);
  if (!r.success)
    throw badRequest(
      "These statement query parameters are not valid",
      r.error.issues.map((i) => ({ path: i.path.join(".") || (i.code === "unrecognized_keys" ? i.keys.join(",") : ""), message: i.message })),
    );
  return r.data;
}

/** Which of GET statements' forms a request asks for: one statement, one voided statement, a query, or its next page. */
export function readGetStatements(raw: Record<string, unknown>): GetStatements {
  if (raw.statementId !== undefined && raw.voidedStatementId !== undefined) throw badRequest("Ask for statementId or voidedStatementId, not both");
  if (raw.statementId !== undefined) {
    const q = parse(One, raw);
    return { kind: "one", id: q.statementId.toLowerCase(), voided: false, format: q.format };
  }
  if (raw.voidedStatementId !== undefined) {
    const q = parse(OneVoided, raw);
    return { kind: "one", id: q.voidedStatementId.toLowerCase(), voided: true, format: q.format };
  }
  if (raw.more !== undefined) return { kind: "more", more: parse(More, raw).more };
  return { kind: "query", query: parse(Query, raw) };
}

/** The key of the `agent` parameter's Agent or identified Group (JSON, §2.1.3); 400 when it is none. */
export function agentQueryKey(json: string): string {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw badRequest("The agent parameter is not JSON");
  }
  const agent = z.union([Agent, Group]).safeParse(value);
  // A mailbox is asked by its SHA-1, which statements naming either form both carry.
  const key = agent.success ? agentKeys(agent.data).at(-1) : undefined;
  if (!key) throw badRequest("The agent parameter is not an Agent with one identifier");
  return key;
}
