import { serveFetch, type StubAnswer, type StubRequest } from "../../test/fetch";
import { meFor } from "../../test/render";
import type { AdminAccount, AdminBudget, AdminCompany, AuditEntry } from "./api";

// Test fixtures of the admin area, shaped as the server answers (packages/contracts/src/admin.ts).

export const page = <T>(results: T[], count = results.length) => ({ count, next: null, previous: null, results });

export function company(id: number, name: string, overrides: Partial<AdminCompany> = {}): AdminCompany {
  return {
    id,
    name,
    domain: `${name.toLowerCase()}.test`,
    url_photo: null,
    currency: "USD",
    registration_allowlist: [`*@${name.toLowerCase()}.test`],
    status: "active",
    require_two_factor: false,
    people_count: 5,
    active_people_30d: 3,
    saves_30d: 12,
    created_at: "2026-01-10T09:00:00.000Z",
    ...overrides,
  };
}

export const acme = company(1, "Acme");
export const globex = company(2, "Globex", { currency: "EUR", people_count: 1, active_people_30d: 0, saves_30d: 4 });

export function account(id: number, name: string, overrides: Partial<AdminAccount> = {}): AdminAccount {
  const first = name.split(" ")[0]!.toLowerCase();
  return {
    id,
    uid: `uid-${id}`,
    email: `${first}@acme.test`,
    display_name: name,
    role: "member",
    status: "active",
    company: { id: 1, name: "Acme", domain: "acme.test" },
    team: { id: 7, name: "Engineering" },
    created_at: "2026-01-10T09:00:00.000Z",
    last_sign_in_at: "2026-03-01T08:30:00.000Z",
    ...overrides,
  };
}

export function budget(id: number, overrides: Partial<AdminBudget> = {}): AdminBudget {
  return {
    id,
    company: { id: 1, name: "Acme" },
    period: "year",
    period_start: "2026-01-01",
    amount_minor: 1_000_000,
    currency: "USD",
    allocated_minor: 500_000,
    reserved_minor: 25_000,
    paid_minor: 10_000,
    ...overrides,
  };
}

export function auditEntry(id: number, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id,
    actor: { id: 1, display_name: "Alex Morgan" },
    company_id: null,
    entity: "company",
    entity_id: 1,
    action: "update",
    reason: null,
    before: null,
    after: null,
    company_names: {},
    created_at: "2026-03-02T10:00:00.000Z",
    ...overrides,
  };
}

type Route = StubAnswer | ((url: URL, body: unknown) => StubAnswer);

/**
 * The shared fetch stub (test/fetch.ts) for the admin pages: answers by "METHOD path" (a function
 * sees the query and body), with the shell's own calls answered; records every call.
 */
export function serveAdmin(routes: Record<string, Route>) {
  const all: Record<string, Route> = {
    "GET /api/b2b/v1/profile/acme.test": { body: meFor("hr").company },
    "GET /api/b2b/v1/onboarding/": { body: page([]) },
    "GET /api/b2b/v1/admin/companies/": { body: page([acme, globex]) },
    "GET /api/b2b/v1/admin/audit/": { body: page([]) },
    ...routes,
  };
  const stubbed = Object.fromEntries(
    Object.entries(all).map(([key, route]) => [key, typeof route === "function" ? ({ url, body }: StubRequest) => route(url, body) : route]),
  );
  return serveFetch(stubbed).fetch;
}

/** The calls a stub received, as method, path with query, and parsed body. */
export const callsOf = (fetch: ReturnType<typeof serveAdmin>) =>
  fetch.mock.calls.map(([url, init]) => ({
    method: init?.method ?? "GET",
    url: String(url),
    body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
  }));

export const queryOf = (url: string) => Object.fromEntries(new URL(url, "http://x").searchParams);
