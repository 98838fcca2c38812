import fs from "node:fs";
import path from "node:path";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import fastifyStatic from "@fastify/static";
import { isPublicPage, type SiteIntegrations } from "@learnward/contracts";
import { sessionToken } from "../lib/actor-cache.ts";
import { createPageRenderer, jsonForScript } from "./ssr.ts";

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and the
 * SPA's index.html for every non-API path the router owns.
 */
export default fp(
  async function webPlugin(app: FastifyInstance, opts: { dist: string; integrations?: SiteIntegrations }) {
    const index = path.join(opts.dist, "index.html");
    // spec §1: the configured extension link, chat widget and tag manager reach the page as data
    // (apps/web/src/app/config.ts reads it); nothing is added when none is configured.
    const integrations = opts.integrations && Object.values(opts.integrations).some((v) => v !== null) ? opts.integrations : null;
    const withIntegrations = (template: string) =>
      integrations
        ? template.replace("</head>", () => `<script type="application/json" id="learnward-config">${jsonForScript(integrations)}</script></head>`)
        : template;
    const built = fs.existsSync(index);
    // The server's build of the app sits beside the browser's (apps/web/vite.config.ts).
    const renderPage = createPageRenderer(app, path.join(opts.dist, "..", "dist-ssr", "entry-server.js"));
    // Once the server listens (not for tests that only inject requests), the server build loads
    // in the background rather than with the first page.
    app.addHook("onListen", () => void renderPage.warm());
    if (built) {
      // Hashed bundles are looked up per request (a rebuild adds new ones) and cached for a year;
      // the build's Brotli and gzip copies are sent as they are (apps/web/scripts/compress.mjs).
      await app.register(fastifyStatic, {
        root: path.join(opts.dist, "assets"),
        prefix: "/assets/",
        wildcard: true,
        index: false,
        preCompressed: true,
        setHeaders(res) {
          res.header("cache-control", "public, max-age=31536000, immutable");
        },
      });
      // The few top-level files (favicon, index.html) are listed once and never cached. assets/
      // is left to the route above: a second, static route per bundle there made the router
      // miss the assets wildcard for new files (find-my-way 9.10, next to /api/auth/*).
      await app.register(fastifyStatic, {
        root: opts.dist,
        wildcard: false,
        index: false,
        decorateReply: false,
        globIgnore: ["assets/**"],
        setHeaders(res) {
          res.header("cache-control", "no-cache");
        },
      });
    }
    const isPage = (req: FastifyRequest) => !req.url.startsWith("/api") && !/\.[a-z0-9]+$/i.test(req.url.split("?")[0] ?? "");
    if (built) {
      // The pages the router owns. A route of their own rather than the not-found handler: the
      // rendered pages (tens of KB) get @fastify/compress's per-route compression. Not part of the
      // API, so not in its document (which must not depend on whether the web app is built).
      app.get("/*", { config: { access: "public" }, schema: { hide: true } }, (req, reply) => {
        if (!isPage(req)) return reply.callNotFound();
        // spec §2: an unsigned visitor of any page but the public ones goes to /login, before any of
        // the app loads (and an unknown address tells them nothing). Only a missing session decides
        // here: a session that turns out dead is the app's to handle, which also tells someone whose
        // account is gone why they were signed out (resolving it here would revoke it unexplained).
        if (!isPublicPage(req.url.split("?")[0]!) && !sessionToken(req.headers as Parameters<typeof sessionToken>[0])) {
          return reply.header("cache-control", "no-store").redirect(`/login?next=${encodeURIComponent(req.url)}`, 302);
        }
        // Read per request: a rebuild replaces index.html while the server runs.
        return fs.promises
          .readFile(index, "utf8")
          .then(withIntegrations)
          .then(async (template) => {
            const page = req.method === "GET" ? await renderPage(req, template) : null;
            // A rendered page holds the visitor's own data: never stored, and it depends on the cookie.
            if (page) reply.header("cache-control", "private, no-store").header("vary", "Cookie");
            else reply.header("cache-control", "no-cache");
            return reply.type("text/html; charset=utf-8").send(page ?? template);
          });
      });
    }
    app.setNotFoundHandler((req, reply) => {
      if ((req.method === "GET" || req.method === "HEAD") && isPage(req)) {
        return reply.status(503).type("text/plain").send("The web app is not built yet: run `npm run build` (npm start does it for you).");
      }
      return reply.status(404).send({ error: { code: "not_found", message: `No route for ${req.method} ${req.url.split("?")[0]}` } });
    });
  },
  { name: "web" },
);
