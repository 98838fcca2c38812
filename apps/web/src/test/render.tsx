import type { ReactElement } from "react";
import { render } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { accountAbilities, type Me, type Role } from "@learnward/contracts";
import { AppProviders, createQueryClient } from "../app/providers";
import type { Session } from "../features/identity/api";
import { sessionKey } from "../features/identity/hooks";

/** A signed-in session for a role, as GET /api/me (and /api/session, as its me) would answer it for the seeded Acme company. */
export function meFor(role: Role, overrides: Partial<Me["account"]> = {}): Me {
  const isAdmin = role === "admin";
  const team = overrides.team !== undefined ? overrides.team : role === "teamleader" || role === "member" ? { id: 7, name: "Engineering" } : null;
  return {
    user: { uid: `uid-${role}`, displayName: `Demo ${role}`, photoURL: null, email: `${role}@acme.test` },
    account: {
      id: 1,
      uid: `uid-${role}`,
      email: `${role}@acme.test`,
      username: role,
      display_name: `Demo ${role}`,
      photo_url: null,
      role,
      status: "active",
      locale: "en",
      domain: "acme.test",
      company_id: isAdmin ? null : 1,
      created_at: new Date().toISOString(),
      team,
      two_factor: { enabled: isAdmin, required: isAdmin },
      ...overrides,
    },
    company: isAdmin ? null : { id: 1, name: "Acme", domain: "acme.test", url_photo: null, currency: "USD", status: "active" },
    // The same function the server's policies answer /api/me with, so fixtures cannot drift from it.
    // A server outside production, as the tests run against: it keeps a mail outbox.
    abilities: accountAbilities({ role: overrides.role ?? role, teamId: team?.id ?? null }, { outbox: true }),
  };
}

export const signedIn = (role: Role, overrides?: Partial<Me["account"]>): Session => ({ status: "signedIn", me: meFor(role, overrides) });
export const signedOut: Session = { status: "signedOut", reason: "anonymous" };

/** Renders inside the app's providers and a memory router, with the session already known. */
export function renderApp(ui: ReactElement, { path = "/", session = signedOut }: { path?: string; session?: Session } = {}) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(sessionKey, session);
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: Infinity } });
  const result = render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </AppProviders>,
  );
  return { ...result, queryClient };
}

// One fetch stub for every web test: answers typed and checked by the contracts.
export { reply, serveFetch, stubFetch, type StubRequest, type StubRoutes } from "./fetch";
