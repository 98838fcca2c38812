import { isValidElement, lazy, type ComponentType } from "react";
import { createRoutesFromChildren, matchRoutes, Route, Routes } from "react-router";
import { loadNamespaces } from "../i18n";
import { fetchEarly, type EarlyRequest } from "../lib/api";
import { preloadSchemas } from "../lib/contracts";
import { discoverRequests } from "../features/discover/requests";
import { insightsRequests } from "../features/insights/filters";
import { homeRequests } from "../features/library/query";
import { learningPathsRequests } from "../features/network/requests";
import { RequireAbility, SessionGate } from "./session";

type PageModule = { default: ComponentType };
/** Whose first view of a page the server renders. */
export type ServerAudience = "signedIn" | "signedOut";

/**
 * A lazily loaded page: its code and its translation namespaces arrive together. preload() starts
 * the code early (see preloadRoute); the lazy component then reuses the same download. `early`
 * lists the GETs the page makes first, to start at the same time (their answers wait in lib/api).
 */
function page(
  load: () => Promise<PageModule>,
  namespaces: readonly string[] = [],
  early?: (search: URLSearchParams) => EarlyRequest[],
  // Who the server renders the page's first view for (see entry-server.tsx): signed-in people, or
  // visitors who are not signed in. Only pages that read, or whose form waits for the browser: until
  // the browser has hydrated a page, its buttons do nothing and a form would submit natively (a
  // password in a GET address), so /login's submit button stays disabled until then (useHydrated).
  // Charts are the browser's to draw: they size themselves to its layout, and drawn on the server
  // they were drawn again at once, as one long task (/dashboard/content desktop 96 → 81). The
  // dashboard's charts and tables render after its key figures (useDeferredValue in
  // InsightsDashboard), so its server render stops at the figures and what needs attention.
  { serverRendered }: { serverRendered?: ServerAudience } = {},
) {
  let code: Promise<PageModule> | undefined;
  const loadCode = () => (code ??= load());
  const component = lazy(() => Promise.all([loadCode(), loadNamespaces(namespaces)]).then(([module]) => module));
  // Settles once the code is in (or failed to load: the lazy component then reports it).
  const preload = () => loadCode().then(
    () => undefined,
    () => undefined,
  );
  return Object.assign(component, { preload, namespaces, early, serverRendered });
}

const PublicLayout = page(() => import("./layout/PublicLayout"));
const AppLayout = page(() => import("./layout/AppLayout"), ["onboarding"]);

const LandingPage = page(() => import("../routes/landing/LandingPage"), ["landing"]);
const LoginPage = page(() => import("../routes/auth/LoginPage"), ["auth"], undefined, { serverRendered: "signedOut" });
const TwoFactorPage = page(() => import("../routes/auth/TwoFactorPage"), ["security"]);
const RegisterPage = page(() => import("../routes/auth/RegisterPage"), ["auth"]);
const ForgotPasswordPage = page(() => import("../routes/auth/ForgotPasswordPage"), ["auth"]);
const ResetPasswordPage = page(() => import("../routes/auth/ResetPasswordPage"), ["auth"]);
const InvitationPage = page(() => import("../routes/auth/InvitationPage"), ["auth", "people"]);
const PrivacyPage = page(() => import("../routes/legal/PrivacyPage"), ["legal"]);
const TermsPage = page(() => import("../routes/legal/TermsPage"), ["legal"]);

const SettingPage = page(() => import("../routes/settings/SettingPage"), ["settings", "security"]);
const HomePage = page(() => import("../routes/home/HomePage"), ["home"], homeRequests, { serverRendered: "signedIn" });
const DiscoverPage = page(() => import("../routes/discover/DiscoverPage"), ["discover"], discoverRequests, { serverRendered: "signedIn" });
const InsightsPage = page(() => import("../routes/insights/InsightsPage"), ["insights"], insightsRequests, { serverRendered: "signedIn" });
const LearningPathsPage = page(() => import("../routes/network/LearningPathsPage"), ["network"], learningPathsRequests, { serverRendered: "signedIn" });
const LibraryPage = page(() => import("../routes/network/LibraryPage"), ["network"]);
const MyTasksPage = page(() => import("../routes/network/MyTasksPage"), ["network"]);
const PublishRequestsPage = page(() => import("../routes/network/PublishRequestsPage"), ["network"]);
const CollectionPage = page(() => import("../routes/network/CollectionPage"), ["network"]);
const TeamBudgetPage = page(() => import("../routes/budgeting/TeamBudgetPage"), ["budgeting"]);
const CompanyBudgetPage = page(() => import("../routes/budgeting/CompanyBudgetPage"), ["budgeting"]);
const PurchaseRequestsPage = page(() => import("../routes/budgeting/PurchaseRequestsPage"), ["budgeting"]);
const PeopleManagementPage = page(() => import("../routes/people/PeopleManagementPage"), ["people"]);
const TeamPage = page(() => import("../routes/people/TeamPage"), ["people"]);
const SkillboostPage = page(() => import("../routes/people/SkillboostPage"), ["people"]);
const CompaniesPage = page(() => import("../routes/admin/CompaniesPage"), ["admin"]);
const BudgetManagementPage = page(() => import("../routes/admin/BudgetManagementPage"), ["admin"]);
const AdminPeoplePage = page(() => import("../routes/admin/AdminPeoplePage"), ["admin"]);
const NotFoundPage = page(() => import("../routes/errors/NotFoundPage"), ["onboarding"]);

