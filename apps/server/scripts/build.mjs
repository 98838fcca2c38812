// The production server: src/main.ts bundled by esbuild into dist/main.js, run with
// plain `node`. The workspace package @learnward/contracts (TypeScript sources) and the packages from
// node_modules are bundled in, but for KEEP_EXTERNAL (native addons, wasm, static assets), which stay
// imports from where npm put them. What the server reads from disk beside its code is copied next to
// it: src/db/migrations → dist/migrations (db/client.ts reads them beside the running module). The
// web app is found as before: dist/../../web/dist is apps/web/dist, as src/../../web/dist was.
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const server = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const SERVER_DIST = path.join(server, "dist");

/**
 * How the built server is run (npm start, the browser suite, bench:start): plain node with V8's
 * young generation bounded to 4 MB semi-spaces instead of up to 16 (RSS after 15 s of
 * mixed load 226–249 MB instead of 262–266, for 3.5 % fewer requests served, side by side).
 */
export const serverArgs = () => ["--max-semi-space-size=4", path.join(SERVER_DIST, "main.js")];

/**
 * Packages that must stay imports from node_modules: they find files of their own beside their code
 * at run time (PGlite's wasm and data, sharp's native addon, @fastify/swagger-ui's static files,
 * pino's worker transports) or are loaded only on demand (PGlite again, mail, the OpenAI client).
 * The bundle costs about 30 MB of RSS at start (154–175 → 194 MB on PostgreSQL) for its 300 ms.
 * Prettier is only reached by @react-email/render's `pretty` option, which the server never asks
 * for: kept out, it is never loaded, and the bundle is spared its formatter. pdfkit reads its
 * standard fonts' metrics (#standard-fonts/…) from its own package when it draws a certificate.
 */
const KEEP_EXTERNAL =
  /^(@electric-sql\/pglite|sharp|@img\/|@fastify\/swagger-ui|@fastify\/static|pino|thread-stream|pg-native|esbuild|tsx|nodemailer|openai|prettier|pdfkit)(\/|$)/;

/** Bare imports are bundled in (one file compiles faster than a thousand resolved one by one), but for KEEP_EXTERNAL. */
const externalPackages = {
  name: "external-packages",
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith("node:") || KEEP_EXTERNAL.test(args.path)) return { path: args.path, external: true };
      return undefined;
    });
  },
};

/** What the build reads: the server's sources and migrations, the contracts, this script. */
const SOURCES = ["src", "package.json", "scripts/build.mjs", "../../packages/contracts/src"].map((p) => path.join(server, p));

function newest(p) {
  if (!existsSync(p)) return 0;
  const stat = statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(p).reduce((max, name) => Math.max(max, newest(path.join(p, name))), stat.mtimeMs);
}

/** Whether dist/main.js is missing or older than anything it is built from. */
export function serverBuildIsStale() {
  const built = path.join(SERVER_DIST, "main.js");
  return !existsSync(built) || statSync(built).mtimeMs < Math.max(...SOURCES.map(newest));
}

export async function buildServer(outdir = SERVER_DIST) {
  // Imported here: starting an existing build needs no esbuild.
  const { build } = await import("esbuild");
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  await build({
    entryPoints: { main: path.join(server, "src/main.ts") },
    outdir,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node22.12",
    sourcemap: "linked",
    legalComments: "none",
    logLevel: "warning",
    plugins: [externalPackages],
    // Bundled CommonJS packages call require() and read __dirname: give them both in ESM.
    banner: {
      js: "import { createRequire as __lwCreateRequire } from 'node:module'; import { fileURLToPath as __lwFileURLToPath } from 'node:url'; const require = __lwCreateRequire(import.meta.url); const __filename = __lwFileURLToPath(import.meta.url); const __dirname = __lwFileURLToPath(new URL('.', import.meta.url));",
    },
  });
  cpSync(path.join(server, "src/db/migrations"), path.join(outdir, "migrations"), { recursive: true });
  writeFileSync(path.join(outdir, "package.json"), '{ "type": "module" }\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  await buildServer();
  console.log(`Built the server into ${path.relative(process.cwd(), SERVER_DIST) || "."} in ${Date.now() - started} ms`);
}
