import type { Embedder } from "../embeddings.client.ts";
import type { EmbeddingsRepo } from "../embeddings.repo.ts";
import type { RankedCandidate } from "./engine.ts";
import type { Understanding } from "./understand.ts";

// Issue 26: semantic retrieval, when an embeddings model is configured. The question is embedded
// through the same endpoint as the catalog (embeddings.job.ts), its nearest catalog items found in
// memory, and the two rankings, full text and vectors, fused by reciprocal rank fusion. Anything
// failing (the model down or slow, no vectors yet) leaves the full-text answer as it was.
//
// Memory: a company's vectors are kept as one Float32Array (4 bytes a dimension), so 100,000
// items take 100,000 × dims × 4 bytes: 154 MB at 384 dimensions, 307 MB at 768, 410 MB at 1024
// (plus about as much again, briefly, while they load). They are loaded again when the company's
// vectors change (their count or newest time), checked with one indexed query per question.

/** Reciprocal rank fusion's constant (Cormack et al.). */
export const RRF_K = 60;
/** Neighbours a question takes from the vectors before fusion. */
const NEIGHBOURS = 40;
export const QUESTION_TIMEOUT_MS = 1_500;

export interface VectorIndex {
  ids: Int32Array;
  dims: number;
  /** Unit vectors, row after row. */
  data: Float32Array;
}

/** Unit-length copy (cosine becomes a dot product); null for a zero vector. */
export function unit(v: ArrayLike<number>): Float32Array | null {
  let norm = 0;
  for (let i = 0; i < v.length; i++) norm += v[i]! * v[i]!;
  if (!(norm > 0) || !Number.isFinite(norm)) return null;
  const out = new Float32Array(v.length);
  const scale = 1 / Math.sqrt(norm);
  for (let i = 0; i < v.length; i++) out[i] = v[i]! * scale;
  return out;
}

export function buildIndex(rows: { contentId: number; vector: number[] }[]): VectorIndex {
  const dims = rows[0]?.vector.length ?? 0;
  const kept = rows.map((r) => ({ id: r.contentId, v: r.vector.length === dims ? unit(r.vector) : null })).filter((r) => r.v !== null);
  const data = new Float32Array(kept.length * dims);
  kept.forEach((r, i) => data.set(r.v!, i * dims));
  return { ids: Int32Array.from(kept.map((r) => r.id)), dims, data };
}

/** The items most similar to `query` (cosine), at least `floor`, best first. Pure. */
export function nearest(index: VectorIndex, query: ArrayLike<number>, o: { floor: number; limit: number }): { id: number; similarity: number }[] {
  const q = query.length === index.dims ? unit(query) : null;
  if (!q) return [];
  const { data, dims, ids } = index;
  const hits: { id: number; similarity: number }[] = [];
  for (let row = 0; row < ids.length; row++) {
    let dot = 0;
    const at = row * dims;
    for (let i = 0; i < dims; i++) dot += data[at + i]! * q[i]!;
    if (dot >= o.floor) hits.push({ id: ids[row]!, similarity: dot });
  }
  hits.sort((a, b) => b.similarity - a.similarity || a.id - b.id);
  return hits.slice(0, o.limit);
}

/** Reciprocal rank fusion: Σ 1 / (k + rank) over the rankings an item appears in (rank from 1). Pure. */
export function fuse(rankings: number[][], k = RRF_K): Map<number, number> {
  const scores = new Map<number, number>();
  for (const ranking of rankings) ranking.forEach((id, i) => scores.set(id, (scores.get(id) ?? 0) + 1 / (k + i + 1)));
  return scores;
}

export function createSemantic(deps: {
  repo: EmbeddingsRepo;
  embedder: Embedder;
  minSimilarity: number;
  timeoutMs?: number;
  warn?: (err: unknown, message: string) => void;
}) {
  const { repo, embedder } = deps;
  const indexes = new Map<number, { stamp: string; index: Promise<VectorIndex> }>();

  /** The company's vectors, loaded again when they changed. */
  async function indexOf(companyId: number): Promise<VectorIndex> {
    const stamp = await repo.stamp(companyId, embedder.model);
    const hit = indexes.get(companyId);
    if (hit?.stamp === stamp) return hit.index;
    const index = repo.vectors(companyId, embedder.model).then(buildIndex);
    indexes.set(companyId, { stamp, index });
    index.catch(() => indexes.delete(companyId));
    return index;
  }

  /** The company's listed items nearest to the text, best first; empty on any failure. */
  async function neighbours(companyId: number, text: string, u: Pick<Understanding, "jobs" | "types">) {
    try {
      const [[vector], index] = await Promise.all([embedder.embed([text], { timeoutMs: deps.timeoutMs ?? QUESTION_TIMEOUT_MS }), indexOf(companyId)]);
      const hits = nearest(index, vector!, { floor: deps.minSimilarity, limit: NEIGHBOURS });
      if (!hits.length) return [];
      // Only the listed catalog: not a colleague's private save, not hidden, jobs only when asked.
      const listed = new Map(
        (
          await repo.listed(
            companyId,
            hits.map((h) => h.id),
            u.jobs,
          )
        ).map((r) => [r.id, r]),
      );
      return hits
        .map((h) => listed.get(h.id))
        .filter((r) => r !== undefined)
        .filter((r) => !u.types.length || u.types.includes(r.contentType));
    } catch (err) {
      deps.warn?.(err, "semantic retrieval failed; answering from full text");
      return [];
    }
  }

  return {
    neighbours,

    /** The full-text ranking fused with the question's vector neighbours. */
    async hybrid(companyId: number, text: string, ranked: RankedCandidate[], u: Understanding): Promise<RankedCandidate[]> {
      const near = await neighbours(companyId, text, u);
      if (!near.length) return ranked;
      const scores = fuse([ranked.map((c) => c.id), near.map((r) => r.id)]);
      const byId = new Map<number, Omit<RankedCandidate, "score">>([...near.map((r) => [r.id, r] as const), ...ranked.map((c) => [c.id, c] as const)]);
      // Scaled so that first place in one ranking scores 1: the planner keeps items near the best.
      return [...scores].map(([id, s]) => ({ ...byId.get(id)!, score: s * (RRF_K + 1) })).sort((a, b) => b.score - a.score || a.id - b.id);
    },
  };
}
export type Semantic = ReturnType<typeof createSemantic>;
