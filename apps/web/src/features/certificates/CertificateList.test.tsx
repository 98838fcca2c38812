import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Certificate, ContentCounts, ContentSearchResponse, NO_STATE_COUNTS, Paginated } from "@learnward/contracts";
import { AppRoutes } from "../../app/router";
import { renderApp, reply, serveFetch, signedIn } from "../../test/render";

// My profile (/profile/<my username>) lists my certificates with their PDF and public page.

afterEach(() => vi.unstubAllGlobals());

const counts: ContentCounts = {
  articlesCount: 0,
  videosCount: 0,
  booksCount: 0,
  podcastsCount: 0,
  coursesCount: 0,
  allContentCount: 0,
  jobsCount: 0,
  runningCount: 0,
  finalizedCount: 0,
  wishlistCount: 0,
  allCount: 0,
  states: NO_STATE_COUNTS,
};
const certificate = (id: number, overrides: Partial<Certificate>): Certificate => ({
  id,
  account_id: 5,
  code: `CODE${id}ABCDEFG`.slice(0, 12),
  kind: "plan",
  title: "Data literacy",
  recipient_name: "Demo member",
  issuer_name: "Acme",
  skills: ["sql"],
  completed_at: "2026-11-29T10:00:00.000Z",
  issued_at: "2026-11-29T10:00:00.000Z",
  expires_at: null,
  revoked_at: null,
  status: "valid",
  locale: "en",
  revoke_reason: null,
  verify_url: `http://localhost:3000/verify/CODE${id}`,
  pdf_url: `http://localhost:3000/api/b2b/v1/certificates/${id}/pdf`,
  abilities: { download: true, revoke: false },
  ...overrides,
});

function serve(results: Certificate[], more: Parameters<typeof serveFetch>[0] = {}) {
  return serveFetch({
    ...more,
    "GET /api/b2b/v1/onboarding/": { body: { count: 0, next: null, previous: null, results: [] } },
    "GET /api/contentuser/counts": reply(ContentCounts, counts),
    "GET /api/contentuser/search": reply(ContentSearchResponse, { count: 0, results: [], links: { next: null, previous: null } }),
    "GET /api/b2b/v1/certificates": reply(Paginated(Certificate), { count: results.length, next: null, previous: null, results }),
  });
}

describe("my certificates on my profile", () => {
  it("lists each with its status, a PDF download and its public page", async () => {
    serve([certificate(1, {}), certificate(2, { kind: "path", title: "SQL basics", status: "revoked", code: "REVOKED23456" })]);
    renderApp(<AppRoutes />, { path: "/profile/member", session: signedIn("member") });
    const section = await screen.findByRole("region", { name: "My certificates" });
    const items = await within(section).findAllByRole("listitem");
    expect(items).toHaveLength(2);
    const [plan, path] = items as [HTMLElement, HTMLElement];
    expect(within(plan).getByText("Data literacy")).toBeInTheDocument();
    expect(within(plan).getByText("Upskilling plan · completed on November 29, 2026")).toBeInTheDocument();
    expect(within(plan).getByText("Valid")).toBeInTheDocument();
    const download = within(plan).getByRole("link", { name: "Download the certificate for Data literacy (PDF)" });
    expect(download).toHaveAttribute("href", "/api/b2b/v1/certificates/1/pdf");
    expect(download).toHaveAttribute("download");
    expect(within(path).getByText("Revoked")).toBeInTheDocument();
    expect(within(path).getByRole("link", { name: "Public page of the certificate for SQL basics" })).toHaveAttribute("href", "/verify/REVOKED23456");
  });

  it("says how to earn one when there is none", async () => {
    serve([]);
    renderApp(<AppRoutes />, { path: "/profile/member", session: signedIn("member") });
    const section = await screen.findByRole("region", { name: "My certificates" });
    expect(await within(section).findByText("Complete a learning path or an upskilling plan to earn a certificate.")).toBeInTheDocument();
  });

  it("is not shown on a colleague's profile", async () => {
    const { calls } = serve([certificate(1, {})]);
    renderApp(<AppRoutes />, { path: "/profile/teamleader", session: signedIn("member") });
    expect(await screen.findByRole("heading", { level: 1, name: "Saved by @teamleader" })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "My certificates" })).toBeNull();
    expect(calls().map((c) => c.call)).not.toContain("GET /api/b2b/v1/certificates?page_size=100");
  });
});

describe("a colleague's certificates on their profile, for hr", () => {
  it("lists them and revokes one with a reason", async () => {
    const user = userEvent.setup();
    const held = certificate(1, { abilities: { download: true, revoke: true } });
    const { sent, calls } = serve([held, certificate(2, { title: "SQL basics", status: "revoked", abilities: { download: true, revoke: true } })], {
      "POST /api/b2b/v1/certificates/1/revoke": reply(Certificate, {
        ...held,
        status: "revoked",
        revoked_at: "2026-11-29T12:00:00.000Z",
        revoke_reason: "Shared answers",
      }),
    });
    renderApp(<AppRoutes />, { path: "/profile/member", session: signedIn("hr") });
    const section = await screen.findByRole("region", { name: "Certificates" });
    expect(calls().map((c) => c.call)).toContain("GET /api/b2b/v1/certificates?username=member&page_size=100");
    // A revoked one can't be revoked again.
    expect(within(section).queryByRole("button", { name: "Revoke the certificate for SQL basics" })).toBeNull();
    await user.click(await within(section).findByRole("button", { name: "Revoke the certificate for Data literacy" }));
    const dialog = await screen.findByRole("dialog", { name: "Revoke the certificate for Data literacy?" });
    await user.click(within(dialog).getByRole("button", { name: "Revoke certificate" }));
    expect(await within(dialog).findByText("Say why the certificate no longer stands.")).toBeInTheDocument();
    expect(sent("POST /api/b2b/v1/certificates/1/revoke")).toEqual([]);
    await user.type(within(dialog).getByRole("textbox", { name: "Reason" }), "Shared answers");
    await user.click(within(dialog).getByRole("button", { name: "Revoke certificate" }));
    expect(await screen.findByText("Certificate revoked")).toBeInTheDocument();
    expect(sent("POST /api/b2b/v1/certificates/1/revoke")).toEqual([{ reason: "Shared answers" }]);
  });

  it("is not asked for by a colleague who is not hr", async () => {
    const { calls } = serve([certificate(1, {})]);
    renderApp(<AppRoutes />, { path: "/profile/member", session: signedIn("teamleader") });
    expect(await screen.findByRole("heading", { level: 1, name: "Saved by @member" })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Certificates" })).toBeNull();
    expect(calls().some((c) => c.call.startsWith("GET /api/b2b/v1/certificates"))).toBe(false);
  });
});
