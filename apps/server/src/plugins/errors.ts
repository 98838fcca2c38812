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

// PostgreSQL connection failures and shutdowns (class 08, 57P0x) and the driver's own words for them.
const DB_DOWN_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "57P01", "57P02", "57P03", "08000", "08001", "08003", "08004", "08006"]);
const DB_DOWN_TEXT = /Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect|Client has encountered a connection error/i;

/** The database is unreachable: the error or any of its causes says so. */
export function isDatabaseDown(err: unknown): boolean {
  for (let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.code === "string" && DB_DOWN_CODES.has(e.code)) return true;
    if (typeof e.message === "string" && DB_DOWN_TEXT.test(e.message)) return true;
  }
  return false;
}

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
      if (isDatabaseDown(err)) {
        req.log.warn({ err }, "database unavailable");
        return reply
          .status(503)
          .header("retry-after", "5")
          .send({ error: { code: "service_unavailable", message: "The database is unavailable; try again in a moment" } });
      }
      req.log.error({ err }, "unhandled error");
      return reply.status(500).send({ error: { code: "internal_error", message: "Something went wrong on our side" } });
    });
  },
  { name: "errors" },
);
