import "./lib/zod-jitless";
import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { hydrate } from "@tanstack/react-query";
import { initI18n } from "./i18n";
import { readLocale } from "./lib/locale";
import { createQueryClient } from "./app/providers";
import { preloadRoute, routeCode } from "./app/router";
import { AppTree } from "./app/AppTree";
import { loadParts } from "./app/lazyPart";
import { fetchSession } from "./features/identity/api";
import { sessionKey } from "./features/identity/hooks";
import type { ServerState } from "./entry-server";

const queryClient = createQueryClient();
// The server rendered this page (apps/server/src/plugins/web.ts): start from the answers it used.
const stateText = document.getElementById("learnward-state")?.textContent;
const serverState = stateText ? (JSON.parse(stateText) as ServerState) : null;
if (serverState) hydrate(queryClient, serverState.queries);
// Ask for the session while the translations load.
else void queryClient.prefetchQuery({ queryKey: sessionKey, queryFn: fetchSession });

// The page's code and first data download meanwhile too (unless the server sent the data), and its
// words load with the first ones.
await initI18n(readLocale(), preloadRoute(window.location.pathname, window.location.search, serverState ? undefined : queryClient));

// index.html has it.
const container = document.getElementById("root")!;

const app = <AppTree queryClient={queryClient} router={BrowserRouter} hints={serverState && { phone: serverState.phone }} />;
if (serverState) {
  // Hydration keeps the server's DOM. It starts once the page's code is in, and then the code of the
  // parts the server rendered in it (its layouts and page declare them), so that the page hydrates
  // in one pass rather than part by part as its code arrives, with buttons that do nothing meanwhile.
  // Parts the first load declares (the footer's) load beside the page's code; the page's own once it is in.
  const early = loadParts(serverState.parts);
  await routeCode(window.location.pathname);
  await Promise.all([early, loadParts(serverState.parts)]);
}
// A transition: React renders (or hydrates) the first page in slices and lets the browser breathe
// between them, instead of one long task a slow phone can't answer input during (Lighthouse TBT).
// Outside a transition, hydration is done in one go.
startTransition(() => {
  if (serverState) hydrateRoot(container, app);
  else createRoot(container).render(app);
});
