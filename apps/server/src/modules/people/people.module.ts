import type { Auth, IdentityService } from "../identity/index.ts";
import type { Module, ModuleContext } from "../module.ts";
import { employeesRoutes } from "./employees.routes.ts";
import { invitationsRoutes } from "./invitations.routes.ts";
import { createPeopleRepo } from "./people.repo.ts";
import { createPeopleService } from "./people.service.ts";
import { createTeamDirectoryRepo } from "./team-directory.repo.ts";
import { createTeamDirectory } from "./team-directory.service.ts";
import { createRequestsRepo } from "./requests.repo.ts";
import { requestsRoutes } from "./requests.routes.ts";
import { teamsRoutes } from "./teams.routes.ts";

/** People of a company: employees, teams, invitations and the requests to add people. */
export function peopleModule(ctx: ModuleContext, deps: { auth: Auth; identity: IdentityService }) {
  const repo = createPeopleRepo(ctx.database.db);
  const requests = createRequestsRepo(ctx.database.db);
  const directory = createTeamDirectory({ db: ctx.database.db, events: ctx.events, people: repo, repo: createTeamDirectoryRepo(ctx.database.db) });
  const service = createPeopleService({
    db: ctx.database.db,
    events: ctx.events,
    people: repo,
    directory,
    requests,
    mailer: ctx.mailer,
    clock: ctx.clock,
    publicUrl: ctx.config.publicUrl,
  });
  return {
    name: "people",
    repo,
    /** A company's teams as its directory changes them (SCIM), and a person as single sign-on places them. */
    teams: directory,
    service,
    plugin: async (app) => {
      await app.register(teamsRoutes, { people: repo, service });
      await app.register(employeesRoutes, { people: repo, service });
      await app.register(requestsRoutes, { requests, service });
      await app.register(invitationsRoutes, { requests, service, auth: deps.auth, identity: deps.identity, clock: ctx.clock });
    },
  } satisfies Module & Record<string, unknown>;
}
