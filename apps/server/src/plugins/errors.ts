import type { FastifyError, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { ErrorCode } from "@learnward/contracts";
import { AppError } from "../lib/errors.ts";

const STATUS_CODES: Record<number, ErrorCode> = {
  401: "unauthenticated",
  403: "forbidden",
  404: "not_found",
  409: "conflict",
  413: "payload_too_large",
  415: "unsupported_media_type",
  429: "rate_limited",
  503: "service_unavailable",
};

/** One error handler: every failure answers `{ error: { code, message, details? } }`; 5xx hide internals. */
export default fp(
  async function errorsPlugin(app: FastifyInstance) {
    app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
      if (err instanceof AppError) {
        if (err.headers) reply.headers(err.headers);
        return reply
          .status(err.status)
          .send({ error: { code: err.code, message: err.message, ...(err.details !== undefined ? { details: err.details } : {}) } });
      }
      const fe = err as FastifyError;
      if (fe.validation) {
        return reply.status(400).send({
          error: {
            code: "validation_error",
            message: `Invalid ${fe.validationContext ?? "request"}`,
            details: fe.validation.map((v) => ({
              path: [fe.validationContext, ...String(v.instancePath || "").split("/").filter(Boolean)].filter(Boolean).join("."),
              message: v.message,
            })),
          },
        });
      }
      const status = fe.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        return reply
          .status(status)
          .send({ error: { code: STATUS_CODES[status] ?? "bad_request", message: fe.message || "Bad request" } });
      }
      req.log.error({ err }, "unhandled error");
      return reply.status(500).send({ error: { code: "internal_error", message: "Something went wrong on our side" } });
    });
  },
  { name: "errors" },
);
