import { AsyncLocalStorage } from "node:async_hooks";
import { text } from "node:stream/consumers";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { prerenderToNodeStream } from "react-dom/static";
import { StaticRouter } from "react-router";
import { dehydrate, hashKey, skipToken, type DehydratedState, type Query, type QueryClient } from "@tanstack/react-query";
import { I18nextProvider } from "react-i18next";
import createCache from "@emotion/cache";
import { CacheProvider } from "@emotion/react";
import type { Locale } from "@learnward/contracts";
import { createQueryClient } from "./app/providers";
import { ensureFirstData } from "./app/firstData";
import { AppTree } from "./app/AppTree";
import { RenderedParts } from "./app/lazyPart";
import { styleTags } from "./app/serverStyles";
import { routeData, routeNamespaces, serverAudience } from "./app/router";
import { serverI18n, usedNamespaces } from "./i18n";
import { readLocale } from "./lib/locale";
import { setTransport } from "./lib/api";
import { fetchSession, type Session } from "./features/identity/api";
import { mustSetUpTwoFactor, sessionKey } from "./features/identity/hooks";

/** A GET to the API as the visitor (their cookie), answered in-process by the server. */
export type ApiGet = (url: string) => Promise<Response>;

export interface RenderInput {
  /** The path and query asked for. */
  url: string;
  /** The request's Cookie header: the locale and the visitor's preferences are read from it. */
  cookie: string;
  /** Whether the request comes from a phone (its headers say so): the page is laid out for one. */
  phone: boolean;
  api: ApiGet;
  /** Gives up (and the browser renders the page itself) once this aborts. */
  signal?: AbortSignal;
}

export interface ServerState {
  queries: DehydratedState;
  phone: boolean;
  /** The lazily loaded parts the page rendered (app/lazyPart.tsx), whose code hydration needs. */
  parts: string[];
  /**
   * The translation namespaces the render read, whose words hydration needs: a page may show words
   * of namespaces its route does not declare (item cards in the library's words), and a component
   * that meets words not loaded yet suspends, which keeps its part of the page dehydrated.
   */
  namespaces: string[];
  /** The preference cookies the render read (app/renderHints.tsx), which hydration starts from. */
  preferences: Record<string, string | null>;
}

export interface RenderOutput {
  locale: Locale;
  /** What goes inside <div id="root">. */
  html: string;
  /** What goes in <head>: the styles the page uses. */
  head: string;
  /** What the browser hydrates with: the answers the page rendered from, and the phone guess. */
  state: ServerState;
}

/**
 * Render passes at most after the first: each fetches what the previous one asked for that the page
 * did not declare as its first data (the shell's onboarding steps, a list's details).
 */
const MAX_PASSES = 3;
/** How renderToString marks a Suspense boundary it could not finish. */
const CLIENT_RENDERED = "<!--$!-->";

// lib/api's calls go to the API of the request being rendered, even while several render at once.
const current = new AsyncLocalStorage<ApiGet>();
setTransport((url, init) => {
  const api = current.getStore();
  if (!api) return Promise.reject(new Error(`No request to call ${url} for`));
  // The first view only reads; anything else waits for the browser.
  if ((init.method ?? "GET") !== "GET") return Promise.reject(new Error(`${init.method} ${url} is not made while rendering on the server`));
  return api(url);
});

/** Whether the component that asked for `query` lets it run (useQuery's `enabled`). */
function isEnabled(query: Query): boolean {
  const { enabled } = query.options as { enabled?: boolean | ((query: Query) => boolean) };
  return typeof enabled === "function" ? enabled(query) : enabled !== false;
}

/**
 * Queries the last render asked for that have not been fetched yet (useQuery does not fetch on a
 * server), leaving out those the page holds back (disabled until the person types, for instance).
 */
function unfetched(queryClient: QueryClient, asked: Set<string>) {
  const queries = queryClient.getQueryCache().findAll({
    predicate: (query) =>
      query.state.status === "pending" &&
      query.state.fetchStatus === "idle" &&
      query.options.queryFn !== undefined &&
      query.options.queryFn !== skipToken &&
      isEnabled(query) &&
      !asked.has(query.queryHash),
  });
  for (const query of queries) asked.add(query.queryHash);
  return queries;
}

/**
 * Renders the first view of `url` as the browser would once its code, words and data have loaded,
 * or answers null when the browser should render it itself (a page not rendered on the server, or a
 * visitor the page is not rendered for).
 */
export function render(input: RenderInput): Promise<RenderOutput | null> {
  return current.run(input.api, () => renderPage(input));
}

