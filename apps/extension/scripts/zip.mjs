// A zip archive of a folder, for a browser's store, written with fflate.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { zipSync } from "fflate";

/** Every file under `dir`, sorted, as paths relative to it with forward slashes. */
function filesOf(dir) {
  const out = [];
  const walk = (d) => {
    for (const name of readdirSync(d).sort()) {
      const full = join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else out.push(relative(dir, full).split(sep).join("/"));
    }
  };
  walk(dir);
  return out;
}

// A fixed date for every entry: the same files always make the same archive.
const MTIME = new Date("2026-01-01T00:00:00Z");

/** Writes the files of `dir` to the zip at `target`. */
export function zipFolder(dir, target) {
  const files = Object.fromEntries(filesOf(dir).map((name) => [name, [readFileSync(join(dir, name)), { level: 9, mtime: MTIME }]]));
  writeFileSync(target, zipSync(files));
}
