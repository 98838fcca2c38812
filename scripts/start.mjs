// `npm start`: build the web app and the server when their builds are missing or older than their
// sources, then run the compiled server with plain node (embedded PostgreSQL and demo data unless
// configured otherwise). `npm run dev` runs the sources through tsx instead.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildServer, serverArgs, serverBuildIsStale } from "../apps/server/scripts/build.mjs";

// react-router 8 needs Node 22.22 or later (vitest and pg-boss 22.12): say so before anything half-starts.
const [major, minor] = process.versions.node.split(".").map(Number);
if (major < 22 || (major === 22 && minor < 22)) {
  console.error(`Learnward needs Node.js 22.22 or later (24 LTS recommended); this is ${process.version}. Install it with: npm install -g node@24`);
  process.exit(1);
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dist = path.join(root, "apps/web/dist/index.html");
const sources = ["apps/web/src", "apps/web/index.html", "apps/web/vite.config.ts", "apps/web/public", "packages/contracts/src"];

function newest(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(0, ...fs.readdirSync(p).map((f) => newest(path.join(p, f))));
}

const built = fs.existsSync(dist) ? fs.statSync(dist).mtimeMs : 0;
const changed = Math.max(...sources.map((s) => newest(path.join(root, s))));
if (!built || changed > built) {
  console.log(built ? "Web sources changed: rebuilding the web app…" : "Building the web app (first start)…");
  const r = spawnSync("npm", ["run", "build", "-w", "@learnward/web"], { cwd: root, stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

if (serverBuildIsStale()) {
  console.log("Building the server…");
  // esbuild has printed what failed; its stack would add nothing.
  await buildServer().catch(() => process.exit(1));
}

const server = spawn(process.execPath, serverArgs(), { cwd: root, stdio: "inherit" });
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => server.kill(sig));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
