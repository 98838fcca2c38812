import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ChatHooks, ErrorBody, IdParam, TestChatHookRequest, TestChatHookResponse, UpdateChatHooksRequest } from "@learnward/contracts";
import { type Actor, requireCompany } from "../../lib/actor.ts";
import { notFound } from "../../lib/errors.ts";
import type { ChatRepo } from "./chat.repo.ts";
import type { ChatService } from "./chat.service.ts";
import { presentChatHooks } from "./chat.present.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/**
 * The company's chat hooks (issue 25): hr at /company/chat-hooks for their own company; a platform
 * operator at /admin/companies/:id/chat-hooks for any. The company is the path's or the caller's,
 * never a body's.
 */
export const chatRoutes: FastifyPluginAsyncZod<{ service: ChatService; repo: ChatRepo }> = async (app, { service, repo }) => {
  const places = [
    { base: "/api/b2b/v1/company/chat-hooks", access: ["hr"] as const, params: undefined, company: async (actor: Actor) => requireCompany(actor) },
    {
      base: "/api/b2b/v1/admin/companies/:id/chat-hooks",
      access: ["admin"] as const,
      params: IdParam,
      company: async (_actor: Actor, id?: number) => {
        if (id === undefined || !(await repo.companyExists(id))) throw notFound("Company");
        return id;
      },
    },
  ];

  for (const place of places) {
    const config = { access: place.access };
    // The admin path's company id; the company path has no parameters.
    const params = place.params ? { params: place.params } : {};
    const tags = [place.params ? "admin" : "company"];
    const idOf = (params: unknown) => (params as { id?: number } | undefined)?.id;

    app.get(
      place.base,
      {
        config,
        schema: { tags, summary: "The company's Slack and Microsoft Teams webhook addresses", ...params, response: { 200: ChatHooks, ...errors } },
      },
      async (req) => presentChatHooks(await service.read(req.actor, await place.company(req.actor, idOf(req.params)))),
    );

    app.patch(
      place.base,
      {
        config,
        schema: {
          tags,
          summary: "Connect or disconnect Slack and Microsoft Teams (https:// incoming-webhook addresses)",
          ...params,
          body: UpdateChatHooksRequest,
          response: { 200: ChatHooks, ...errors },
        },
      },
      async (req) => presentChatHooks(await service.update(req.actor, await place.company(req.actor, idOf(req.params)), req.body)),
    );

    app.post(
      `${place.base}/test`,
      {
        config,
        schema: {
          tags,
          summary: "Post a test message to a saved address now, and answer whether the chat service took it",
          ...params,
          body: TestChatHookRequest,
          response: { 200: TestChatHookResponse, ...errors },
        },
      },
      async (req) => service.test(req.actor, await place.company(req.actor, idOf(req.params)), req.body.channel),
    );
  }
};
