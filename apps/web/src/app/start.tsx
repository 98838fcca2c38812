import { startTransition } from "react";
import { CacheProvider } from "@emotion/react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { hydrate, timeoutManager } from "@tanstack/react-query";
import { initI18n } from "../i18n";
import { isLocale, readLocale } from "../lib/locale";
import { createQueryClient } from "./providers";
import { preloadRoute, routeCode } from "./router";
import { AppTree } from "./AppTree";
import { loadParts } from "./lazyPart";
import { fetchSession } from "../features/identity/api";
import { sessionKey } from "../features/identity/hooks";
import { nextTask } from "../lib/tasks";
import { coalescedTimeouts } from "../lib/queryTimers";
import { warmIntl } from "../lib/warmIntl";
import { browserStyleCache } from "./styleCache";
import type { ServerState } from "../entry-server";

/**
 * Starts the app in the browser (main.tsx), in steps of a task each: the server's answers, the
 * route's code and words asked for, then the first render or hydration.
 */
export async function start() {
  // Before the first query: timers of one provider cannot cancel another's.
  timeoutManager.setTimeoutProvider(coalescedTimeouts());
  const queryClient = createQueryClient();
  // The server rendered this page (apps/server/src/plugins/web.ts): start from the answers it used.
  const stateText = document.getElementById("learnward-state")?.textContent;
  const serverState = stateText ? (JSON.parse(stateText) as ServerState) : null;
  // A page the server rendered is in the language it rendered it in (index.html's lang, which the
  // server sets): reading the cookie is a synchronous call to the browser's network process, and the
  // first one while the page's files download took 33 ms of a 41 ms task (unthrottled).
  const rendered = document.documentElement.lang;
  const locale = serverState && isLocale(rendered) ? rendered : readLocale();
  // While the page's files download, a worker loads the number and date data its first figures need.
  warmIntl(locale);
  if (serverState) hydrate(queryClient, serverState.queries);
  // Ask for the session while the translations load.
  else void queryClient.prefetchQuery({ queryKey: sessionKey, queryFn: fetchSession });
  await nextTask();

  // The page's code and first data download meanwhile too (unless the server sent the data), and its
  // words load with the first ones.
  const namespaces = await preloadRoute(window.location.pathname, window.location.search, serverState ? undefined : queryClient);
  // Hydration needs every word the server's render showed: a component whose words are not in yet
  // suspends, and its part of the page stays the server's, buttons dead, until they arrive; an update
  // reaching it meanwhile (the layout's, say) throws the server's page away and draws it again.
  await initI18n(locale, [...namespaces, ...(serverState?.namespaces ?? [])]);

  // index.html has it.
  const container = document.getElementById("root")!;

  const app = (
    <CacheProvider value={browserStyleCache()}>
      <AppTree queryClient={queryClient} router={BrowserRouter} hints={serverState && { phone: serverState.phone, preferences: serverState.preferences }} />
    </CacheProvider>
  );
  if (serverState) {
    // Hydration keeps the server's DOM. It starts once the page's code is in, and then the code of the
    // parts the server rendered in it (its layouts and page declare them), so that the page hydrates
    // in one pass rather than part by part as its code arrives, with buttons that do nothing meanwhile.
    // Parts the first load declares (the footer's) load beside the page's code; the page's own once it is in.
    const early = loadParts(serverState.parts);
    await routeCode(window.location.pathname);
    await Promise.all([early, loadParts(serverState.parts)]);
  }
  await nextTask();
  // A transition: React renders (or hydrates) the first page in slices and lets the browser breathe
  // between them, instead of one long task a slow phone can't answer input during (Lighthouse TBT).
  // Outside a transition, hydration is done in one go.
  startTransition(() => {
    if (serverState) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
}
