import fs from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import fastifyStatic from "@fastify/static";

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and the
 * SPA's index.html for every non-API path the router owns.
 */
export default fp(
  async function webPlugin(app: FastifyInstance, opts: { dist: string }) {
    const index = path.join(opts.dist, "index.html");
    const built = fs.existsSync(index);
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
    app.setNotFoundHandler((req, reply) => {
      const isPage = (req.method === "GET" || req.method === "HEAD") && !req.url.startsWith("/api") && !/\.[a-z0-9]+$/i.test(req.url.split("?")[0] ?? "");
      if (isPage && built) {
        // Read per request: a rebuild replaces index.html while the server runs.
        return fs.promises.readFile(index, "utf8").then((html) => reply.header("cache-control", "no-cache").type("text/html; charset=utf-8").send(html));
      }
      if (isPage) {
        return reply
          .status(503)
          .type("text/plain")
          .send("The web app is not built yet: run `npm run build` (npm start does it for you).");
      }
      return reply.status(404).send({ error: { code: "not_found", message: `No route for ${req.method} ${req.url.split("?")[0]}` } });
    });
  },
  { name: "web" },
);
