// Writes src/lib/openapi.gen.ts, the TypeScript shape of docs/openapi.json that types the web app's
// API client (lib/api's request). `npm run openapi` at the root runs it after writing the document,
// and a web test compares the committed file with a fresh generation, so the two never drift.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import openapiTS, { astToString } from "openapi-typescript";

const here = path.dirname(fileURLToPath(import.meta.url));
export const DOCUMENT = path.resolve(here, "../../../docs/openapi.json");
export const OUTPUT = path.resolve(here, "../src/lib/openapi.gen.ts");

const HEADER = `// Generated from docs/openapi.json by \`npm run openapi:types\` (openapi-typescript). Do not edit.\n\n`;

/** The types for the document as it is on disk now. */
export async function generateTypes(): Promise<string> {
  const document = JSON.parse(fs.readFileSync(DOCUMENT, "utf8")) as Parameters<typeof openapiTS>[0];
  return HEADER + astToString(await openapiTS(document));
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  fs.writeFileSync(OUTPUT, await generateTypes());
  console.log(`Wrote ${path.relative(process.cwd(), OUTPUT)}`);
}
