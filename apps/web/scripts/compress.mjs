// Writes a Brotli (.br) and a gzip (.gz) copy of every text asset in dist/ once, at build time, at
// the strongest settings; the server sends them as they are (@fastify/static preCompressed) instead
// of compressing each bundle again on every request.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const dist = join(dirname(fileURLToPath(import.meta.url)), "..", "dist");
const TEXT = /\.(js|css|json|svg|html|txt|webmanifest)$/;
// Below this, the headers cost more than compression saves (the server's own threshold).
const MIN_BYTES = 1024;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== ".vite") yield* files(path);
    } else if (TEXT.test(name)) yield path;
  }
}

let count = 0;
for (const path of files(dist)) {
  const source = readFileSync(path);
  if (source.length < MIN_BYTES) continue;
  writeFileSync(
    `${path}.br`,
    brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length } }),
  );
  writeFileSync(`${path}.gz`, gzipSync(source, { level: 9 }));
  count++;
}
console.log(`compressed ${count} files (Brotli and gzip)`);
