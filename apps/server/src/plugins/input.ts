import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { AppError, badRequest } from "../lib/errors.ts";

const NUL = "\u0000";

/**
 * Where a NUL character sits in a parsed part of a request (`body.items.0.title`), or null.
 * Walks with its own stack: a 1 MB JSON body can nest deeper than the call stack.
 */
export function findNul(value: unknown, root: string): string | null {
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length > 0) {
    const [v, path] = stack.pop()!;
    if (typeof v === "string") {
      if (v.includes(NUL)) return path;
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], `${path}.${i}`]);
    } else if (v !== null && typeof v === "object" && !Buffer.isBuffer(v)) {
      for (const [k, x] of Object.entries(v)) {
        // The key itself cannot go into the message: name the object holding it.
        if (k.includes(NUL)) return path;
        stack.push([x, `${path}.${k}`]);
      }
    }
  }
  return null;
}

/**
 * spec §7: a client fills every parameter of its calls, empty when it has no value (`username=`,
 * `page_size=`). An empty parameter is an absent one, on every route, before its schema reads it
 * (an empty among repeated values is dropped the same way).
 */
export function blankQueryAsAbsent(query: unknown): void {
  if (query === null || typeof query !== "object") return;
  const q = query as Record<string, unknown>;
  for (const [key, value] of Object.entries(q)) {
    if (value === "") delete q[key];
    else if (Array.isArray(value)) {
      const kept = value.filter((v) => v !== "");
      if (kept.length === 0) delete q[key];
      else q[key] = kept.length === 1 ? kept[0] : kept;
    }
  }
}

/**
 * Input every route refuses, checked once here rather than in each of the contracts' text fields:
 * a query string that is not valid percent-encoding (the query parser would pass it on raw), and
 * NUL characters anywhere in the path parameters, query or body (PostgreSQL cannot store them in
 * text and answers 22021, which surfaced as a 500).
 */
export default fp(
  async function inputPlugin(app: FastifyInstance) {
    app.addHook("onRequest", async (req) => {
      const q = req.url.indexOf("?");
      if (q === -1) return;
      try {
        decodeURIComponent(req.url.slice(q + 1));
      } catch {
        throw badRequest("The query string is not valid percent-encoding");
      }
    });
    app.addHook("preValidation", async (req) => {
      blankQueryAsAbsent(req.query);
      const path = findNul(req.params, "params") ?? findNul(req.query, "querystring") ?? findNul(req.body, "body");
      if (path !== null) {
        const message = "Text may not contain NUL characters";
        throw new AppError("validation_error", 400, message, [{ path, message }]);
      }
    });
  },
  { name: "input" },
);
