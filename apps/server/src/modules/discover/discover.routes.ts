import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  DiscoverQuery,
  DiscoverResponse,
  DiscoverRowQuery,
  ErrorBody,
  RecommendationsResponse,
  TRENDING_WINDOW_DAYS,
  TrendingResponse,
  type DiscoverResult,
} from "@learnward/contracts";
import { COMPANY_ROLES } from "../../lib/actor.ts";
import { pageParams, toPage } from "../../lib/pagination.ts";
import { type CollectionsService, presentSummary } from "../network/index.ts";
import { allWordsQuery, type DiscoverRepo } from "./discover.repo.ts";
import { presentDiscoverContent } from "./discover.present.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };
const access = { access: COMPANY_ROLES };

/** spec §5: a leading # is stripped from search terms. */
const searchTerm = (raw: string | undefined) => raw?.trim().replace(/^#+/, "").trim() || undefined;

/** Discover: the company catalog, published collections and people's public saves. */
export const discoverRoutes: FastifyPluginAsyncZod<{ repo: DiscoverRepo; collections: CollectionsService }> = async (app, { repo, collections }) => {
  app.get(
    "/api/b2b/v1/discover",
    {
      config: access,
      schema: {
        tags: ["discover"],
        summary: "Search the company catalog and its published collections, with filters and facet counts",
        querystring: DiscoverQuery,
        response: { 200: DiscoverResponse, ...errors },
      },
    },
    async (req) => {
      const { actor, companyId } = req;
      const q = req.query;
      const term = searchTerm(q.search);
      const filter = {
        companyId,
        q: term ? allWordsQuery(term) : null,
        type: q.type,
        provider: q.provider || undefined,
        skill: q.skill || undefined,
        duration: q.duration,
        language: q.language,
        kind: q.kind,
      };
      const p = pageParams(q, q.page_size);
      const [hits, facets] = await Promise.all([repo.search(filter, p.limit, p.offset), repo.facets(filter)]);
      const contentIds = hits.filter((h) => h.kind === "content").map((h) => Number(h.id));
      const [contents, summaries] = await Promise.all([
        repo.contents(companyId, actor.accountId, contentIds),
        Promise.all(hits.filter((h) => h.kind === "collection").map((h) => collections.summary(actor.accountId, Number(h.id)))),
      ]);
      const contentById = new Map(contents.map((c) => [c.id, c]));
      const summaryById = new Map(summaries.filter((s) => s !== undefined).map((s) => [s.c.id, s]));
      const results: DiscoverResult[] = [];
      for (const h of hits) {
        const id = Number(h.id);
        if (h.kind === "content" && contentById.has(id)) results.push(presentDiscoverContent(contentById.get(id)!));
        if (h.kind === "collection" && summaryById.has(id)) results.push({ kind: "collection", collection: presentSummary(summaryById.get(id)!) });
      }
      const count = (q.kind !== "collection" ? facets.kind[0]!.count : 0) + (q.kind !== "content" ? facets.kind[1]!.count : 0);
      return { ...toPage(req, p, count, results), facets };
    },
  );

  app.get(
    "/api/b2b/v1/discover/trending",
    {
      config: access,
      schema: {
        tags: ["discover"],
        summary: "Trending in my company: most saved and completed over the last 30 days",
        querystring: DiscoverRowQuery,
        response: { 200: TrendingResponse, ...errors },
      },
    },
    async (req) => {
      const { actor, companyId } = req;
      const rows = await repo.trending(companyId, req.query.limit);
      const contents = await repo.contents(
        companyId,
        actor.accountId,
        rows.map((r) => Number(r.id)),
      );
      const stats = new Map(rows.map((r) => [Number(r.id), r]));
      return {
        window_days: TRENDING_WINDOW_DAYS,
        results: contents.map((c) => ({
          ...presentDiscoverContent(c),
          saves_30d: Number(stats.get(c.id)!.saves),
          completions_30d: Number(stats.get(c.id)!.completions),
        })),
      };
    },
  );

  app.get(
    "/api/b2b/v1/discover/recommendations",
    {
      config: access,
      schema: {
        tags: ["discover"],
        summary: "For me: items on the skills of my plans and like what I finished, else popular in my company",
        querystring: DiscoverRowQuery,
        response: { 200: RecommendationsResponse, ...errors },
      },
    },
    async (req) => {
      const { actor, companyId } = req;
      const limit = req.query.limit;
      const [plans, finished] = await Promise.all([repo.planSkills(companyId, actor.accountId, actor.teamId), repo.finished(actor.accountId)]);
      const planSkills = plans.map((p) => p.skill);
      const finishedSkills = [...new Set(finished.flatMap((f) => f.skills))].filter((s) => !planSkills.includes(s));
      const ids = (planSkills.length || finishedSkills.length ? await repo.recommend(companyId, actor.accountId, planSkills, finishedSkills, limit) : []).map(
        (r) => Number(r.id),
      );
      // Too few on my skills: fill with what is popular in the company, a mix of content types.
      if (ids.length < limit) {
        const more = (
          await repo.contents(
            companyId,
            actor.accountId,
            (await repo.recommend(companyId, actor.accountId, [], [], limit * 4)).map((r) => Number(r.id)),
          )
        ).filter((c) => !ids.includes(c.id));
        const byType = new Map<string, typeof more>();
        for (const c of more) byType.set(c.contentType, [...(byType.get(c.contentType) ?? []), c]);
        for (let round = 0; ids.length < limit && round < limit; round++) {
          for (const list of byType.values()) if (ids.length < limit && list[round]) ids.push(list[round]!.id);
        }
      }
      const contents = await repo.contents(companyId, actor.accountId, ids);
      const planTitle = new Map(plans.map((p) => [p.skill, p.title]));
      return {
        plan_skills: planSkills,
        finished_skills: finishedSkills,
        results: contents.map((c) => {
          const planSkill = c.skills.find((s) => planTitle.has(s));
          const finishedSkill = planSkill ? undefined : c.skills.find((s) => finishedSkills.includes(s));
          const reason = planSkill
            ? { kind: "plan" as const, skill: planSkill, source: planTitle.get(planSkill) ?? null }
            : finishedSkill
              ? { kind: "finished" as const, skill: finishedSkill, source: finished.find((f) => f.skills.includes(finishedSkill))?.title ?? null }
              : { kind: c.saversCount > 0 ? ("popular" as const) : ("new" as const), skill: null, source: null };
          return { ...presentDiscoverContent(c), reason };
        }),
      };
    },
  );
};
