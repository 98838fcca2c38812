import { z } from "zod";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AddStarterCatalogResponse, CatalogFeed, CreateCatalogFeedRequest, ErrorBody, IdParam, PageQuery, Paginated } from "@learnward/contracts";
import { authorize } from "../../lib/actor.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { pageParams, toPage } from "../../lib/pagination.ts";
import type { FeedsService } from "./feeds.service.ts";
import { FEED_MANAGERS, libraryPolicy, STARTER_CATALOG_ADDERS } from "./library.policy.ts";
import type { StarterService } from "./starter.service.ts";
import type { CatalogFeedRow, SupplyRepo } from "./supply.repo.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const FEEDS = "/api/b2b/v1/catalog-feeds";

const iso = (d: Date | null) => d?.toISOString() ?? null;
const present = (f: CatalogFeedRow): CatalogFeed => ({
  id: f.id,
  company_id: f.companyId,
  url: f.url,
  title: f.title,
  kind: f.kind,
  skills: f.skills,
  status: f.status,
  last_error: f.lastError as CatalogFeed["last_error"],
  last_refreshed_at: iso(f.lastRefreshedAt),
  last_attempt_at: iso(f.lastAttemptAt),
  next_refresh_at: f.nextRefreshAt.toISOString(),
  item_count: f.itemCount,
  created_at: f.createdAt.toISOString(),
});

/** Content supply: the starter catalog in one click, and the feeds the company catalog follows. */
export const supplyRoutes: FastifyPluginAsyncZod<{ repo: SupplyRepo; starter: StarterService; feeds: FeedsService }> = async (
  app,
  { repo, starter, feeds },
) => {
  app.post(
    "/api/b2b/v1/companies/:id/starter-catalog",
    {
      config: { access: STARTER_CATALOG_ADDERS },
      schema: {
        tags: ["library"],
        summary: "Add the starter catalog (the open items the demo uses, with their skills) to a company; a second call adds nothing",
        params: IdParam,
        response: { 200: AddStarterCatalogResponse, ...errors },
      },
    },
    async (req) => {
      const company = { id: req.params.id };
      authorize(req.actor, libraryPolicy.addStarterCatalog, company, "not_found");
      if (!(await repo.companyExists(company.id))) throw new AppError("company_not_found", 404, "Company not found");
      const ownPerson = req.actor.companyId === company.id ? req.actor.accountId : null;
      return starter.add(req.actor.accountId, company.id, ownPerson);
    },
  );

  /** The caller's company's feed, or not found (another company's id says nothing about it). */
  async function ownFeed(companyId: number, id: number) {
    const feed = await repo.feed(companyId, id);
    if (!feed) throw notFound("Feed");
    return feed;
  }
  const access = { access: FEED_MANAGERS };

  app.get(
    FEEDS,
    {
      config: access,
      schema: {
        tags: ["library"],
        summary: "The feeds the company catalog follows: each one's status, last refresh, items added and last error",
        querystring: PageQuery,
        response: { 200: Paginated(CatalogFeed), ...errors },
      },
    },
    async (req) => {
      authorize(req.actor, libraryPolicy.manageCatalogFeeds, { companyId: req.companyId });
      const p = pageParams(req.query, req.query.page_size ?? 50);
      const { rows, count } = await repo.feeds(req.companyId, p);
      return toPage(req, p, count, rows.map(present));
    },
  );

  app.post(
    FEEDS,
    {
      config: access,
      schema: {
        tags: ["library"],
        summary: "Subscribe the company catalog to a feed (RSS, Atom, podcast, or a YouTube channel or playlist); a job reads it",
        body: CreateCatalogFeedRequest,
        response: { 201: CatalogFeed, ...errors },
      },
    },
    async (req, reply) => {
      // The company named in the body is checked exactly like an id in the path.
      const companyId = req.body.company_id ?? req.companyId;
      authorize(req.actor, libraryPolicy.manageCatalogFeeds, { companyId }, "not_found");
      return reply.status(201).send(present(await feeds.subscribe(req.actor.accountId, companyId, req.body)));
    },
  );

  app.post(
    `${FEEDS}/:id/refresh`,
    {
      config: access,
      schema: {
        tags: ["library"],
        summary: "Read the feed again now (a job does; the answer is the feed as it stands)",
        params: IdParam,
        response: { 202: CatalogFeed, ...errors },
      },
    },
    async (req, reply) => {
      authorize(req.actor, libraryPolicy.manageCatalogFeeds, { companyId: req.companyId });
      const feed = await ownFeed(req.companyId, req.params.id);
      return reply.status(202).send(present(await feeds.refreshNow(feed)));
    },
  );

  app.delete(
    `${FEEDS}/:id`,
    {
      config: access,
      schema: {
        tags: ["library"],
        summary: "Unsubscribe from a feed; the items it added stay in the catalog",
        params: IdParam,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      authorize(req.actor, libraryPolicy.manageCatalogFeeds, { companyId: req.companyId });
      await feeds.unsubscribe(req.actor.accountId, await ownFeed(req.companyId, req.params.id));
      return reply.status(204).send(null);
    },
  );
};
