// @vitest-environment node
import { describe, expect, it, vi } from "vitest";
import { NO_STATE_COUNTS, accountAbilities, type Me } from "@learnward/contracts";
import { renderToString as renderOnce } from "react-dom/server";
import i18next from "i18next";
import { I18nextProvider, useTranslation } from "react-i18next";
import { render, type ApiGet } from "./entry-server";
import { serverI18n } from "./i18n";
import { companyInsights } from "./features/insights/testing";
import { collection } from "./features/network/testing";

// How many times the server renders a page to a string: each pass after the first only fetches
// what the previous one asked for (a render that stopped at code not loaded yet is no pass).
const passes = vi.hoisted(() => ({ count: 0, codeLoads: 0 }));
vi.mock("react-dom/server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("react-dom/server")>();
  return {
    ...actual,
    renderToString: (...args: Parameters<typeof actual.renderToString>) => {
      const html = actual.renderToString(...args);
      passes.count++;
      return html;
    },
  };
});
// The whole extra render that waits for a page's code to load.
vi.mock("react-dom/static", async (importOriginal) => {
  const actual = await importOriginal<typeof import("react-dom/static")>();
  return {
    ...actual,
    prerenderToNodeStream: (...args: Parameters<typeof actual.prerenderToNodeStream>) => {
      passes.codeLoads++;
      return actual.prerenderToNodeStream(...args);
    },
  };
});

const ME: Me = {
  user: { uid: "u-leo", email: "leo@acme.test", displayName: "Leo Duarte", photoURL: null },
  account: {
    id: 7,
    uid: "u-leo",
    role: "ldleader",
    status: "active",
    domain: "acme.test",
    created_at: "2026-01-05T09:00:00.000Z",
    team: null,
    two_factor: { enabled: false, required: false },
  },
  company: { id: 1, name: "Acme", domain: "acme.test" },
  abilities: accountAbilities({ role: "ldleader", teamId: null }),
} as unknown as Me;

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** An API that answers the given paths and 404s the rest, and records what it was asked. */
function fakeApi(answers: Record<string, unknown>): ApiGet & { calls: string[] } {
  const calls: string[] = [];
  const api = (url: string) => {
    calls.push(url);
    const path = url.split("?")[0] ?? url;
    return Promise.resolve(path in answers ? json(200, answers[path]) : json(404, { error: { code: "not_found", message: `No ${path}` } }));
  };
  return Object.assign(api, { calls });
}

const queryKeys = (state: { queries: { queries: { queryKey: unknown }[] } }) => state.queries.queries.map((query) => query.queryKey);

