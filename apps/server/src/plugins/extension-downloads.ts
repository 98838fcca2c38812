import fs from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { EXTENSION_DOWNLOADS } from "@learnward/contracts";
import { AppError } from "../lib/errors.ts";

const NAMES: readonly string[] = Object.values(EXTENSION_DOWNLOADS);

/**
 * The browser extension's builds (its workspace's `npm run build` writes one zip per browser), for
 * loading it unpacked where it is not published in a store (Settings → Browser extension links here). Only
 * those two files are ever read: the name in the address is matched against them, never joined to a
 * path. Not part of the API, so not in its document.
 */
export default fp(
  async function extensionDownloadsPlugin(app: FastifyInstance, opts: { dist: string }) {
    app.get<{ Params: { name: string } }>("/downloads/:name", { config: { access: "public" }, schema: { hide: true } }, async (req, reply) => {
      const name = NAMES.find((known) => known === req.params.name);
      if (name === undefined) throw new AppError("not_found", 404, "No such download");
      const file = path.join(opts.dist, name);
      const stat = await fs.promises.stat(file).catch(() => null);
      // Its own reason in the details rather than a code of its own: only a download link leads here,
      // never a call of the web app's (which would translate a code), and every extra code weighs on
      // the first load of every page (the translations of error codes load with the sign-in page).
      if (!stat?.isFile()) {
        throw new AppError("not_found", 404, `The browser extension is not built: ${name} is made by npm run build`, { reason: "extension_not_built" });
      }
      return (
        reply
          .type("application/zip")
          .header("content-length", stat.size)
          .header("content-disposition", `attachment; filename="${name}"`)
          // A rebuild replaces the zip under the same name.
          .header("cache-control", "no-cache")
          .send(fs.createReadStream(file))
      );
    });
  },
  { name: "extension-downloads" },
);
