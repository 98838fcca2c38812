import type { Module, ModuleContext } from "../module.ts";
import type { PeopleRepo } from "../people/index.ts";
import { createSkillsRepo } from "./skills.repo.ts";
import { skillsRoutes } from "./skills.routes.ts";
import { createSkillsService } from "./skills.service.ts";
import { subscribeSkills } from "./skills.subscribers.ts";

/** Skill levels: self and manager ratings, and evidence from completed paths and plans. */
export function skillsModule(ctx: ModuleContext, deps: { people: PeopleRepo }) {
  const repo = createSkillsRepo(ctx.database.db);
  const service = createSkillsService({ db: ctx.database.db, repo, people: deps.people });
  subscribeSkills(ctx.events, service);
  return {
    name: "skills",
    plugin: async (app) => {
      await app.register(skillsRoutes, { service });
    },
  } satisfies Module & Record<string, unknown>;
}
