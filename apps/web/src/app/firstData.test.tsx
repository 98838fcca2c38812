import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import type { QueryClient } from "@tanstack/react-query";
import type { Role } from "@learnward/contracts";
import { AppRoutes, routeData } from "./router";
import { meFor, renderApp, signedIn } from "../test/render";
import { collection } from "../features/network/testing";
import { EMPTY_COUNTS } from "../features/library/api";

afterEach(() => vi.unstubAllGlobals());

// Each page's code arrives only when a test lets it, to show what is asked for while it downloads.
const code = vi.hoisted(() => ({ arrived: Promise.resolve(), arrive: () => undefined as void }));
beforeEach(() => {
  code.arrived = new Promise<void>((resolve) => (code.arrive = resolve));
});
const held = async <T,>(load: () => Promise<T>) => {
  await code.arrived;
  return load();
};
vi.mock("../routes/home/HomePage", (original) => held(original));
vi.mock("../routes/settings/SettingPage", (original) => held(original));
vi.mock("../routes/people/TeamPage", (original) => held(original));
vi.mock("../routes/people/SkillboostPage", (original) => held(original));
vi.mock("../routes/network/CollectionPage", (original) => held(original));
vi.mock("../routes/network/LibraryPage", (original) => held(original));
vi.mock("../routes/network/MyTasksPage", (original) => held(original));
vi.mock("../routes/network/PublishRequestsPage", (original) => held(original));
vi.mock("../routes/budgeting/TeamBudgetPage", (original) => held(original));
vi.mock("../routes/budgeting/CompanyBudgetPage", (original) => held(original));
vi.mock("../routes/budgeting/PurchaseRequestsPage", (original) => held(original));
vi.mock("../routes/people/PeopleManagementPage", (original) => held(original));
vi.mock("../routes/admin/CompaniesPage", (original) => held(original));
vi.mock("../routes/admin/BudgetManagementPage", (original) => held(original));
vi.mock("../routes/admin/AdminPeoplePage", (original) => held(original));

const ANSWERS: Record<string, unknown> = {
  "/api/contentuser/counts": EMPTY_COUNTS,
  "/api/contentuser/search": { count: 0, results: [], links: { next: null, previous: null } },
  "/api/b2b/v1/home/": { assigned: { count: 0, results: [] }, due_soon: { count: 0, results: [] }, continue: { count: 0, results: [] } },
  "/api/b2b/v1/discover/recommendations/": { plan_skills: [], finished_skills: [], results: [] },
  "/api/b2b/v1/collections/5/": collection({ id: 5 }),
  "/api/b2b/v1/collections/5/skill-level/": { level: null, abilities: { set: false } },
  "/api/b2b/v1/profile/acme.test": meFor("member").company,
  "/api/b2b/v1/teams/7/": { id: 7, name: "Engineering", leader: null, members_count: 0, created_at: "2026-01-05T09:00:00.000Z" },
  "/api/b2b/v1/teams/7/progress/": { count: 0, next: null, previous: null, results: [], skills: [] },
  // The bell in the signed-in layout asks for its first page with every page.
  "/api/notifications": { count: 0, next: null, previous: null, results: [], unread: 0 },
  "/api/user/profile/": {
    uid: "uid-member",
    displayName: "Demo member",
    photoURL: null,
    email: "member@acme.test",
    username: "member",
    role: "member",
    locale: "en",
  },
};

/** A server that answers a page of nothing to the lists asked for, and records each call as "GET /path?query". */
function emptyServer() {
  const calls: string[] = [];
  const fetch = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    calls.push(`${init?.method ?? "GET"} ${url.pathname}${url.search}`);
    const body = ANSWERS[url.pathname] ?? { count: 0, next: null, previous: null, results: [] };
    return Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } }));
  });
  vi.stubGlobal("fetch", fetch);
  return calls;
}

// Each page's first data: asked for while the page's code still loads, and once only.
/** Once nothing is loading, each of the first data's calls was made exactly once. */
async function expectEachAskedOnce(queryClient: QueryClient, calls: string[], firstData: string[]) {
  await waitFor(() => expect(queryClient.isFetching()).toBe(0));
  for (const call of firstData)
    expect(
      calls.filter((made) => made === call),
      call,
    ).toHaveLength(1);
}

