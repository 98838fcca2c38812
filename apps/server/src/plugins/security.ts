import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import helmet from "helmet";
import cors from "@fastify/cors";
import compress from "@fastify/compress";
import { AppError } from "../lib/errors.ts";
import { carriesAuthCookie } from "../lib/actor-cache.ts";
import { EXTENSION_REQUEST_HEADERS, extensionOrigins } from "./extension-origins.ts";

/** The third parties a page may load (spec §1), as configured; absent ones add nothing. */
export interface ThirdParties {
  chatWidgetUrl?: string;
  tagManagerId?: string;
}

/** Google Tag Manager, and the Google Analytics endpoints its tags send to (Google's CSP guide). */
const TAG_MANAGER = {
  script: ["https://www.googletagmanager.com"],
  connect: ["https://www.googletagmanager.com", "https://*.google-analytics.com", "https://*.analytics.google.com"],
};

/**
 * What the Content-Security-Policy adds for the configured third parties: the chat widget's host may
 * run its script, call home and show its frame; the tag manager may run and send. Images are allowed
 * from any https host already.
 */
export function thirdPartySources({ chatWidgetUrl, tagManagerId }: ThirdParties) {
  const chat = chatWidgetUrl ? [new URL(chatWidgetUrl).origin] : [];
  return {
    script: [...chat, ...(tagManagerId ? TAG_MANAGER.script : [])],
    connect: [...chat, ...(tagManagerId ? TAG_MANAGER.connect : [])],
    frame: chat,
  };
}

/** The headers a helmet middleware sets, read once from a response that only records them. */
function headersOf(middleware: ReturnType<typeof helmet>): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let failed: unknown;
  // A stand-in, not a response: helmet only sets and removes headers on it (the whole ServerResponse is never built).
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => void (failed = err));
  if (failed) throw failed;
  return headers;
}

/**
 * An API under `prefix` that answers any origin's CORS without credentials: a caller sends its own
 * credential in a header, which no other site can make a browser send for it.
 */
export interface OpenApi {
  prefix: string;
  methods: string[];
  allowedHeaders: string[];
  exposedHeaders: string[];
}

/** Security headers, CORS allow-list, compression, and a foreign-Origin refusal for writes. */
export default fp(
  async function securityPlugin(
    app: FastifyInstance,
    opts: {
      publicUrl: string;
      sameOrigins: string[];
      corsOrigins: string[];
      /** Browser extensions admitted on the extension's calls; unset or empty: any extension. */
      extensionIds?: string[];
      /** APIs that any site's pages may call, never with cookies (their own credential in a header). */
      openApis?: OpenApi[];
      thirdParties?: ThirdParties;
    },
  ) {
    const https = opts.publicUrl.startsWith("https://");
    const extra = thirdPartySources(opts.thirdParties ?? {});
    // helmet's headers, computed once: they depend on the configuration, never on the request.
    // @fastify/helmet rebuilt the middleware (and re-parsed the CSP) on every request, a tenth of a hot
    // route's time in the library bench; running helmet's middleware per request still cost a setHeader
    // (with its checks) per header. Fastify writes them with its own headers, in one go.
    const securityHeaders = headersOf(
      helmet({
        contentSecurityPolicy: {
          useDefaults: false,
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: ["'self'", ...extra.script],
            // MUI (emotion) injects style tags at run time.
            styleSrc: ["'self'", "'unsafe-inline'"],
            imgSrc: ["'self'", "data:", "https:"],
            fontSrc: ["'self'", "data:"],
            connectSrc: ["'self'", ...extra.connect],
            // Frames fall back to default-src 'self' unless a chat widget shows one.
            ...(extra.frame.length ? { frameSrc: ["'self'", ...extra.frame] } : {}),
            objectSrc: ["'none'"],
            baseUri: ["'self'"],
            formAction: ["'self'"],
            frameAncestors: ["'none'"],
          },
        },
        hsts: https ? { maxAge: 31536000, includeSubDomains: true } : false,
        referrerPolicy: { policy: "strict-origin-when-cross-origin" },
        crossOriginEmbedderPolicy: false,
      }),
    );
    app.addHook("onRequest", (_req, reply, done) => {
      reply.headers(securityHeaders);
      done();
    });
    const extensions = extensionOrigins(opts.extensionIds);
    const webOrigins = new Set(opts.corsOrigins.map((o) => new URL(o).origin));
    // Configured web origins (another app of the customer's) get CORS with credentials on every route;
    // an admitted browser extension only on the calls it makes, for the methods it uses, without
    // credentials (it sends a bearer token); any other origin gets no CORS header at all.
    await app.register(cors, {
      delegator: (req, done) => {
        const origin = req.headers.origin;
        const open = opts.openApis?.find((api) => req.url.startsWith(api.prefix));
        if (origin && open) {
          const { methods, allowedHeaders, exposedHeaders } = open;
          return done(null, { origin, credentials: false, methods, allowedHeaders, exposedHeaders, maxAge: 600 });
        }
        if (origin && webOrigins.has(origin)) {
          return done(null, { origin: opts.corsOrigins, credentials: true, exposedHeaders: ["set-auth-token", "x-request-id"] });
        }
        const methods = extensions.methodsFor(origin, req.url);
        const asked = req.method === "OPTIONS" ? req.headers["access-control-request-method"] : req.method;
        if (!methods || typeof asked !== "string" || !methods.includes(asked.toUpperCase())) return done(null, { origin: false });
        done(null, {
          origin,
          credentials: false,
          methods: [...methods],
          allowedHeaders: EXTENSION_REQUEST_HEADERS,
          exposedHeaders: ["x-request-id"],
          maxAge: 600,
        });
      },
    });
    await app.register(compress, { encodings: ["br", "gzip"], threshold: 1024 });

    // Never the request's own Host: a rebound DNS name would make any site "same origin".
    const allowed = new Set([...opts.sameOrigins, ...opts.corsOrigins].map((o) => new URL(o).origin));
    app.addHook("onRequest", async (req) => {
      if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return;
      if (req.routeOptions.config?.crossOriginPost) return;
      const origin = req.headers.origin;
      const refused = () => new AppError("forbidden", 403, "Cross-origin request refused");
      if (origin === undefined || origin === "null") {
        // API clients carry their session as a bearer token, which no other site can make a browser
        // send: with no Origin, or an opaque one (an app's file:// page), they stay welcome. A request
        // carrying our cookie is a browser's, and our own pages always say where they come from: by
        // Origin, or at least by fetch metadata. An opaque Origin (a sandboxed frame, a file, a redirect
        // from another site) is never one of our pages, whatever its fetch metadata claims. 'none'
        // (typed, bookmarked, opened by another app) is a navigation, never a write our pages make.
        if (carriesAuthCookie(req.headers.cookie) && (origin === "null" || req.headers["sec-fetch-site"] !== "same-origin")) throw refused();
        return;
      }
      // An admitted extension may make its own calls: the save and status moves take JSON only (a form
      // or a text post can't be one), its CORS answer never allows credentials, and an extension the
      // browser lets send our cookies could read them anyway.
      if (!allowed.has(origin) && !extensions.admits(origin, req.method, req.url)) throw refused();
    });
  },
  { name: "security" },
);
