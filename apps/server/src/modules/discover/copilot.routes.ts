import { PassThrough } from "node:stream";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  AskCopilotRequest,
  AskCopilotResponse,
  CopilotCollectionResponse,
  CopilotConversation,
  CopilotConversationsQuery,
  CopilotConversationSummary,
  CreateConversationRequest,
  ErrorBody,
  IdParam,
  Paginated,
  type CopilotStreamEvent,
} from "@learnward/contracts";
import { type Actor, authorize, COMPANY_ROLES } from "../../lib/actor.ts";
import { notFound } from "../../lib/errors.ts";
import { requestLocale } from "../../lib/locale.ts";
import { pageParams, toPage } from "../../lib/pagination.ts";
import type { CopilotRepo } from "./copilot.repo.ts";
import type { CopilotService } from "./copilot.service.ts";
import { discoverPolicy } from "./discover.policy.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody };
const access = { access: COMPANY_ROLES };
const CONVERSATIONS = "/api/b2b/v1/copilot/conversations";

const wantsStream = (accept: string | undefined) => /\btext\/event-stream\b/i.test(accept ?? "");

/** The copilot: conversations kept per person, answers as JSON or server-sent events. */
export const copilotRoutes: FastifyPluginAsyncZod<{ repo: CopilotRepo; service: CopilotService }> = async (app, { repo, service }) => {
  /** Another person's conversation, even a colleague's, is "not found". */
  async function load(actor: Actor, id: number) {
    const row = await repo.get(actor.accountId, id);
    if (!row) throw notFound("Conversation");
    authorize(actor, discoverPolicy.readConversation, row.c, "not_found");
    return row.c;
  }

  app.get(
    CONVERSATIONS,
    {
      config: access,
      schema: {
        tags: ["copilot"],
        summary: "My copilot conversations, latest first",
        querystring: CopilotConversationsQuery,
        response: { 200: Paginated(CopilotConversationSummary), ...errors },
      },
    },
    async (req) => {
      const { actor } = req;
      const p = pageParams(req.query, req.query.page_size);
      const { results, count } = await service.list(actor, p.limit, p.offset);
      return toPage(req, p, count, results);
    },
  );

  app.post(
    CONVERSATIONS,
    {
      config: access,
      schema: {
        tags: ["copilot"],
        summary: "Start a conversation",
        body: CreateConversationRequest.optional(),
        response: { 201: CopilotConversation, ...errors },
      },
    },
    async (req, reply) => {
      const { actor } = req;
      return reply.status(201).send(await service.create(actor, req.body?.title, requestLocale(req)));
    },
  );

  app.get(
    `${CONVERSATIONS}/:id`,
    {
      config: access,
      schema: {
        tags: ["copilot"],
        summary: "A conversation with its questions and answers",
        params: IdParam,
        response: { 200: CopilotConversation, ...errors },
      },
    },
    async (req) => {
      const { actor } = req;
      return service.detail(actor, await load(actor, req.params.id));
    },
  );

  app.delete(
    `${CONVERSATIONS}/:id`,
    { config: access, schema: { tags: ["copilot"], summary: "Delete a conversation", params: IdParam, response: { 204: z.null(), ...errors } } },
    async (req, reply) => {
      const { actor } = req;
      await load(actor, req.params.id);
      await repo.remove(actor.accountId, req.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    `${CONVERSATIONS}/:id/messages`,
    {
      config: access,
      schema: {
        tags: ["copilot"],
        summary: "Ask the copilot: a JSON answer, or server-sent events (start, delta, reset, done, error) with Accept: text/event-stream",
        params: IdParam,
        body: AskCopilotRequest,
        response: { 200: AskCopilotResponse, ...errors },
      },
    },
    async (req, reply) => {
      const { actor } = req;
      const conversation = await load(actor, req.params.id);
      const asked = await service.admit(actor, conversation, req.body.content, requestLocale(req));
      if (!wantsStream(req.headers.accept)) return service.ask(actor, conversation, asked);

      const out = new PassThrough();
      const send = (e: CopilotStreamEvent) => out.write(`event: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`);
      const gone = new AbortController();
      reply.raw.on("close", () => gone.abort());
      void service
        .ask(actor, conversation, asked, {
          signal: gone.signal,
          onStart: (data) => send({ event: "start", data }),
          onDelta: (text) => send({ event: "delta", data: { text } }),
          onReset: (reason) => send({ event: "reset", data: { reason } }),
        })
        .then((done) => send({ event: "done", data: done }))
        .catch((err: unknown) => {
          req.log.error({ err }, "copilot answer failed");
          send({ event: "error", data: { error: { code: "internal_error", message: "The copilot could not answer; try again" } } });
        })
        .finally(() => out.end());
      // Not compressed (text/event-stream), not buffered by proxies: each event leaves at once.
      return reply
        .header("content-type", "text/event-stream; charset=utf-8")
        .header("cache-control", "no-cache, no-transform")
        .header("x-accel-buffering", "no")
        .send(out as never);
    },
  );

  app.post(
    `${CONVERSATIONS}/:id/collection`,
    {
      config: access,
      schema: {
        tags: ["copilot"],
        summary: "Turn the last answer into a private draft collection, a section per week or topic",
        params: IdParam,
        response: { 200: CopilotCollectionResponse, 201: CopilotCollectionResponse, ...errors },
      },
    },
    async (req, reply) => {
      const { actor } = req;
      const result = await service.toCollection(actor, await load(actor, req.params.id));
      return reply.status(result.created ? 201 : 200).send(result);
    },
  );
};
