// The in-memory side of semantic retrieval: fusion, the similarity floor, and a company's
// vectors kept up to date page by page as items are embedded, embedded again or removed.
import { describe, expect, it } from "vitest";
import type { Embedder } from "../embeddings.client.ts";
import type { EmbeddingsRepo } from "../embeddings.repo.ts";
import type { Understanding } from "./understand.ts";
import { createSemantic, fuse, nearest, VectorIndex } from "./semantic.ts";

describe("reciprocal rank fusion", () => {
  it("puts an item both rankings found above items only one found", () => {
    const scores = fuse([
      [1, 2, 3],
      [4, 2],
    ]);
    const order = [...scores].sort((a, b) => b[1] - a[1]).map(([id]) => id);
    expect(order[0]).toBe(2);
    expect(scores.get(1)).toBeCloseTo(1 / 61);
    expect(scores.get(2)).toBeCloseTo(1 / 62 + 1 / 62);
  });
});

describe("nearest items", () => {
  it("keeps items at least as similar as the floor, best first, whatever the vectors' length", () => {
    const index = new VectorIndex();
    index.put(1, [1, 0, 0]);
    index.put(2, [10, 10, 0]);
    index.put(3, [0, 0, 5]);
    index.put(4, [0, 0]); // another size: left out
    expect(nearest(index, [2, 0, 0], { floor: 0.5, limit: 10 })).toEqual([
      { id: 1, similarity: expect.closeTo(1) },
      { id: 2, similarity: expect.closeTo(Math.SQRT1_2) },
    ]);
    expect(nearest(index, [0, 1], { floor: 0, limit: 10 })).toEqual([]);
  });
});

describe("a company's vectors in memory", () => {
  // Only the fields hybrid ranking reads of an understood question.
  const u = { jobs: false, types: [] } as unknown as Understanding;
  // A store of vectors as the repo pages them, and a model that embeds every question as [1, 0].
  function world() {
    const rows = new Map<number, { vector: number[]; embeddedAt: Date }>();
    let clock = 1_000;
    const reads: number[] = [];
    const repo = {
      async stamp() {
        const times = [...rows.values()].map((r) => r.embeddedAt.getTime());
        return { count: rows.size, last: times.length ? new Date(Math.max(...times)) : null };
      },
      async vectors(_c: number, _m: string, o: { since: Date | null; afterId: number; limit: number }) {
        const page = [...rows]
          .filter(([id, r]) => id > o.afterId && (!o.since || r.embeddedAt >= o.since))
          .sort((a, b) => a[0] - b[0])
          .slice(0, o.limit)
          .map(([contentId, r]) => ({ contentId, ...r }));
        reads.push(page.length);
        return page;
      },
      async listed(_c: number, ids: number[]) {
        return ids.map((id) => ({ id, title: `Item ${id}`, contentType: "article" as const, durationS: null, language: "en", skills: [] }));
      },
    } as unknown as EmbeddingsRepo;
    // Like the repo above, a stand-in with only what the semantic store calls.
    const embedder = { model: "m", embed: async (texts: string[]) => texts.map(() => [1, 0]) } as unknown as Embedder;
    const semantic = createSemantic({ repo, embedder, minSimilarity: 0.9, pageSize: 2 });
    const write = (id: number, vector: number[]) => rows.set(id, { vector, embeddedAt: new Date((clock += 1)) });
    const found = async () => (await semantic.neighbours(1, "question", u)).map((r) => r.id);
    return { rows, write, found, reads };
  }

  it("reads every page once, then only what was embedded since, and starts over when items were removed", async () => {
    const w = world();
    for (const id of [1, 2, 3, 4, 5]) w.write(id, id % 2 ? [1, 0] : [0, 1]);
    expect(await w.found()).toEqual([1, 3, 5]);
    expect(w.reads).toEqual([2, 2, 1]);

    w.reads.length = 0;
    expect(await w.found()).toEqual([1, 3, 5]);
    expect(w.reads).toEqual([]);

    w.write(2, [1, 0.1]); // embedded again: now near the question
    w.write(6, [1, 0]);
    expect(await w.found()).toEqual([1, 3, 5, 6, 2]);
    expect(w.reads).toEqual([2, 1]); // since the newest time read: 2, 5 (again) and 6

    w.reads.length = 0;
    w.rows.delete(3);
    expect(await w.found()).toEqual([1, 5, 6, 2]);
    expect(w.reads).toEqual([2, 2, 1]);
  });
});
