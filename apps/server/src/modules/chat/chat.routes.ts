import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ChatHooks, TestChatHookRequest, TestChatHookResponse, UpdateChatHooksRequest } from "@learnward/contracts";
import { companyPlaces, placeRoute } from "../../lib/company-places.ts";
import type { ChatRepo } from "./chat.repo.ts";
import type { ChatService } from "./chat.service.ts";
import { presentChatHooks } from "./chat.present.ts";

/**
 * The company's chat hooks: hr at /company/chat-hooks for their own company; a platform
 * operator at /admin/companies/:id/chat-hooks for any. The company is the path's or the caller's,
 * never a body's.
 */
export const chatRoutes: FastifyPluginAsyncZod<{ service: ChatService; repo: ChatRepo }> = async (app, { service, repo }) => {
  for (const place of companyPlaces("chat-hooks", (id) => repo.companyExists(id))) {
    app.get(
      place.base,
      placeRoute(place, { summary: "The company's Slack and Microsoft Teams webhook addresses", response: { 200: ChatHooks } }),
      async (req) => presentChatHooks(await service.read(req.actor, await place.company(req.actor, req.params))),
    );

    app.patch(
      place.base,
      placeRoute(place, {
        summary: "Connect or disconnect Slack and Microsoft Teams (https:// incoming-webhook addresses)",
        body: UpdateChatHooksRequest,
        response: { 200: ChatHooks },
      }),
      async (req) => presentChatHooks(await service.update(req.actor, await place.company(req.actor, req.params), req.body)),
    );

    app.post(
      `${place.base}/test`,
      placeRoute(place, {
        summary: "Post a test message to a saved address now, and answer whether the chat service took it",
        body: TestChatHookRequest,
        response: { 200: TestChatHookResponse },
      }),
      async (req) => service.test(req.actor, await place.company(req.actor, req.params), req.body.channel),
    );
  }
};
