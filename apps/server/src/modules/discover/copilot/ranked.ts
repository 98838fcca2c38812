import type { CandidateRow } from "../discover.repo.ts";

/**
 * A catalog item ranked for a question: what the full-text ranking (engine.ts) answers and the
 * semantic retrieval (semantic.ts) fuses with its own nearest items.
 */
export interface RankedCandidate {
  id: number;
  title: string;
  contentType: CandidateRow["content_type"];
  durationS: number | null;
  language: string;
  skills: string[];
  score: number;
}
