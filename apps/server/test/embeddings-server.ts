import http from "node:http";
import type { AddressInfo } from "node:net";

// A local model server speaking the OpenAI embeddings protocol (POST /v1/embeddings), for the
// copilot's semantic retrieval. Its vectors are built from a few concepts, so texts that
// share no word still land close: "European privacy law" next to a GDPR course.

const CONCEPTS: RegExp[] = [
  /\bgdpr\b|data protection|privacy|protecci[oó]n de datos/i,
  /\bchurn\b|cancel+ing|cancellations?|subscriptions?|retention/i,
  /kubernetes|containers?|\bpods?\b/i,
  /pizza|dough|recipe|baking/i,
  /burn(ed|t)? ?out|exhaust(ed|ion)|stress/i,
];
export const DIMS = CONCEPTS.length + 1;

/** A concept vector with a small shared component, so no text embeds to zero. */
export function vectorOf(text: string): number[] {
  return [...CONCEPTS.map((re) => (re.test(text) ? 1 : 0)), 0.15];
}

export type EmbeddingsMode = "ok" | "error" | "slow";

export interface EmbeddingsServer {
  url: string;
  /** Every request's inputs, oldest first. */
  requests: { model: string; input: string[]; authorization: string | undefined }[];
  mode: EmbeddingsMode;
  close(): Promise<void>;
}

export async function startEmbeddingsServer(port = 0): Promise<EmbeddingsServer> {
  const state: EmbeddingsServer = { url: "", requests: [], mode: "ok", close: async () => {} };
  const server = http.createServer(async (req, res) => {
    let raw = "";
    for await (const part of req) raw += part;
    if (req.method !== "POST" || req.url !== "/v1/embeddings") {
      res.writeHead(404).end();
      return;
    }
    const body = JSON.parse(raw) as { model: string; input: string[] };
    state.requests.push({ model: body.model, input: body.input, authorization: req.headers.authorization });
    if (state.mode === "error") {
      res.writeHead(500, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "model crashed" } }));
      return;
    }
    if (state.mode === "slow") await new Promise((resolve) => setTimeout(resolve, 4000));
    if (res.destroyed) return;
    const data = body.input.map((text, index) => ({ object: "embedding", index, embedding: vectorOf(text) }));
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ object: "list", model: body.model, data }));
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  return state;
}
