import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  Certificate,
  CertificateCodeParam,
  CertificatesQuery,
  ErrorBody,
  IdParam,
  Paginated,
  PublicCertificate,
  RevokeCertificateRequest,
} from "@learnward/contracts";
import { COMPANY_ROLES } from "../../lib/actor.ts";
import { AppError } from "../../lib/errors.ts";
import { presentPage } from "../../lib/pagination.ts";
import type { CertificatesService } from "./certificates.service.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const access = { access: COMPANY_ROLES };

/** Codes are guessed by nobody (about 59 random bits), and trying is slowed down per address all the same. */
const VERIFY_RATE = { max: 30, timeWindow: 60_000 };

/** Certificates of completion: a person's own, their PDF, hr's revocation, and the public verification by code. */
export const certificatesRoutes: FastifyPluginAsyncZod<{ service: CertificatesService }> = async (app, { service }) => {
  app.get(
    "/api/b2b/v1/certificates",
    {
      config: access,
      schema: {
        tags: ["certificates"],
        summary: "A person's certificates, newest first: mine, or (for hr) anyone's of the company",
        querystring: CertificatesQuery.extend({ page_size: CertificatesQuery.shape.page_size.default(20) }),
        response: { 200: Paginated(Certificate), ...errors },
      },
    },
    async (req) =>
      presentPage(
        req,
        (p) => service.listOf(req.actor, { account: req.query.account, username: req.query.username }, p),
        (c) => service.present(req.actor, c),
      ),
  );

  app.get(
    "/api/b2b/v1/certificates/:id",
    {
      config: access,
      schema: {
        tags: ["certificates"],
        summary: "One certificate (its holder, and hr of the company)",
        params: IdParam,
        response: { 200: Certificate, ...errors },
      },
    },
    async (req) => service.present(req.actor, await service.load(req.actor, req.params.id)),
  );

  app.get(
    "/api/b2b/v1/certificates/:id/pdf",
    {
      config: access,
      schema: {
        tags: ["certificates"],
        summary: "The certificate as a PDF in its holder's language (its holder, and hr of the company)",
        params: IdParam,
        response: { 200: z.any().describe("The PDF bytes (application/pdf), as an attachment"), ...errors },
      },
    },
    async (req, reply) => {
      const { pdf, filename } = await service.pdf(req.actor, req.params.id);
      return reply
        .type("application/pdf")
        .header("content-disposition", `attachment; filename="${filename}"`)
        .header("cache-control", "private, no-store")
        .send(pdf);
    },
  );

  app.post(
    "/api/b2b/v1/certificates/:id/revoke",
    {
      config: { access: ["hr"] },
      schema: {
        tags: ["certificates"],
        summary: "Revoke a certificate with the reason (hr of the company); its verification page then says so",
        params: IdParam,
        body: RevokeCertificateRequest,
        response: { 200: Certificate, ...errors },
      },
    },
    async (req) => service.revoke(req.actor, req.params.id, req.body.reason),
  );

  // No session: whoever was shown a certificate checks it here; the code is all it takes.
  app.get(
    "/api/public/certificates/:code",
    {
      config: {
        access: "public",
        rateLimit: {
          ...VERIFY_RATE,
          errorResponseBuilder: (_req, ctx) => new AppError("rate_limited", 429, `Too many attempts. Try again in ${ctx.after}.`),
        },
      },
      schema: {
        tags: ["certificates"],
        summary: "What a certificate states and whether it is valid, revoked or expired; nothing else about the person",
        params: CertificateCodeParam,
        response: { 200: PublicCertificate, 400: ErrorBody, 404: ErrorBody, 429: ErrorBody },
      },
    },
    async (req) => service.verify(req.params.code),
  );
};
