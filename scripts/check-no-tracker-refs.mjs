// `npm run lint` runs this after eslint: no comment, test name, log line or doc cites one of our
// tracker numbers. Nobody reading the code can look such a number up, so a comment says why in
// words that stand alone; the number belongs in the commit message. A line that links a public
// upstream issue (a URL) can be followed, and is left alone. Exits 1 listing file:line for each citation.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

// "issue", "issues" or "ticket" followed by a number (optionally after '#'), and a bare "(#N)".
const CITATION = /\b(?:issues?|tickets?)\s+#?\d+|\(#\d+\)/i;
// The same citation wrapped onto the next comment line ("… (issue\n * 25) …").
const WRAPPED = /\b(?:issues?|tickets?)[ \t]*\n[ \t]*(?:\*|\/\/|#)?[ \t]*#?\d+/gi;
const URL = /\bhttps?:\/\/\S/;
// Generated or vendored files: the lock file says nothing of ours, and openapi.json is written from
// the route schemas, which are checked themselves; openapi.gen.ts is written from openapi.json.
const SKIP = new Set(["package-lock.json", "docs/openapi.json", "apps/web/src/lib/openapi.gen.ts"]);
const BINARY = /\.(png|jpe?g|gif|webp|ico|woff2?|ttf|pdf|zip|gz)$/i;

// Tracked files and new ones not ignored yet, so a citation is caught before its first commit.
const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z"], {
  cwd: root,
  encoding: "utf8",
  maxBuffer: 64 * 1024 * 1024,
})
  .split("\0")
  .filter((f) => f && !SKIP.has(f) && !BINARY.test(f));

const found = [];
for (const file of files) {
  let text;
  try {
    text = fs.readFileSync(path.join(root, file), "utf8");
  } catch {
    continue; // listed but deleted in the work tree
  }
  if (text.includes("\0")) continue;
  for (const wrapped of text.matchAll(WRAPPED)) {
    found.push(`${file}:${text.slice(0, wrapped.index).split("\n").length}: ${wrapped[0].replace(/\s+/g, " ")}`);
  }
  if (!CITATION.test(text)) continue;
  text.split("\n").forEach((line, i) => {
    const match = CITATION.exec(line);
    if (match && !URL.test(line)) found.push(`${file}:${i + 1}: ${match[0]}`);
  });
}

if (found.length > 0) {
  console.error(`Tracker numbers in code or docs (say why in words; the number goes in the commit message):\n${found.join("\n")}`);
  process.exit(1);
}
