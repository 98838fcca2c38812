import type { AskCopilotResponse, CopilotItem, CopilotMessage, DiscoverContent, DiscoverFacets } from "@learnward/contracts";

// Fixtures shaped as the server answers (packages/contracts/src/discover.ts).

export function content(id: number, title: string, overrides: Partial<DiscoverContent> = {}): DiscoverContent {
  return {
    kind: "content",
    id_content: id,
    content_type: "course",
    title,
    url: `https://learning.example/${id}`,
    author: "Ana Ruiz",
    duration_s: 3600,
    description: "A practical introduction.",
    image_url: null,
    provider: "coursera",
    language: "en",
    skills: ["sql"],
    created_at: "2026-01-01T00:00:00.000Z",
    savers_count: 0,
    saved_by: [],
    mine: null,
    ...overrides,
  };
}

export const facets = (overrides: Partial<DiscoverFacets> = {}): DiscoverFacets => ({
  kind: [
    { value: "content", count: 2 },
    { value: "collection", count: 0 },
  ],
  type: [
    { value: "course", count: 1 },
    { value: "article", count: 1 },
  ],
  provider: [{ value: "coursera", count: 1 }],
  skill: [{ value: "sql", count: 2 }],
  duration: [{ value: "1h_5h", count: 2 }],
  language: [{ value: "en", count: 2 }],
  ...overrides,
});

export function copilotItem(ref: number, title: string): CopilotItem {
  return {
    ref,
    id_content: 100 + ref,
    content_type: "article",
    title,
    url: `https://learning.example/item-${ref}`,
    author: null,
    provider: null,
    duration_s: 600,
    language: "en",
    skills: ["sql"],
    mine: null,
    source: "catalog",
  };
}

export function message(id: number, role: "user" | "assistant", content: string, overrides: Partial<CopilotMessage> = {}): CopilotMessage {
  return {
    id,
    role,
    content,
    language: "en",
    created_at: "2026-01-01T00:00:00.000Z",
    engine: role === "assistant" ? "local" : null,
    fallback: null,
    found: role === "assistant" ? true : null,
    items: [],
    plan: null,
    suggestions: [],
    collection: null,
    ...overrides,
  };
}

export function answered(conversationId: number, question: string, answer: CopilotMessage): AskCopilotResponse {
  return {
    conversation: {
      id: conversationId,
      title: question,
      language: "en",
      messages_count: 2,
      created_at: "2026-01-01T00:00:00.000Z",
      updated_at: "2026-01-01T00:00:00.000Z",
    },
    question: message(answer.id - 1, "user", question),
    answer,
  };
}

export const sse = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