async function renderPage({ url, cookie, phone, signal }: RenderInput): Promise<RenderOutput | null> {
  const { pathname, search } = new URL(url, "http://localhost");
  const audience = serverAudience(pathname);
  if (!audience) return null;
  const locale = readLocale(cookie);
  const queryClient = createQueryClient();
  try {
    const session: Session = await queryClient.fetchQuery({ queryKey: sessionKey, queryFn: fetchSession });
    // Each page is rendered for the visitors it is for: the browser sends anyone else on (to /login,
    // or from /login home), and signs out an account that is gone (spec §4), which the server cannot
    // do for it.
    const rendersFor = session.status === "signedIn" ? "signedIn" : session.reason === "anonymous" ? "signedOut" : null;
    // Someone who must set up a second factor first sees that page instead, and the browser draws it:
    // the server refuses them the page's data anyway.
    if (session.status === "signedIn" && mustSetUpTwoFactor(session.me)) return null;
    if (rendersFor !== audience) return null;
    // The page's first data, declared once (app/firstData.ts), is fetched with its words before the
    // first render: the page renders from it in one pass instead of asking for it render after render.
    const firstData = await routeData(pathname, search, session.status === "signedIn" ? session.me : undefined);
    const [i18n] = await Promise.all([
      serverI18n(locale, routeNamespaces(pathname)),
      ...firstData.map((options) => ensureFirstData(queryClient, options).catch(() => undefined)),
    ]);
    // Asked once: a failed call is the browser's to make again and report (the page renders it as loading).
    const asked = new Set(firstData.map((options) => hashKey(options.queryKey)));
    queryClient.removeQueries({ predicate: (query) => query.state.status === "error" });
    const router = ({ children }: { children: ReactNode }) => <StaticRouter location={pathname + search}>{children}</StaticRouter>;
    // compat: emotion keeps the styles in its cache rather than writing a <style> before each element.
    const newStyles = () => Object.assign(createCache({ key: "css" }), { compat: true as const });
    // Each render starts a cache of its own, so that the page's styles are the last render's alone (a
    // render that stopped at data or code still loading drew spinners, whose styles the page has not).
    let styles = newStyles();
    const parts = new Set<string>();
    const preferences: Record<string, string | null> = {};
    const app = () => (
      <CacheProvider value={(styles = newStyles())}>
        <I18nextProvider i18n={i18n}>
          <RenderedParts.Provider value={parts}>
            <AppTree queryClient={queryClient} router={router} hints={{ phone, cookie, preferences }} />
          </RenderedParts.Provider>
        </I18nextProvider>
      </CacheProvider>
    );
    // prerender waits for every lazy page and layout to load; its output is not kept, because React
    // sends large parts of it as inline scripts, which the CSP (script-src 'self') refuses. Only when a
    // render met code not loaded yet: once a page's code has loaded (every request for it after the
    // first), the first pass renders it whole, and a full render more would be wasted (bench: /home and
    // /discover rendered in about half the time).
    let loaded = false;
    const loadCode = async () => {
      await text((await prerenderToNodeStream(app(), { signal })).prelude);
      loaded = true;
    };
    const renderNow = async () => {
      try {
        return renderToString(app());
      } catch (error) {
        // A page whose code is not loaded yet suspends outside any boundary, which renderToString
        // refuses: load it and render again (any other error comes back from the second render).
        if (loaded) throw error;
        await loadCode();
        parts.clear();
        return renderToString(app());
      }
    };
    let html = "";
    for (let pass = 0; ; pass++) {
      parts.clear();
      html = await renderNow();
      // Something still loading renders as a boundary the browser must draw itself.
      const waiting = html.includes(CLIENT_RENDERED);
      const queries = unfetched(queryClient, asked);
      if ((!waiting && !queries.length) || pass === MAX_PASSES) break;
      await Promise.all(queries.map((query) => query.fetch().catch(() => undefined)));
      // A failed call is the browser's to make again and report; the page renders it as loading.
      queryClient.removeQueries({ predicate: (query) => query.state.status === "error" });
      if (waiting) await loadCode();
      signal?.throwIfAborted();
    }
    // The browser would report the boundaries it had to draw itself as errors: it draws the page.
    if (html.includes(CLIENT_RENDERED)) return null;
    return {
      locale,
      html,
      head: styleTags(styles),
      state: { queries: dehydrate(queryClient), phone, parts: [...parts], namespaces: usedNamespaces(i18n), preferences },
    };
  } finally {
    queryClient.clear();
  }
}