const PAGES: [path: string, role: Role, firstData: string[]][] = [
  [
    "/home?tab=course&course=wishlist&q=sql",
    "member",
    [
      // What needs me, then my library.
      "GET /api/b2b/v1/home/",
      "GET /api/b2b/v1/discover/recommendations/?limit=8",
      "GET /api/contentuser/counts?search=sql",
      "GET /api/contentuser/search?page=1&page_size=8&contenType=course&search=sql&is_wishlist=true",
    ],
  ],
  ["/setting", "member", ["GET /api/user/profile/?uid=uid-member"]],
  ["/collaborative-network/collections/5/sql", "member", ["GET /api/b2b/v1/collections/5/"]],
  ["/collaborative-network/library?tab=company&q=sql", "member", ["GET /api/b2b/v1/collections/?scope=library&page=1&page_size=12&search=sql"]],
  ["/collaborative-network/myTasks?page=2", "member", ["GET /api/b2b/v1/my-tasks/?status=all&page=2&page_size=20"]],
  ["/collaborative-network/publishRequest", "ldleader", ["GET /api/b2b/v1/publish-requests/?scope=queue&status=all&sort=desc&page=1&page_size=20"]],
  [
    "/peopleManagement/team/7",
    "teamleader",
    ["GET /api/b2b/v1/teams/7/", "GET /api/b2b/v1/teams/7/members/?page=1&page_size=20", "GET /api/b2b/v1/teams/7/progress/?page=1&page_size=20"],
  ],
  ["/peopleManagement/skillboost", "teamleader", ["GET /api/b2b/v1/teams/7/progress/?page=1&page_size=20"]],
  ["/budgetingPlan", "ldleader", ["GET /api/b2b/v1/budgets/?current=true&page_size=100", "GET /api/b2b/v1/teams/?page=1&page_size=100"]],
  [
    "/budgetingPlan/companyBudget",
    "ldleader",
    ["GET /api/b2b/v1/budgets/?page_size=100", "GET /api/b2b/v1/teams/?page=1&page_size=100", "GET /api/b2b/v1/budget-audit/?page=1&page_size=20"],
  ],
  ["/budgetingPlan/purchaseRequest", "member", ["GET /api/b2b/v1/purchase-requests/?scope=mine&status=all&sort=desc&page=1&page_size=10"]],
  ["/peopleManagement", "hr", ["GET /api/b2b/v1/teams/?page=1&page_size=20"]],
  ["/admin", "admin", ["GET /api/b2b/v1/admin/companies/?status=all&page=1&page_size=20", "GET /api/b2b/v1/admin/audit/?entity=company&page=1&page_size=10"]],
  [
    "/admin/budget-management",
    "admin",
    ["GET /api/b2b/v1/admin/budgets/?page=1&page_size=20", "GET /api/b2b/v1/admin/audit/?entity=budget&page=1&page_size=10"],
  ],
  [
    "/admin/people-management",
    "admin",
    [
      "GET /api/b2b/v1/admin/accounts/?status=all&page=1&page_size=20",
      "GET /api/b2b/v1/admin/audit/?entity=account&page=1&page_size=10",
      // The security events list: every kind, its own page size.
      "GET /api/b2b/v1/admin/audit/?page=1&page_size=20",
    ],
  ],
];

describe("a page's first data (app/firstData.ts)", () => {
  it.each(PAGES)("%s starts its first data with its code and asks for it once", async (path, role, firstData) => {
    const calls = emptyServer();
    const { queryClient } = renderApp(<AppRoutes />, { path, session: signedIn(role) });
    // Asked for while the page's code downloads, not after it has arrived.
    await waitFor(() => expect(calls).toEqual(expect.arrayContaining(firstData)));
    expect(screen.queryByRole("heading", { level: 1 })).not.toBeInTheDocument();
    code.arrive();

    // The page reads the same answers: once it has drawn and nothing is loading, none was asked twice.
    expect(await screen.findByRole("heading", { level: 1 }, { timeout: 5000 })).toBeInTheDocument();
    await expectEachAskedOnce(queryClient, calls, firstData);
  });
});

describe("/peopleManagement's first data follows its tab", () => {
  it("declares the people tab's first page (active people by name) for ?tab=2, and nothing for a team leader", async () => {
    // The page's own data, not the layout's (the company and onboarding).
    const pageKeys = async (search: string, role: Role) =>
      (await routeData("/peopleManagement", search, meFor(role))).map((options) => options.queryKey).filter((key) => key[0] === "people");
    expect(await pageKeys("?tab=2", "ldleader")).toEqual([
      ["people", "employees", { search: "", status: "active", ordering: "name", sort: "asc", page: 1, page_size: 20 }],
    ]);
    expect(await pageKeys("", "teamleader")).toEqual([]);
  });

  // /peopleManagement's code is in by now (the table above opened it): this asks only that the
  // approvals tab's lists are declared as the tab reads them, so they are asked for once.
  it("declares hr's approvals (tab 3: pending invite and removal requests), which the tab reads without asking again", async () => {
    const firstData = [
      "GET /api/b2b/v1/invite-requests/?status=pending&sort=desc&page=1&page_size=10",
      "GET /api/b2b/v1/removal-requests/?status=pending&sort=desc&page=1&page_size=10",
    ];
    const declared = await routeData("/peopleManagement", "?tab=3", meFor("hr"));
    expect(declared.map((options) => options.queryKey).filter((key) => key[0] === "people")).toEqual([
      ["people", "invite-requests", { status: "pending", sort: "desc", page: 1, page_size: 10 }],
      ["people", "removal-requests", { status: "pending", sort: "desc", page: 1, page_size: 10 }],
    ]);
    const calls = emptyServer();
    code.arrive();
    const { queryClient } = renderApp(<AppRoutes />, { path: "/peopleManagement?tab=3", session: signedIn("hr") });
    await waitFor(() => expect(calls).toEqual(expect.arrayContaining(firstData)));
    expect(await screen.findByRole("heading", { level: 1 }, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByRole("tab", { name: /approvals/i, selected: true })).toBeInTheDocument();
    await expectEachAskedOnce(queryClient, calls, firstData);
    // The L&D leader has no approvals tab: the address's tab 3 opens the teams.
    const keys = (await routeData("/peopleManagement", "?tab=3", meFor("ldleader"))).map((options) => options.queryKey[1]);
    expect(keys).toContain("teams");
  });
});
