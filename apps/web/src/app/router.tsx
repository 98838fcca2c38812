import { isValidElement, Suspense, useEffect, type ComponentType } from "react";
import { createRoutesFromChildren, matchRoutes, Route, Routes, useLocation, type Params, type RouteObject } from "react-router";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { AccountAbility, Me } from "@learnward/contracts";
import { loadNamespaces, namespacesLoaded } from "../i18n";
import { lazyWhenReady } from "./lazyPart";
import { preloadSchemas } from "../lib/contracts";
import { nextTask } from "../lib/tasks";
import { ensureFirstData, type AnyQueryOptions, type FirstData } from "./firstData";
import { mustSetUpTwoFactor, useSession } from "../features/identity/hooks";
import { BootSpinner, RequireAbility, SessionGate } from "./session";
import { CompanyPageOnly } from "../components/NotAllowed";

type PageModule = { default: ComponentType };
/** Whose first view of a page the server renders. */
export type ServerAudience = "signedIn" | "signedOut";

/**
 * A lazily loaded page: its code and its translation namespaces arrive together. preload() starts
 * the code early (see preloadRoute); the lazy component then reuses the same download. `data` loads
 * the page's first data, declared once as the query options its components read (app/firstData.ts):
 * fetched alongside the code, by the server render, and read by the page from the same cache entry.
 * The declarations load with the page's feature (a small chunk the page shares), not with every
 * page's first load: /login would carry every feature's calls.
 */
function page(
  load: () => Promise<PageModule>,
  namespaces: readonly string[] = [],
  data?: () => Promise<FirstData>,
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
  let loaded: PageModule | undefined;
  const loadCode = () => (code ??= load().then((module) => (loaded = module)));
  const component = lazyWhenReady(
    () => Promise.all([loadCode(), loadNamespaces(namespaces)]).then(([module]) => module),
    () => (loaded && namespacesLoaded(namespaces) ? loaded : undefined),
  );
  // Settles once the code is in (or failed to load: the lazy component then reports it).
  const preload = () =>
    loadCode().then(
      () => undefined,
      () => undefined,
    );
  let declared: Promise<FirstData> | undefined;
  // A declaration that failed to load asks for nothing: the page asks for its data itself.
  const loadData =
    data &&
    (() =>
      (declared ??= data().catch((): FirstData => {
        declared = undefined;
        return () => [];
      })));
  return Object.assign(component, { preload, namespaces, loadData, serverRendered });
}

const PublicLayout = page(() => import("./layout/PublicLayout"));
const AppLayout = page(
  () => import("./layout/AppLayout"),
  // appErrors: the refusals only the signed-in app meets (useErrorMessage.ts).
  ["onboarding", "appErrors"],
  () => import("./layout/firstData").then((m) => m.shellFirstData),
);

const LandingPage = page(() => import("../routes/landing/LandingPage"), ["landing"]);
const LoginPage = page(() => import("../routes/auth/LoginPage"), ["auth"], undefined, { serverRendered: "signedOut" });
const TwoFactorPage = page(() => import("../routes/auth/TwoFactorPage"), ["security"]);
const RegisterPage = page(() => import("../routes/auth/RegisterPage"), ["auth"]);
const ForgotPasswordPage = page(() => import("../routes/auth/ForgotPasswordPage"), ["auth"]);
const ResetPasswordPage = page(() => import("../routes/auth/ResetPasswordPage"), ["auth"]);
const InvitationPage = page(() => import("../routes/auth/InvitationPage"), ["auth", "people"]);
const SsoLinkPage = page(() => import("../routes/auth/SsoLinkPage"), ["auth"]);
const UnsubscribePage = page(() => import("../routes/unsubscribe/UnsubscribePage"), ["settings"]);
const VerifyCertificatePage = page(() => import("../routes/verify/VerifyCertificatePage"), ["certificates"]);
const PrivacyPage = page(() => import("../routes/legal/PrivacyPage"), ["legal"]);
const TermsPage = page(() => import("../routes/legal/TermsPage"), ["legal"]);

