import "./lib/zod-jitless";
import { StrictMode, Suspense, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { initI18n } from "./i18n";
import { readLocale } from "./lib/locale";
import { AppProviders, createQueryClient } from "./app/providers";
import { AppRoutes, preloadRoute } from "./app/router";
import { BootSpinner } from "./app/session";
import { RouteErrorBoundary } from "./app/RouteError";
import { fetchSession, sessionKey } from "./features/identity/hooks";

const queryClient = createQueryClient();
// Ask for the session while the translations load.
void queryClient.prefetchQuery({ queryKey: sessionKey, queryFn: fetchSession });

// The page's code and first data download meanwhile too, and its words load with the first ones.
await initI18n(readLocale(), preloadRoute(window.location.pathname, window.location.search));

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

const root = createRoot(container);
// A transition: React renders the first page in slices and lets the browser breathe between them,
// instead of one long task a slow phone can't answer input during (Lighthouse TBT, issue 13).
startTransition(() =>
  root.render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <BrowserRouter>
          <RouteErrorBoundary>
            <Suspense fallback={<BootSpinner />}>
              <AppRoutes />
            </Suspense>
          </RouteErrorBoundary>
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  ),
);
