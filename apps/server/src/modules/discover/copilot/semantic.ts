import type { Embedder } from "../embeddings.client.ts";
import type { EmbeddingsRepo } from "../embeddings.repo.ts";
import type { RankedCandidate } from "./ranked.ts";
import type { Understanding } from "./understand.ts";

// Semantic retrieval, when an embeddings model is configured. The question is embedded
// through the same endpoint as the catalog (embeddings.job.ts), its nearest catalog items found in
// memory, and the two rankings, full text and vectors, fused by reciprocal rank fusion. Anything
// failing (the model down or slow, no vectors yet) leaves the full-text answer as it was.
//
// Memory: a company's vectors are kept as one Float32Array (4 bytes a dimension), so 100,000
// items take 100,000 × dims × 4 bytes: 154 MB at 384 dimensions, 307 MB at 768, 410 MB at 1024.
// It grows by doubling, so its capacity is up to twice that at worst (131,072 rows for 100,000:
// 403 MB at 768), and both copies exist for a moment while it grows. A question checks the
// company's vectors with one indexed query (count, newest) and reads only the new ones.
// Ranking is a scan: 100,000 × 768 multiply-adds, tens of milliseconds.

/** Reciprocal rank fusion's constant (Cormack et al.). */
export const RRF_K = 60;
/** Neighbours a question takes from the vectors before fusion. */
const NEIGHBOURS = 40;
/** Vectors read from the database at a time. */
const PAGE = 2_000;
export const QUESTION_TIMEOUT_MS = 1_500;

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

/** A company's vectors as unit vectors, row after row, growing in place as items are embedded. */
export class VectorIndex {
  dims = 0;
  size = 0;
  ids = new Int32Array(0);
  data = new Float32Array(0);
  private readonly rows = new Map<number, number>();
  /** Every item id put, kept or not (a zero vector, another size): what the database counts. */
  readonly known = new Set<number>();

  /** Adds an item's vector, or replaces it (the item was embedded again). */
  put(id: number, vector: ArrayLike<number>): void {
    this.known.add(id);
    if (!this.dims) this.dims = vector.length;
    const v = vector.length === this.dims ? unit(vector) : null;
    if (!v) return;
    let row = this.rows.get(id);
    if (row === undefined) {
      if (this.size === this.ids.length) this.grow(Math.max(64, this.size * 2));
      row = this.size++;
      this.rows.set(id, row);
      this.ids[row] = id;
    }
    this.data.set(v, row * this.dims);
  }

  private grow(capacity: number) {
    const ids = new Int32Array(capacity);
    ids.set(this.ids.subarray(0, this.size));
    const data = new Float32Array(capacity * this.dims);
    data.set(this.data.subarray(0, this.size * this.dims));
    [this.ids, this.data] = [ids, data];
  }
}

/** The items most similar to `query` (cosine), at least `floor`, best first. Pure. */
export function nearest(index: VectorIndex, query: ArrayLike<number>, o: { floor: number; limit: number }): { id: number; similarity: number }[] {
  const q = query.length === index.dims ? unit(query) : null;
  if (!q) return [];
  const { data, dims, ids, size } = index;
  const hits: { id: number; similarity: number }[] = [];
  for (let row = 0; row < size; row++) {
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
  /** Vectors read at a time (tests page through a few). */
  pageSize?: number;
  warn?: (err: unknown, message: string) => void;
}) {
  const { repo, embedder } = deps;
  const pageSize = deps.pageSize ?? PAGE;
  const indexes = new Map<number, { index: VectorIndex; last: Date | null }>();
  const loading = new Map<number, Promise<VectorIndex>>();

  /**
   * Brings the company's index up to date with one small query when nothing changed; otherwise it
   * reads only the vectors written since the last look, or all of them again when some were removed.
   * Read in pages, so a load holds at most a page as JavaScript arrays beside the Float32Array.
   */
  async function refresh(companyId: number): Promise<VectorIndex> {
    const stamp = await repo.stamp(companyId, embedder.model);
    const current = indexes.get(companyId);
    if (current && current.last?.getTime() === stamp.last?.getTime() && current.index.known.size === stamp.count) return current.index;
    // Fewer vectors than the index knows: some items were removed, so start over.
    const entry = current && current.index.known.size <= stamp.count ? current : { index: new VectorIndex(), last: null };
    // Pages come by id, not by time: the newest time read counts only once every page is in.
    const since = entry.last;
    let last = since;
    for (let afterId = 0; ;) {
      const page = await repo.vectors(companyId, embedder.model, { since, afterId, limit: pageSize });
      for (const row of page) {
        entry.index.put(row.contentId, row.vector);
        if (!last || row.embeddedAt > last) last = row.embeddedAt;
      }
      if (page.length < pageSize) break;
      afterId = page.at(-1)!.contentId;
    }
    // Still apart (an item removed while another was added): read everything on the next question.
    indexes.set(companyId, { index: entry.index, last: entry.index.known.size === stamp.count ? last : null });
    return entry.index;
  }

  /** One refresh per company at a time: questions asked meanwhile share it. */
  function indexOf(companyId: number): Promise<VectorIndex> {
    const running = loading.get(companyId);
    if (running) return running;
    const next = refresh(companyId).finally(() => loading.delete(companyId));
    loading.set(companyId, next);
    return next;
  }

  /** The company's listed items nearest to the text, best first; empty on any failure. */
  async function neighbours(companyId: number, text: string, u: Pick<Understanding, "jobs" | "types">) {
    try {
      const [[vector], index] = await Promise.all([embedder.embed([text], { timeoutMs: deps.timeoutMs ?? QUESTION_TIMEOUT_MS }), indexOf(companyId)]);
      const hits = nearest(index, vector!, { floor: deps.minSimilarity, limit: NEIGHBOURS });
      if (!hits.length) return [];
      // Only the listed catalog: not a colleague's private save, not hidden, jobs only when asked.
      const ids = hits.map((h) => h.id);
      const listed = new Map((await repo.listed(companyId, ids, u.jobs)).map((r) => [r.id, r]));
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