describe("rendering the first view on the server", () => {
  it("renders a signed-in page with its styles in one tag for the head", async () => {
    const page = await render({ url: "/discover", cookie: "", phone: false, api: fakeApi({ "/api/session": { me: ME } }) });
    expect(page?.locale).toBe("en");
    expect(page?.html).toContain('<main class="');
    // No <style> beside each element: emotion's styles are collected for the head.
    expect(page?.html).not.toContain("<style");
    expect(page?.head).toMatch(/^<style data-emotion="css-global [^"]+" data-s="">.*<style data-server-styles="css [^"]+">[^<]+<\/style>$/s);
  });

  it("gives the browser the styles of every styled part, those merged into another's class too", async () => {
    const page = await render({ url: "/discover", cookie: "", phone: false, api: fakeApi({ "/api/session": { me: ME } }) });
    const ids = page?.head.match(/<style data-server-styles="css ([^"]+)"/)?.[1]?.split(" ") ?? [];
    const onElements = ids.filter((id) => page?.html.includes(`css-${id}`));
    // An IconButton's own class is merged into its ButtonBase's, which the button carries: without the
    // former's style, emotion in the browser writes it again as the page hydrates.
    expect(ids.length).toBeGreaterThan(onElements.length);
  });

  it("hands the browser the preferences its render read, and none of the request's other cookies", async () => {
    const cookie = "learnward.session_token=secret-token; learnward_drawer_collapsed=true";
    const page = await render({ url: "/home", cookie, phone: false, api: fakeApi({ "/api/session": { me: ME } }) });
    expect(page?.html).toContain('aria-label="Expand menu"');
    expect(page?.state.preferences).toEqual({ learnward_drawer_collapsed: "true" });
    expect(JSON.stringify(page?.state)).not.toContain("secret-token");
  });

  it("renders in the visitor's language", async () => {
    const page = await render({ url: "/home", cookie: "NEXT_LOCALE=es", phone: false, api: fakeApi({ "/api/session": { me: ME } }) });
    expect(page?.locale).toBe("es");
    expect(page?.html).toContain("Hola, Leo Duarte.");
  });

  it("fetches what the page shows as the signed-in person, and leaves failed calls to the browser", async () => {
    // In their first week: the shell shows their onboarding steps (spec §4).
    const newcomer = { ...ME, account: { ...ME.account, created_at: new Date().toISOString() } };
    const api = fakeApi({ "/api/session": { me: newcomer }, "/api/b2b/v1/onboarding/": { count: 0, next: null, previous: null, results: [] } });
    const page = await render({ url: "/home", cookie: "", phone: false, api });
    expect(page?.html).toContain("Welcome, Leo Duarte. Your saved content, courses and folders live here.");
    // The desktop layout: the menu collapses rather than opens.
    expect(page?.html).toContain('aria-label="Collapse menu"');
    expect(api.calls).toEqual(expect.arrayContaining(["/api/session", expect.stringMatching(/^\/api\/contentuser\/search\?/)]));
    const keys = queryKeys(page!.state);
    expect(keys).toContainEqual(["session"]);
    expect(keys).toContainEqual(["onboarding"]);
    // The library answered 404 here: not sent, so the browser asks again and shows what it gets.
    expect(keys.some((key) => Array.isArray(key) && key[0] === "library")).toBe(false);
  });

  it("fetches the bell's first page with the page, for the bell drawn after hydration to read", async () => {
    const unread = { count: 1, next: null, previous: null, unread: 1, results: [] };
    const api = fakeApi({ "/api/session": { me: ME }, "/api/notifications": unread });
    const page = await render({ url: "/discover", cookie: "", phone: false, api });
    const bell = page!.state.queries.queries.find((query) => JSON.stringify(query.queryKey) === '["notifications"]');
    // As the bell's list keeps it: a page at a time.
    expect(bell?.state.data).toEqual({ pages: [unread], pageParams: [1] });
  });

  it("names the lazily loaded parts it rendered, for the browser to load before it hydrates", async () => {
    const api = fakeApi({ "/api/session": { me: ME }, "/api/user/folder/": [] });
    const folders = await render({ url: "/home?tab=folders", cookie: "", phone: false, api });
    // The server drew the folders tab with its buttons: they answer only once its code is in.
    expect(folders?.html).toContain("New folder");
    expect(folders?.state.parts).toEqual(expect.arrayContaining(["home.folders"]));
    const library = await render({ url: "/home", cookie: "", phone: false, api });
    expect(library?.state.parts).not.toContain("home.folders");
    // Every page's footer: its social links, drawn with their icons.
    expect(library?.state.parts).toEqual(["footer.social"]);
    expect(library?.html).toMatch(/<a [^>]*aria-label="[^"]*YouTube[^"]*"[^>]*>\s*<svg/);
  });

  it("names the translation namespaces its render read, for the browser to load before it hydrates", async () => {
    const api = fakeApi({ "/api/session": { me: ME } });
    const page = await render({ url: "/discover", cookie: "", phone: false, api });
    // /discover declares its own words; its cards show types and durations in the library's.
    expect(page?.state.namespaces).toEqual(expect.arrayContaining(["common", "discover", "home", "network"]));
    expect(page?.state.namespaces).not.toContain("insights");
  });

  it("lays the page out for a phone when told the visitor is on one", async () => {
    const api = fakeApi({ "/api/session": { me: ME } });
    const page = await render({ url: "/home", cookie: "", phone: true, api });
    expect(page?.html).toContain('aria-label="Open menu"');
    expect(page?.state.phone).toBe(true);
    // Past their first week, onboarding is not offered, so not asked for (spec §4).
    expect(api.calls.some((url) => url.startsWith("/api/b2b/v1/onboarding"))).toBe(false);
  });

  it("keeps the drawer as the person left it (its cookie)", async () => {
    const page = await render({ url: "/home", cookie: "learnward_drawer_collapsed=true", phone: false, api: fakeApi({ "/api/session": { me: ME } }) });
    expect(page?.html).toContain('aria-label="Expand menu"');
  });

  it("renders the dashboard's key figures and what needs attention, and leaves its charts to the browser", async () => {
    const api = fakeApi({ "/api/session": { me: ME }, "/api/b2b/v1/insights/": companyInsights });
    const page = await render({ url: "/dashboard/content", cookie: "", phone: false, api });
    expect(page?.html).toContain("2 people are past the deadline of an upskilling plan");
    expect(page?.html).toContain("1,234");
    // Charts size themselves to the browser's layout: drawn here, they were drawn again at once.
    expect(page?.html).not.toContain("MuiChartsSurface");
    expect(queryKeys(page!.state)).toContainEqual(expect.arrayContaining(["insights"]));
  });

  it("renders the sign-in page for a visitor who is not signed in, its button waiting for the browser", async () => {
    const page = await render({ url: "/login?next=%2Fdiscover", cookie: "NEXT_LOCALE=es", phone: true, api: fakeApi({ "/api/session": { me: null } }) });
    expect(page?.html).toContain("Iniciar sesión");
    expect(page?.html).toMatch(/<form[^>]* method="post"/);
    // Until hydrated, the form must not submit natively: its submit button (and so Enter) does nothing.
    expect(page?.html).toMatch(/<fieldset disabled=""[^>]*>(?:(?!<\/fieldset>).)*<button[^>]*type="submit"/s);
    expect(page?.html).toContain('href="/register?next=%2Fdiscover"');
    expect(queryKeys(page!.state)).toEqual([["session"]]);
  });

  it("leaves to the browser the pages of someone who must set up a second factor first", async () => {
    const api = fakeApi({ "/api/session": { me: { ...ME, account: { ...ME.account, two_factor: { enabled: false, required: true } } } } });
    expect(await render({ url: "/home", cookie: "", phone: false, api })).toBeNull();
    // The server refuses them everything else: nothing was asked but who they are.
    expect(api.calls).toEqual(["/api/session"]);
  });

  it.each([
    {
      url: "/home?q=window",
      answers: {
        "/api/contentuser/counts": {
          articlesCount: 1,
          videosCount: 0,
          booksCount: 0,
          podcastsCount: 0,
          coursesCount: 0,
          allContentCount: 1,
          jobsCount: 0,
          runningCount: 0,
          finalizedCount: 0,
          wishlistCount: 0,
          allCount: 1,
          states: NO_STATE_COUNTS,
        },
        "/api/contentuser/search": {
          count: 1,
          links: { next: null, previous: null },
          results: [
            {
              id_primary: 1,
              id_content: 101,
              content_type: "article",
              title: "Window functions explained",
              url: "https://example.com/a",
              author: "Ada",
              duration_s: 900,
              description: null,
              image_url: null,
              provider: null,
              is_private: false,
              course_status: null,
              completed: null,
              state: null,
              created_at: "2026-11-20T10:00:00.000Z",
              metadata_pending: false,
            },
          ],
        },
      },
      shows: "Window functions explained",
      data: [
        ["library", "counts", null, "window"],
        ["library", "search", { page: 1, page_size: 8, contenType: "all,job", search: "window" }],
      ],
    },
    {
      url: "/collaborative-network",
      answers: { "/api/b2b/v1/collections/": { count: 1, next: null, previous: null, results: [collection({ title: "SQL joins and windows" })] } },
      shows: "SQL joins and windows",
      data: [
        ["network", "collections", "list", { scope: "following", page: 1, page_size: 6 }],
        ["network", "collections", "list", { scope: "library", page: 1, page_size: 12 }],
      ],
    },
    {
      url: "/dashboard/content",
      answers: { "/api/b2b/v1/insights/": companyInsights, "/api/b2b/v1/insights/compliance": { results: [] } },
      shows: "1,234",
      data: [
        ["insights", { time: "30d", bucket: "day" }],
        ["compliance", "teams"],
      ],
    },
  ])("renders $url from its first data in one pass, and sends that data with it", async ({ url, answers, shows, data }) => {
    const api = fakeApi({ "/api/session": { me: ME }, ...answers });
    passes.count = 0;
    const page = await render({ url, cookie: "", phone: false, api });
    expect(page?.html).toContain(shows);
    // The browser hydrates from the same answers: it asks for none of them again.
    for (const key of data) expect(queryKeys(page!.state)).toContainEqual(key);
    // Its data was fetched once, before the page was first rendered, instead of render after render
    // (a first render may stop short at code not loaded yet, and render again once it is).
    expect(passes.count).toBeLessThanOrEqual(2);
    const asked = api.calls.filter((call) => call.split("?")[0]! in answers);
    expect(asked).toHaveLength(data.length);
    expect(new Set(asked).size).toBe(asked.length);
    // Rendered again, its code already loaded: one render, without the one that waits for code.
    passes.count = 0;
    passes.codeLoads = 0;
    expect((await render({ url, cookie: "", phone: false, api: fakeApi({ "/api/session": { me: ME }, ...answers }) }))?.html).toContain(shows);
    expect([passes.count, passes.codeLoads]).toEqual([1, 0]);
  });

  it("has a page's words ready the moment it has them in the visitor's language", async () => {
    // A render that met words still loading suspended, and renderToString refuses that: each request
    // then paid a whole render more (prerender) and a third pass (/discover, warm: 270 ms against 188).
    function Heading() {
      const { t } = useTranslation("home");
      return <h1>{t("title")}</h1>;
    }
    // Here the words are bundled (test/setup.ts), which makes a clone ready at once; in the app they
    // load lazily, and a clone is ready a task later.
    const bundled = i18next.options.resources;
    delete i18next.options.resources;
    const i18n = await serverI18n("es", ["home"]).finally(() => (i18next.options.resources = bundled));
    expect(
      renderOnce(
        <I18nextProvider i18n={i18n}>
          <Heading />
        </I18nextProvider>,
      ),
    ).toMatch(/^<h1>[^<]+<\/h1>$/);
  });

  it("leaves other pages, and visitors a page is not for, to the browser", async () => {
    const api = fakeApi({ "/api/session": { me: ME } });
    // A settings form would submit natively until hydrated.
    expect(await render({ url: "/setting", cookie: "", phone: false, api })).toBeNull();
    expect(api.calls).toEqual([]);
    // A signed-in person is sent on from /login by the browser.
    expect(await render({ url: "/login", cookie: "", phone: false, api })).toBeNull();

    expect(await render({ url: "/home", cookie: "", phone: false, api: fakeApi({ "/api/session": { me: null } }) })).toBeNull();
    // spec §4: an account that is gone is signed out by the browser; the server does not post it.
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const gone = (url: string) =>
      Promise.resolve(url.startsWith("/api/session") ? json(404, { error: { code: "account_missing", message: "No account" } }) : json(404, {}));
    expect(await render({ url: "/home", cookie: "", phone: false, api: gone })).toBeNull();
    expect(error).toHaveBeenCalledWith("Sign-out failed", expect.any(Error));
  });
});