const SettingPage = page(
  () => import("../routes/settings/SettingPage"),
  ["settings", "security", "skills"],
  () => import("../features/settings/queries").then((m) => m.settingFirstData),
);
const HomePage = page(
  () => import("../routes/home/HomePage"),
  ["home"],
  () => import("../features/home/queries").then((m) => m.homeFirstData),
  { serverRendered: "signedIn" },
);
// One saved item: its own chunk, never part of /home's first load.
const ItemPage = page(() => import("../routes/home/ItemPage"), ["home"]);
const DiscoverPage = page(
  () => import("../routes/discover/DiscoverPage"),
  ["discover"],
  () => import("../features/discover/queries").then((m) => m.discoverFirstData),
  { serverRendered: "signedIn" },
);
const InsightsPage = page(
  () => import("../routes/insights/InsightsPage"),
  ["insights"],
  () => import("../features/insights/queries").then((m) => m.insightsFirstData),
  { serverRendered: "signedIn" },
);
const LearningPathsPage = page(
  () => import("../routes/network/LearningPathsPage"),
  ["network"],
  () => import("../features/network/queries").then((m) => m.learningPathsFirstData),
  { serverRendered: "signedIn" },
);
const LibraryPage = page(
  () => import("../routes/network/LibraryPage"),
  ["network"],
  () => import("../features/network/queries").then((m) => m.libraryFirstData),
);
const MyTasksPage = page(
  () => import("../routes/network/MyTasksPage"),
  ["network", "skills"],
  () => import("../features/network/queries").then((m) => m.myTasksFirstData),
);
const PublishRequestsPage = page(
  () => import("../routes/network/PublishRequestsPage"),
  ["network"],
  () => import("../features/network/queries").then((m) => m.publishRequestsFirstData),
);
const CollectionPage = page(
  () => import("../routes/network/CollectionPage"),
  ["network", "skills"],
  () => import("../features/network/queries").then((m) => m.collectionFirstData),
);
const TeamBudgetPage = page(
  () => import("../routes/budgeting/TeamBudgetPage"),
  ["budgeting"],
  () => import("../features/budgeting/queries").then((m) => m.teamBudgetFirstData),
);
const CompanyBudgetPage = page(
  () => import("../routes/budgeting/CompanyBudgetPage"),
  ["budgeting"],
  () => import("../features/budgeting/queries").then((m) => m.companyBudgetFirstData),
);
const PurchaseRequestsPage = page(
  () => import("../routes/budgeting/PurchaseRequestsPage"),
  ["budgeting"],
  () => import("../features/budgeting/queries").then((m) => m.purchaseRequestsFirstData),
);
const PeopleManagementPage = page(
  () => import("../routes/people/PeopleManagementPage"),
  ["people", "skills"],
  () => import("../features/people/managementFirstData").then((m) => m.peopleManagementFirstData),
);
const TeamPage = page(
  () => import("../routes/people/TeamPage"),
  ["people", "skills"],
  () => import("../features/people/queries").then((m) => m.teamFirstData),
);
const SkillboostPage = page(
  () => import("../routes/people/SkillboostPage"),
  ["people", "skills"],
  () => import("../features/people/queries").then((m) => m.skillboostFirstData),
);
const CompaniesPage = page(
  () => import("../routes/admin/CompaniesPage"),
  ["admin"],
  () => import("../features/admin/firstData").then((m) => m.companiesFirstData),
);
const BudgetManagementPage = page(
  () => import("../routes/admin/BudgetManagementPage"),
  ["admin"],
  () => import("../features/admin/firstData").then((m) => m.budgetManagementFirstData),
);
const AdminPeoplePage = page(
  () => import("../routes/admin/AdminPeoplePage"),
  ["admin"],
  () => import("../features/admin/firstData").then((m) => m.adminPeopleFirstData),
);
const OutboxPage = page(() => import("../routes/admin/OutboxPage"), ["admin"]);
const NotFoundPage = page(() => import("../routes/errors/NotFoundPage"), ["onboarding"]);

/**
 * spec §2: every route of the product, each page loaded on demand.
 * Declarative routes rather than a data router: the data router's code (about 17 KB gzip more)
 * did not fit the /login budget, and pages load their data through TanStack Query anyway; what a
 * data router's loaders would do, PrefetchPageData does with each page's declared first data.
 */
export function AppRoutes() {
  return (
    <>
      {/* Outside the boundary that waits for the layout's and page's code: it asks while they load. */}
      <PrefetchPageData />
      <Suspense fallback={<BootSpinner />}>
        <Routes>{routes}</Routes>
      </Suspense>
    </>
  );
}

/**
 * The router's early fetch: on every navigation, and once the session is known, the new page's first
 * data starts loading while its code downloads, into the cache entries the page reads.
 */
function PrefetchPageData() {
  const queryClient = useQueryClient();
  const { pathname, search } = useLocation();
  const session = useSession();
  const me = session.data?.status === "signedIn" ? session.data.me : undefined;
  // Signed-out visitors, and people who must set up a second factor first, get no page data (it
  // would be refused); main.tsx asks before the session is known.
  useEffect(() => {
    if (me && !mustSetUpTwoFactor(me)) void prefetchRouteData(queryClient, pathname, search, me);
  }, [queryClient, pathname, search, me]);
  return null;
}

type PageType = { preload?: () => Promise<void>; namespaces?: readonly string[]; loadData?: () => Promise<FirstData>; serverRendered?: ServerAudience };

/** The lazily loaded layouts and page that `pathname` shows, outermost first. */
function routePages(pathname: string): PageType[] {
  return routeMatches(pathname).map(({ type }) => type);
}

let routeObjects: RouteObject[] | undefined;
const matched = new Map<string, ReturnType<typeof matchRoutes>>();
/**
 * The app's routes matched against `pathname`, once per path (the last hundred kept): turning the
 * route elements into objects and ranking every branch was most of the cost, and the server render,
 * main.tsx and the router's early fetch each ask for the same path (a profile of server renders:
 * 3.7 ms of each).
 */
