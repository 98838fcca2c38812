import type { FastifyError, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { ErrorCode } from "@learnward/contracts";
import { AppError } from "../lib/errors.ts";
import { localisedSpecMessage, requestLocale } from "../lib/locale.ts";

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

// PostgreSQL data exceptions only a value sent to it causes: text with NUL or untranslatable
// characters (22021, 22P05), dates it cannot read or that do not exist (22007, 22008). Validation
// should refuse them first (plugins/input.ts, contracts' IsoDate); any that slips by is still the
// caller's bad input, not our failure.
const BAD_VALUE_CODES = new Set(["22021", "22P05", "22007", "22008"]);

type Cause = { code?: unknown; message?: unknown; cause?: unknown };
/** The error and its causes (drivers and Drizzle wrap the server's error), a few deep. */
function* causes(err: unknown): Generator<Cause> {
  for (let e = err as Cause | undefined, depth = 0; e && depth < 5; e = e.cause as Cause | undefined, depth++) yield e;
}

/** The database is unreachable: the error or any of its causes says so. */
export function isDatabaseDown(err: unknown): boolean {
  for (const e of causes(err)) {
    if (typeof e.code === "string" && DB_DOWN_CODES.has(e.code)) return true;
    if (typeof e.message === "string" && DB_DOWN_TEXT.test(e.message)) return true;
  }
  return false;
}

const isBadValue = (err: unknown) => [...causes(err)].some((e) => typeof e.code === "string" && BAD_VALUE_CODES.has(e.code));

/** One error handler: every failure answers `{ error: { code, message, details? } }`; 5xx hide internals. */
export default fp(
  async function errorsPlugin(app: FastifyInstance) {
    app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
      if (err instanceof AppError) {
        if (err.headers) reply.headers(err.headers);
        return reply.status(err.status).send({
          error: {
            code: err.code,
            message: localisedSpecMessage(err.message, requestLocale(req)),
            ...(err.details !== undefined ? { details: err.details } : {}),
          },
        });
      }
      const fe = err as FastifyError;
      if (fe.validation) {
        return reply.status(400).send({
          error: {
            code: "validation_error",
            message: `Invalid ${fe.validationContext ?? "request"}`,
            details: fe.validation.map((v) => ({
              path: [
                fe.validationContext,
                ...String(v.instancePath || "")
                  .split("/")
                  .filter(Boolean),
              ]
                .filter(Boolean)
                .join("."),
              message: v.message,
            })),
          },
        });
      }
      const status = fe.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        return reply.status(status).send({ error: { code: STATUS_CODES[status] ?? "bad_request", message: fe.message || "Bad request" } });
      }
      if (isBadValue(err)) {
        // Logged: a value the route's validation let through is a rule to add there.
        req.log.warn({ err }, "value refused by the database");
        return reply.status(400).send({ error: { code: "bad_request", message: "A value in the request cannot be stored (invalid characters or date)" } });
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
