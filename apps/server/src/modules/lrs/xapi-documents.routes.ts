import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { badRequest } from "../../lib/errors.ts";
import type { LrsCaller } from "./lrs-credentials.service.ts";
import type { DocumentAddress, DocumentContext, XapiDocumentsService } from "./xapi-documents.service.ts";
import type { XapiLookupService } from "./xapi-lookup.service.ts";
import { agentKeys } from "./xapi.statements.ts";
import { Agent, Iri, Uuid, type XapiAgent } from "./xapi.schema.ts";

/** The most one document may weigh; more is refused with 413 before it is read whole. */
export const XAPI_DOCUMENT_LIMIT = 1024 * 1024;

// A document id sits in a unique index beside a 40-character hash: bounded well under a btree entry.
const DocId = z.string().min(1).max(500);
const Time = z.iso.datetime({ offset: true, local: true });
const AgentJson = z.string().min(1);

const State = { activityId: Iri, agent: AgentJson, registration: Uuid.optional() };
const Q = {
  stateOne: z.strictObject({ ...State, stateId: DocId }),
  stateGet: z.strictObject({ ...State, stateId: DocId.optional(), since: Time.optional() }),
  stateDelete: z.strictObject({ ...State, stateId: DocId.optional() }),
  activityOne: z.strictObject({ activityId: Iri, profileId: DocId }),
  activityGet: z.strictObject({ activityId: Iri, profileId: DocId.optional(), since: Time.optional() }),
  agentOne: z.strictObject({ agent: AgentJson, profileId: DocId }),
  agentGet: z.strictObject({ agent: AgentJson, profileId: DocId.optional(), since: Time.optional() }),
  activity: z.strictObject({ activityId: Iri }),
  agent: z.strictObject({ agent: AgentJson }),
};

function parse<S extends z.ZodType>(schema: S, raw: unknown): z.infer<S> {
  const r = schema.safeParse(raw);
  if (!r.success)
    throw badRequest(
      "These parameters are not valid",
      r.error.issues.map((i) => ({ path: i.path.join(".") || (i.code === "unrecognized_keys" ? i.keys.join(",") : ""), message: i.message })),
    );
  return r.data;
}

/** The `agent` parameter: an Agent with one identifier (§2.3, §2.6: not a Group), read through the statement schema. */
function readAgent(json: string): { agent: XapiAgent; key: string } {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw badRequest("The agent parameter is not JSON");
  }
  const r = Agent.safeParse(value);
  // A mailbox is kept by its SHA-1, so a document stored under either form is found by the other.
  const key = r.success ? agentKeys(r.data).at(-1) : undefined;
  if (!r.success || !key) throw badRequest("The agent parameter is not an Agent with one identifier");
  return { agent: r.data, key };
}

const preconditions = (req: FastifyRequest) => {
  const one = (h: string | string[] | undefined) => (Array.isArray(h) ? h.join(",") : h);
  const ifMatch = one(req.headers["if-match"]);
  const ifNoneMatch = one(req.headers["if-none-match"]);
  return { ...(ifMatch !== undefined ? { ifMatch } : {}), ...(ifNoneMatch !== undefined ? { ifNoneMatch } : {}) };
};

function sent(req: FastifyRequest) {
  if (!Buffer.isBuffer(req.body)) throw badRequest("Send the document as the request's body");
  return { contentType: req.headers["content-type"] ?? "application/octet-stream", content: req.body };
}

const doc = (summary: string) => ({ schema: { tags: ["xapi"], summary }, compress: false as const });
const caller = (req: FastifyRequest) => req.lrsCaller!;

/**
 * The document resources (state, activity profile, agent profile) and the Activities and Agents
 * resources, under the statements resource's credential and version rules (hooks of xapiRoutes).
 * Documents are any bytes: every content type is read raw here, in this plugin's scope only.
 */
