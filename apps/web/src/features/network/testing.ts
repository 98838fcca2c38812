import { serveFetch, type StubRoutes } from "../../test/fetch";
import { collectionSlug } from "@learnward/contracts";
import type { CollectionDetail, CollectionItem, PublishRequest } from "./types";

// Test fixtures of the collaborative network, shaped as the server answers (packages/contracts).

export const page = <T>(results: T[]) => ({ count: results.length, next: null, previous: null, results });

export function item(id: number, title: string, overrides: Partial<CollectionItem> = {}): CollectionItem {
  return {
    id,
    section_id: null,
    position: id,
    done: false,
    content: {
      id_primary: null,
      id_content: 100 + id,
      content_type: "article",
      title,
      url: `https://learning.example/${id}`,
      author: null,
      duration_s: 900,
      description: null,
      image_url: null,
      provider: null,
      created_at: "2026-01-01T00:00:00.000Z",
    },
    ...overrides,
  };
}

export function collection(overrides: Partial<CollectionDetail> = {}): CollectionDetail {
  const title = overrides.title ?? "SQL joins and windows";
  const items = overrides.items ?? [item(11, "SQL joins"), item(12, "SQL windows")];
  return {
    id: 5,
    slug: collectionSlug(title),
    title,
    description: "From joins to window functions.",
    cover_url: null,
    skills: ["sql"],
    status: "published",
    owner: { id: 9, display_name: "Marco Bianchi" },
    items_count: items.length,
    duration_s: 1800,
    types: ["article"],
    following: false,
    progress: { done: items.filter((i) => i.done).length, total: items.length },
    created_at: "2026-01-01T00:00:00.000Z",
    updated_at: "2026-01-01T00:00:00.000Z",
    has_draft: false,
    sections: [],
    items,
    version: "live",
    draft: null,
    abilities: { edit: false, request_publish: false, follow: true, submit_draft: false, discard_draft: false },
    ...overrides,
  };
}

export function publishRequest(overrides: Partial<PublishRequest> = {}): PublishRequest {
  return {
    id: 31,
    kind: "publish",
    collection: { id: 5, title: "SQL joins and windows", slug: "SQL-joins-and-windows" },
    status: "pending",
    message: "Ready for the team",
    reason: null,
    requested_by: { id: 9, display_name: "Marco Bianchi" },
    decided_by: null,
    decided_at: null,
    created_at: "2026-02-01T10:00:00.000Z",
    changes: null,
    ...overrides,
  };
}

/**
 * The shared fetch stub (test/fetch.ts) with the shell's own calls (company profile, onboarding)
 * answered too; handlers can read the request body and keep state between calls.
 */
export function fakeServer(handlers: Partial<StubRoutes>) {
  return serveFetch({
    "GET /api/b2b/v1/profile/acme.test": () => ({ body: { id: 1, name: "Acme", domain: "acme.test", url_photo: null, currency: "USD", status: "active" } }),
    "GET /api/b2b/v1/onboarding/": () => ({ body: page([]) }),
    ...handlers,
  });
}
