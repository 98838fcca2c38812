import type { FastifyError, FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { AppError } from "../../lib/errors.ts";
import { discovery } from "./scim.discovery.ts";
import { ScimError, scimNotFound } from "./scim.errors.ts";
import { listResponse } from "./scim.present.ts";
import type { ScimRepo } from "./scim.repo.ts";
import { hashSecret } from "../../lib/secret-hash.ts";
import type { ScimGroupsService } from "./scim-groups.service.ts";
import { ListQuery, type ScimCaller, type ScimUsersService } from "./scim-users.service.ts";

declare module "fastify" {
  interface FastifyRequest {
    scimCaller?: ScimCaller;
  }
}

const SCIM_JSON = "application/scim+json; charset=utf-8";
const IdParams = z.object({ id: z.string() });
const caller = (req: FastifyRequest) => req.scimCaller!;
// SCIM routes answer the directory with its own bearer token, never a session: the app's gate stays out (no config.access outside /api/).
const doc = (summary: string) => ({ schema: { tags: ["scim"], summary } });

/**
 * /scim/v2 (RFC 7644): reached only with a company's SCIM token, only that company's
 * people; answers and refusals in SCIM's own shapes.
 */
export async function scimRoutes(
  app: FastifyInstance,
  { repo, users, groups, baseUrl }: { repo: ScimRepo; users: ScimUsersService; groups: ScimGroupsService; baseUrl: string },
) {
  app.addContentTypeParser("application/scim+json", { parseAs: "string" }, (_req, body, done) => {
    try {
      done(null, body === "" ? undefined : JSON.parse(body as string));
    } catch {
      done(new ScimError(400, "The body is not JSON", "invalidSyntax"), undefined);
    }
  });
  app.setErrorHandler((err: FastifyError | ScimError | AppError, req, reply) => {
    // The app's own guards (input checks) and Fastify's (body size, content type) refuse here too, in SCIM's shape.
    const status = err instanceof ScimError ? err.status : err instanceof AppError ? err.status : err instanceof z.ZodError ? 400 : (err.statusCode ?? 500);
    if (status >= 500) req.log.error({ err }, "SCIM request failed");
    const scim =
      err instanceof ScimError ? err : new ScimError(status, status >= 500 ? "Internal error" : err.message, status === 400 ? "invalidSyntax" : undefined);
    return reply.status(scim.status).type(SCIM_JSON).send(scim.body);
  });
  app.addHook("onSend", async (_req, reply, payload) => {
    if (reply.statusCode !== 204) reply.type(SCIM_JSON);
    return payload;
  });
  app.addHook("onRequest", async (req) => {
    const m = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? "");
    const token = m ? await repo.useToken(hashSecret(m[1]!)) : undefined;
    if (!token) throw new ScimError(401, "A valid SCIM bearer token is required");
    req.scimCaller = { companyId: token.companyId, prefix: token.prefix };
  });

  const d = discovery(baseUrl);
  const one = <T extends { id: string }>(list: T[], id: string, what: string) => {
    const found = list.find((x) => x.id === id);
    if (!found) throw scimNotFound(what);
    return found;
  };
  app.get("/ServiceProviderConfig", doc("What this SCIM service supports"), async () => d.serviceProviderConfig);
  app.get("/ResourceTypes", doc("The resource types served"), async () => listResponse(d.resourceTypes, d.resourceTypes.length, 1));
  app.get("/ResourceTypes/:id", doc("One resource type"), async (req) => one(d.resourceTypes, IdParams.parse(req.params).id, "Resource type"));
  app.get("/Schemas", doc("The schemas of the resources served"), async () => listResponse(d.schemas, d.schemas.length, 1));
  app.get("/Schemas/:id", doc("One schema"), async (req) => one(d.schemas, IdParams.parse(req.params).id, "Schema"));

  app.get("/Users", doc("List the company's people (filter userName eq, startIndex, count)"), async (req) => {
    const q = ListQuery.safeParse(req.query);
    if (!q.success) throw new ScimError(400, "startIndex and count are integers", "invalidValue");
    return users.list(caller(req), q.data);
  });
  app.get("/Users/:id", doc("One person of the company"), async (req) => users.get(caller(req), IdParams.parse(req.params).id));
  app.post("/Users", doc("Create a person (userName is the email, of the company's domain)"), async (req, reply) =>
    reply.status(201).send(await users.create(caller(req), req.body)),
  );
  app.put("/Users/:id", doc("Replace a person's name and active state"), async (req) => users.replace(caller(req), IdParams.parse(req.params).id, req.body));
  app.patch("/Users/:id", doc("Change a person (PatchOp, Okta's and Azure AD's shapes); active false deactivates and signs out"), async (req) =>
    users.patch(caller(req), IdParams.parse(req.params).id, req.body),
  );
  app.delete("/Users/:id", doc("Delete a person for the directory: the account is deactivated and signed out"), async (req, reply) => {
    await users.remove(caller(req), IdParams.parse(req.params).id);
    return reply.status(204).send();
  });

  app.get("/Groups", doc("List the company's teams (filter displayName eq, startIndex, count)"), async (req) => {
    const q = ListQuery.safeParse(req.query);
    if (!q.success) throw new ScimError(400, "startIndex and count are integers", "invalidValue");
    return groups.list(caller(req), q.data);
  });
  app.get("/Groups/:id", doc("One team of the company with its people"), async (req) => groups.get(caller(req), IdParams.parse(req.params).id));
  app.post("/Groups", doc("Create a team, with members"), async (req, reply) => reply.status(201).send(await groups.create(caller(req), req.body)));
  app.patch("/Groups/:id", doc("Rename a team, add or remove its people (PatchOp)"), async (req) =>
    groups.patch(caller(req), IdParams.parse(req.params).id, req.body),
  );
  app.delete("/Groups/:id", doc("Delete a team: its people stay, without a team"), async (req, reply) => {
    await groups.remove(caller(req), IdParams.parse(req.params).id);
    return reply.status(204).send();
  });
}