/**
 * spec §2: every route of the product, each page loaded on demand.
 * Declarative routes rather than a data router: the data router's code (about 17 KB gzip more)
 * did not fit the /login budget, and pages load their data through TanStack Query anyway.
 */
export function AppRoutes() {
  return <Routes>{routes}</Routes>;
}

type PageType = { preload?: () => Promise<void>; namespaces?: readonly string[]; early?: (search: URLSearchParams) => EarlyRequest[]; serverRendered?: ServerAudience };

/** The lazily loaded layouts and page that `pathname` shows, outermost first. */
function routePages(pathname: string): PageType[] {
  const pages: PageType[] = [];
  for (const match of matchRoutes(createRoutesFromChildren(routes), pathname) ?? []) {
    const element = match.route.element;
    if (isValidElement(element)) pages.push(element.type as PageType);
  }
  return pages;
}

/** Settles once the code of the layouts and page of `pathname` has loaded (or failed to). */
export function routeCode(pathname: string): Promise<void> {
  return Promise.all(routePages(pathname).map((type) => type.preload?.())).then(() => undefined);
}

/**
 * Whether `pathname` is shown in the public layout, open without sign-in. The server sends unsigned
 * visitors of every other page to /login by the contracts' PUBLIC_PAGES; router.test keeps the two alike.
 */
export function isPublicRoute(pathname: string): boolean {
  return routePages(pathname).includes(PublicLayout);
}

/** Whose first view of `pathname` the server renders (entry-server.tsx), as its page says; null: nobody's. */
export function serverAudience(pathname: string): ServerAudience | null {
  return routePages(pathname).at(-1)?.serverRendered ?? null;
}

/** The translation namespaces the layouts and page of `pathname` need. */
export function routeNamespaces(pathname: string, pages = routePages(pathname)): string[] {
  return [...new Set(pages.flatMap((type) => type.namespaces ?? []))];
}

/**
 * Starts downloading the code of the layouts and page that `pathname` shows, and the page's first
 * data with the schemas that check it (unless the server sent the data with the page), before the
 * translations are in and the first render asks for them one after the other;
 * returns the translation namespaces they need, to load with the first ones.
 */
export function preloadRoute(pathname: string, search = "", { data = true } = {}): string[] {
  const pages = routePages(pathname);
  for (const type of pages) {
    void type.preload?.();
    if (!data || !type.early) continue;
    for (const [path, query] of type.early(new URLSearchParams(search))) fetchEarly(path, query);
    // The answers are checked against the contracts as soon as the page asks for them: their
    // schemas download meanwhile too (lib/contracts.ts).
    preloadSchemas();
  }
  return routeNamespaces(pathname, pages);
}

const routes = (
  <Route element={<SessionGate />}>
    {/* Open without sign-in. */}
    <Route element={<PublicLayout />}>
      <Route index element={<LandingPage />} />
      <Route path="login" element={<LoginPage />} />
      <Route path="login/two-factor" element={<TwoFactorPage />} />
      <Route path="register" element={<RegisterPage />} />
      <Route path="forgot-password" element={<ForgotPasswordPage />} />
      <Route path="reset-password" element={<ResetPasswordPage />} />
      <Route path="invitation/:token" element={<InvitationPage />} />
      <Route path="privacy" element={<PrivacyPage />} />
      <Route path="terms" element={<TermsPage />} />
    </Route>

    {/* Everything else needs a signed-in user: the layout sends others to /login. */}
    <Route element={<AppLayout />}>
      <Route path="setting" element={<SettingPage />} />
      <Route path="home" element={<HomePage />} />
      <Route path="profile/:username" element={<HomePage />} />
      <Route path="discover" element={<DiscoverPage />} />
      <Route path="dashboard/content" element={<InsightsPage />} />
      <Route path="collaborative-network">
        <Route index element={<LearningPathsPage />} />
        <Route path="library" element={<LibraryPage />} />
        <Route path="myTasks" element={<MyTasksPage />} />
        <Route path="publishRequest" element={<PublishRequestsPage />} />
        <Route path="collections/:id/:slug" element={<CollectionPage />} />
      </Route>
      <Route path="budgetingPlan">
        <Route index element={<TeamBudgetPage />} />
        {/* spec §2/§6: the company budget is only for ldleader. */}
        <Route path="companyBudget" element={<RequireAbility ability="manage_company_budget" />}>
          <Route index element={<CompanyBudgetPage />} />
        </Route>
        <Route path="purchaseRequest" element={<PurchaseRequestsPage />} />
      </Route>
      <Route path="peopleManagement">
        <Route index element={<PeopleManagementPage />} />
        <Route path="team/:id" element={<TeamPage />} />
        <Route path="skillboost" element={<SkillboostPage />} />
      </Route>
      {/* spec §2: the admin area, with its own menu; admin only. */}
      <Route path="admin" element={<RequireAbility ability="admin_area" />}>
        <Route index element={<CompaniesPage />} />
        <Route path="budget-management" element={<BudgetManagementPage />} />
        <Route path="people-management" element={<AdminPeoplePage />} />
      </Route>
    </Route>

    <Route path="*" element={<NotFoundPage />} />
  </Route>
);
