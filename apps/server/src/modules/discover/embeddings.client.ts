import { z } from "zod";

// The embeddings model, an OpenAI-compatible `POST /v1/embeddings` (Ollama, vLLM, OpenAI…).
// Its address is the operator's own setting (like LLM_BASE_URL), so a model on loopback or the
// private network is allowed; nothing a user types reaches this URL.

export interface EmbedderSettings {
  baseUrl: string;
  model: string;
  apiKey?: string;
}

const EmbeddingsResponse = z.object({
  data: z.array(z.object({ index: z.number().int().min(0), embedding: z.array(z.number()).min(1) })),
});

export class EmbeddingsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "EmbeddingsError";
  }
}

/** `http://host:11434` and `http://host:11434/v1` both name the same endpoint. */
export function embeddingsUrl(baseUrl: string): string {
  const base = baseUrl.replace(/\/+$/, "");
  return `${base}${/\/v1$/.test(base) ? "" : "/v1"}/embeddings`;
}

export function createEmbedder(settings: EmbedderSettings) {
  const url = embeddingsUrl(settings.baseUrl);
  return {
    model: settings.model,
    /** One vector per text, in order; throws EmbeddingsError on any failure (status, shape, timeout). */
    async embed(texts: string[], opts: { timeoutMs: number }): Promise<number[][]> {
      if (!texts.length) return [];
      let res: Response;
      try {
        res = await fetch(url, {
          method: "POST",
          headers: { "content-type": "application/json", ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}) },
          body: JSON.stringify({ model: settings.model, input: texts }),
          redirect: "error",
          signal: AbortSignal.timeout(opts.timeoutMs),
        });
      } catch (err) {
        throw new EmbeddingsError(`embeddings endpoint unreachable: ${err instanceof Error ? err.message : String(err)}`);
      }
      if (!res.ok) throw new EmbeddingsError(`embeddings endpoint answered ${res.status}`);
      const parsed = EmbeddingsResponse.safeParse(await res.json().catch(() => null));
      if (!parsed.success) throw new EmbeddingsError("embeddings endpoint answered an unexpected shape");
      const byIndex = new Map(parsed.data.data.map((d) => [d.index, d.embedding]));
      const vectors = texts.map((_, i) => byIndex.get(i) ?? []);
      if (vectors.some((v) => v.length === 0)) throw new EmbeddingsError("embeddings endpoint left texts out");
      const dims = vectors[0]!.length;
      if (vectors.some((v) => v.length !== dims)) throw new EmbeddingsError("embeddings endpoint answered vectors of different sizes");
      return vectors;
    },
  };
}
export type Embedder = ReturnType<typeof createEmbedder>;
