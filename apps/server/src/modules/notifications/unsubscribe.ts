import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ErrorBody, UnsubscribeResponse, type NotificationKind } from "@learnward/contracts";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import type { MailChoicesRepo } from "./mail-choices.repo.ts";
import type { UnsubscribeTokens } from "./unsubscribe.token.ts";

const TokenParam = z.object({ token: z.string().min(1).max(200).describe("The signed token of an unsubscribe link") });

/**
 * One-click unsubscribe (RFC 8058): what a mail client POSTs to from the List-Unsubscribe
 * header, and what the /unsubscribe/:token page's button calls. No session: the signed token names the
 * person and what to turn off (one kind, or every kind a digest gathers).
 */
export const unsubscribeRoutes: FastifyPluginAsyncZod<{ db: Db; repo: MailChoicesRepo; tokens: UnsubscribeTokens }> = async (app, { db, repo, tokens }) => {
  // RFC 8058: the client sends "List-Unsubscribe=One-Click" as a form; the token alone decides.
  app.addContentTypeParser(["application/x-www-form-urlencoded", "multipart/form-data"], { parseAs: "string" }, (_req, _body, done) => done(null, undefined));

  app.post(
    "/api/unsubscribe/:token",
    {
      config: { access: "public" },
      schema: {
        tags: ["notifications"],
        summary: "Turn off the mail an unsubscribe link names (RFC 8058 one-click; no session)",
        params: TokenParam,
        response: { 200: UnsubscribeResponse, 400: ErrorBody },
      },
    },
    async (req) => {
      const named = tokens.verify(req.params.token);
      if (!named || !(await repo.exists(named.accountId))) throw new AppError("invalid_token", 400, "This unsubscribe link is not valid");
      const kinds = await db.transaction(async (tx) => {
        const off: NotificationKind[] =
          named.scope === "daily" || named.scope === "weekly" ? await repo.kindsAt(tx, named.accountId, named.scope) : [named.scope];
        await repo.choose(tx, named.accountId, Object.fromEntries(off.map((k) => [k, "off"])));
        return off;
      });
      return { kinds };
    },
  );
};
