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
      await app.register(fastifyStatic, {
        root: opts.dist,
        wildcard: false,
        index: false,
        setHeaders(res, file) {
          const hashed = file.includes(`${path.sep}assets${path.sep}`);
          res.header("cache-control", hashed ? "public, max-age=31536000, immutable" : "no-cache");
        },
      });
    }
    app.setNotFoundHandler((req, reply) => {
      const isPage = (req.method === "GET" || req.method === "HEAD") && !req.url.startsWith("/api") && !/\.[a-z0-9]+$/i.test(req.url.split("?")[0] ?? "");
      if (isPage && built) {
        return reply.header("cache-control", "no-cache").type("text/html").sendFile("index.html");
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
