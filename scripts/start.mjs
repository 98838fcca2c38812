// `npm start`: build the web app when its build is missing or older than its sources, then
// run the server (embedded PostgreSQL and demo data unless configured otherwise).
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

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

const server = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], { cwd: root, stdio: "inherit" });
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => server.kill(sig));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
