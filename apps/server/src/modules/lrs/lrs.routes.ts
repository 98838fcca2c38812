import { z } from "zod";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  CreateLrsCredentialRequest,
  ErrorBody,
  IdParam,
  LrsCredential,
  LrsCredentialList,
  LrsCredentialWithSecret,
  SaveXapiActivityMappingRequest,
  XapiActivityMapping,
  XapiUnapplied,
} from "@learnward/contracts";
import type { LrsCredentialsService } from "./lrs-credentials.service.ts";
import type { LrsMappingsService } from "./lrs-mappings.service.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const CREDENTIALS = "/api/b2b/v1/company/lrs-credentials";
const MAPPINGS = "/api/b2b/v1/company/xapi-activity-mappings";
const UNAPPLIED = "/api/b2b/v1/company/xapi-unapplied";
// Who may call (lrs.policy decides the rest): the company's hr and L&D leader.
const managers = { access: ["hr", "ldleader"] as const };
const doc = <T extends object>(summary: string, more: T) => ({ tags: ["lrs"], summary, ...more });

/** The company's learning record store in Settings: credentials, activity mappings, statements waiting. */
export const lrsRoutes: FastifyPluginAsyncZod<{ credentials: LrsCredentialsService; mappings: LrsMappingsService; endpoint: string }> = async (
  app,
  { credentials, mappings, endpoint },
) => {
  app.get(
    CREDENTIALS,
    {
      config: managers,
      schema: doc("The company's LRS credentials (never their secrets) and the xAPI endpoint", { response: { 200: LrsCredentialList, ...errors } }),
    },
    async (req) => ({
      endpoint,
      results: await credentials.list(req.actor, req.companyId),
    }),
  );
  app.post(
    CREDENTIALS,
    {
      config: managers,
      schema: doc("Create a credential: the answer holds its secret once", {
        body: CreateLrsCredentialRequest,
        response: { 201: LrsCredentialWithSecret, ...errors },
      }),
    },
    async (req, reply) => reply.status(201).send(await credentials.create(req.actor, req.companyId, req.body.name)),
  );
  app.patch(
    `${CREDENTIALS}/:id`,
    {
      config: managers,
      schema: doc("Rename a credential", { params: IdParam, body: CreateLrsCredentialRequest, response: { 200: LrsCredential, ...errors } }),
    },
    async (req) => credentials.rename(req.actor, req.companyId, req.params.id, req.body.name),
  );
  app.post(
    `${CREDENTIALS}/:id/rotate`,
    {
      config: managers,
      schema: doc("Replace a credential's secret: the answer holds the new one once; the old one stops working", {
        params: IdParam,
        response: { 200: LrsCredentialWithSecret, ...errors },
      }),
    },
    async (req) => credentials.rotate(req.actor, req.companyId, req.params.id),
  );
  app.post(
    `${CREDENTIALS}/:id/revoke`,
    {
      config: managers,
      schema: doc("Revoke a credential: its calls are refused (403) from now on", { params: IdParam, response: { 200: LrsCredential, ...errors } }),
    },
    async (req) => credentials.revoke(req.actor, req.companyId, req.params.id),
  );

  app.get(
    MAPPINGS,
    { config: managers, schema: doc("Which catalog item each outside activity id is", { response: { 200: z.array(XapiActivityMapping), ...errors } }) },
    async (req) => mappings.list(req.actor, req.companyId),
  );
  app.post(
    MAPPINGS,
    {
      config: { ...managers, access: ["ldleader"] as const },
      schema: doc("Say which catalog item an activity id is; its statements that waited for an item are applied", {
        body: SaveXapiActivityMappingRequest,
        response: { 200: XapiActivityMapping, ...errors },
      }),
    },
    async (req) => mappings.save(req.actor, req.companyId, req.body),
  );
  app.delete(
    `${MAPPINGS}/:id`,
    {
      config: { ...managers, access: ["ldleader"] as const },
      schema: doc("Remove a mapping (statements already applied stay applied)", { params: IdParam, response: { 204: z.null(), ...errors } }),
    },
    async (req, reply) => {
      await mappings.remove(req.actor, req.companyId, req.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    UNAPPLIED,
    {
      config: managers,
      schema: doc("Statements kept but not applied: by unknown person, and by unknown activity", { response: { 200: XapiUnapplied, ...errors } }),
    },
    async (req) => mappings.unapplied(req.actor, req.companyId),
  );
  app.post(
    `${UNAPPLIED}/retry`,
    { config: managers, schema: doc("Try the waiting statements again now (a job does)", { response: { 202: z.null(), ...errors } }) },
    async (req, reply) => {
      await mappings.retry(req.actor, req.companyId);
      return reply.status(202).send(null);
    },
  );
};