function matchedRoutes(pathname: string) {
  let found = matched.get(pathname);
  if (found === undefined) {
    routeObjects ??= createRoutesFromChildren(routes);
    found = matchRoutes(routeObjects, pathname);
    if (matched.size >= 100) matched.delete(matched.keys().next().value!);
    matched.set(pathname, found);
  }
  return found ?? [];
}

/** The abilities the RequireAbility routes around `pathname` ask for. */
function routeGates(pathname: string): AccountAbility[] {
  return matchedRoutes(pathname).flatMap(({ route }) =>
    isValidElement<{ ability: AccountAbility }>(route.element) && route.element.type === RequireAbility ? [route.element.props.ability] : [],
  );
}

function routeMatches(pathname: string): { type: PageType; params: Params }[] {
  const pages: { type: PageType; params: Params }[] = [];
  for (const match of matchedRoutes(pathname)) {
    const element = match.route.element;
    if (isValidElement(element)) pages.push({ type: element.type as PageType, params: match.params });
  }
  return pages;
}

/**
 * The query options of the first data of the page at `pathname` and `search`, as its components
 * read them. `me` is who is signed in, once known: data only some people see is declared with it.
 */
export async function routeData(pathname: string, search = "", me?: Me): Promise<AnyQueryOptions[]> {
  const searchParams = new URLSearchParams(search);
  // A page behind an ability this person lacks shows a refusal, which reads nothing.
  if (me && routeGates(pathname).some((ability) => !me.abilities[ability])) return [];
  const pages = routeMatches(pathname).filter(({ type }) => type.loadData);
  const declared = await Promise.all(pages.map(async ({ type, params }) => (await type.loadData!())({ search: searchParams, params, me })));
  return declared.flat();
}

/**
 * Starts fetching the first data of the page at `pathname` into the cache its components read (once:
 * a query already cached or on its way is not asked again), with the schemas that check it; settles
 * once it has started them.
 */
export function prefetchRouteData(queryClient: QueryClient, pathname: string, search = "", me?: Me): Promise<void> {
  return routeData(pathname, search, me).then((data) => {
    // Only what is not in the cache yet is asked for, and checked: a page the server rendered with its
    // data loads no schemas while it hydrates (their start-up is a long task on a phone).
    // A failed query is the page's to show and ask again (its retry button): not asked here again.
    const missing = data.filter((options) => (queryClient.getQueryState(options.queryKey)?.status ?? "pending") === "pending");
    if (missing.length) preloadSchemas();
    for (const options of missing) ensureFirstData(queryClient, options).catch(() => undefined);
  });
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
 * Starts downloading the code of the layouts and page that `pathname` shows, and, given the query
 * client (none when the server sent the data with the page), the page's first data, before the
 * translations are in and the first render asks for them one after the other;
 * returns the translation namespaces they need, to load with the first ones.
 * A task for each layout and page: asking for a chunk adds a preload link for each file it imports,
 * and each link costs the browser about a millisecond to start (/home's layout and page: 45 links, a
 * 200 ms task at 4× CPU when asked for in one).
 */
export async function preloadRoute(pathname: string, search = "", queryClient?: QueryClient): Promise<string[]> {
  const pages = routePages(pathname);
  if (queryClient) void prefetchRouteData(queryClient, pathname, search);
  for (const type of pages) {
    void type.preload?.();
    await nextTask();
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
      <Route path="sso/link" element={<SsoLinkPage />} />
      <Route path="unsubscribe/:token" element={<UnsubscribePage />} />
      {/* A certificate's public page: whoever was shown one checks it here, signed in or not. */}
      <Route path="verify/:code" element={<VerifyCertificatePage />} />
      <Route path="privacy" element={<PrivacyPage />} />
      <Route path="terms" element={<TermsPage />} />
    </Route>

    {/* Everything else needs a signed-in user: the layout sends others to /login. */}
    <Route element={<AppLayout />}>
      <Route path="setting" element={<SettingPage />} />
      {/* A company's pages: a platform operator, who holds no company, is shown the way to /admin. */}
      <Route element={<RequireAbility ability="company_area" refused={<CompanyPageOnly />} />}>
        <Route path="home" element={<HomePage />} />
        <Route path="home/item/:id" element={<ItemPage />} />
        <Route path="profile/:username" element={<HomePage />} />
        {/* A link shared to Learnward: /home opens its save dialog with it (no page of its own to load). */}
        <Route path="share" element={<HomePage />} />
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
      </Route>
      {/* spec §2: the admin area, with its own menu; admin only. */}
      <Route path="admin" element={<RequireAbility ability="admin_area" />}>
        <Route index element={<CompaniesPage />} />
        <Route path="budget-management" element={<BudgetManagementPage />} />
        <Route path="people-management" element={<AdminPeoplePage />} />
        <Route path="outbox" element={<OutboxPage />} />
      </Route>
    </Route>

    <Route path="*" element={<NotFoundPage />} />
  </Route>
);