export async function xapiDocumentRoutes(app: FastifyInstance, { documents, lookup }: { documents: XapiDocumentsService; lookup: XapiLookupService }) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: XAPI_DOCUMENT_LIMIT }, (_req, body, done) => done(null, body));

  async function answerOne(reply: FastifyReply, who: LrsCaller, a: DocumentAddress) {
    const d = await documents.get(who, a);
    // A stored document is the sender's bytes, HTML included: never a page that runs on this origin.
    return reply
      .header("content-security-policy", "default-src 'none'; sandbox")
      .header("etag", `"${d.etag}"`)
      .header("last-modified", d.updated.toUTCString())
      .type(d.contentType)
      .send(d.content);
  }
  async function answerIds(reply: FastifyReply, who: LrsCaller, c: DocumentContext & { registration?: string }, since?: string) {
    const list = await documents.ids(who, c, since ? new Date(since) : undefined);
    reply.header("etag", `"${list.etag}"`);
    if (list.lastModified) reply.header("last-modified", list.lastModified.toUTCString());
    return list.ids;
  }
  // One handler per write method, each reading its resource's parameters into a document address.
  const writes = (path: string, label: string, address: (q: Record<string, unknown>) => DocumentAddress) => {
    app.put(path, { ...doc(`Store a ${label} document as sent (any content type)`), bodyLimit: XAPI_DOCUMENT_LIMIT }, async (req, reply) => {
      await documents.put(caller(req), address(req.query as Record<string, unknown>), sent(req), preconditions(req));
      return reply.status(204).send();
    });
    app.post(path, { ...doc(`Merge a JSON object into a ${label} document`), bodyLimit: XAPI_DOCUMENT_LIMIT }, async (req, reply) => {
      await documents.post(caller(req), address(req.query as Record<string, unknown>), sent(req), preconditions(req));
      return reply.status(204).send();
    });
  };

  // §2.3 State: activity + agent (+ registration); without stateId, GET lists ids and DELETE empties the context.
  const stateAddress = (raw: Record<string, unknown>): DocumentAddress => {
    const q = parse(Q.stateOne, raw);
    return {
      kind: "state",
      activityId: q.activityId,
      agentKey: readAgent(q.agent).key,
      registration: q.registration?.toLowerCase() ?? null,
      documentId: q.stateId,
    };
  };
  writes("/activities/state", "state", stateAddress);
  app.get("/activities/state", doc("One state document (stateId), or the ids of the agent's states for the activity (since)"), async (req, reply) => {
    const q = parse(Q.stateGet, req.query);
    const c = { kind: "state" as const, activityId: q.activityId, agentKey: readAgent(q.agent).key };
    if (q.stateId !== undefined) return answerOne(reply, caller(req), { ...c, registration: q.registration?.toLowerCase() ?? null, documentId: q.stateId });
    return answerIds(reply, caller(req), { ...c, ...(q.registration ? { registration: q.registration.toLowerCase() } : {}) }, q.since);
  });
  app.delete("/activities/state", doc("Delete one state document (stateId), or every state of the agent for the activity"), async (req, reply) => {
    const q = parse(Q.stateDelete, req.query);
    const c = { kind: "state" as const, activityId: q.activityId, agentKey: readAgent(q.agent).key };
    if (q.stateId !== undefined)
      await documents.remove(caller(req), { ...c, registration: q.registration?.toLowerCase() ?? null, documentId: q.stateId }, preconditions(req));
    else await documents.removeAll(caller(req), { ...c, ...(q.registration ? { registration: q.registration.toLowerCase() } : {}) });
    return reply.status(204).send();
  });

  // §2.7 Activity Profile.
  const activityAddress = (raw: Record<string, unknown>): DocumentAddress => {
    const q = parse(Q.activityOne, raw);
    return { kind: "activity_profile", activityId: q.activityId, agentKey: null, registration: null, documentId: q.profileId };
  };
  writes("/activities/profile", "activity profile", activityAddress);
  app.get("/activities/profile", doc("One activity profile document (profileId), or the activity's profile ids (since)"), async (req, reply) => {
    const q = parse(Q.activityGet, req.query);
    const c = { kind: "activity_profile" as const, activityId: q.activityId, agentKey: null };
    if (q.profileId !== undefined) return answerOne(reply, caller(req), { ...c, registration: null, documentId: q.profileId });
    return answerIds(reply, caller(req), c, q.since);
  });
  app.delete("/activities/profile", doc("Delete one activity profile document"), async (req, reply) => {
    await documents.remove(caller(req), activityAddress(req.query as Record<string, unknown>), preconditions(req));
    return reply.status(204).send();
  });

  // §2.6 Agent Profile.
  const agentAddress = (raw: Record<string, unknown>): DocumentAddress => {
    const q = parse(Q.agentOne, raw);
    return { kind: "agent_profile", activityId: null, agentKey: readAgent(q.agent).key, registration: null, documentId: q.profileId };
  };
  writes("/agents/profile", "agent profile", agentAddress);
  app.get("/agents/profile", doc("One agent profile document (profileId), or the agent's profile ids (since)"), async (req, reply) => {
    const q = parse(Q.agentGet, req.query);
    const c = { kind: "agent_profile" as const, activityId: null, agentKey: readAgent(q.agent).key };
    if (q.profileId !== undefined) return answerOne(reply, caller(req), { ...c, registration: null, documentId: q.profileId });
    return answerIds(reply, caller(req), c, q.since);
  });
  app.delete("/agents/profile", doc("Delete one agent profile document"), async (req, reply) => {
    await documents.remove(caller(req), agentAddress(req.query as Record<string, unknown>), preconditions(req));
    return reply.status(204).send();
  });

  // §2.5 and §2.4: what the LRS knows of an activity, and of a person.
  app.get("/activities", doc("The activity as the statements defined it last (or its id alone)"), async (req) =>
    lookup.activity(caller(req), parse(Q.activity, req.query).activityId),
  );
  app.get("/agents", doc("A Person: the agent asked about, combined with the company's person it names"), async (req) =>
    lookup.person(caller(req), readAgent(parse(Q.agent, req.query).agent).agent),
  );
}
