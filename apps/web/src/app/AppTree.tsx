import { StrictMode, Suspense, type ReactNode } from "react";
import type { QueryClient } from "@tanstack/react-query";
import { AppProviders } from "./providers";
import { AppRoutes } from "./router";
import { BootSpinner } from "./session";
import { RouteErrorBoundary } from "./RouteError";
import { RenderHintsProvider, type RenderHints } from "./renderHints";

/**
 * The whole app inside a router: the browser's (main.tsx) or, on the server, a static one for the
 * requested address (entry-server.tsx). Both must render the same tree for hydration to match.
 */
export function AppTree({
  queryClient,
  router: Router,
  hints,
}: {
  queryClient: QueryClient;
  router: (props: { children: ReactNode }) => ReactNode;
  hints: RenderHints | null;
}) {
  return (
    <StrictMode>
      <RenderHintsProvider value={hints}>
        <AppProviders queryClient={queryClient}>
          <Router>
            <RouteErrorBoundary>
              <Suspense fallback={<BootSpinner />}>
                <AppRoutes />
              </Suspense>
            </RouteErrorBoundary>
          </Router>
        </AppProviders>
      </RenderHintsProvider>
    </StrictMode>
  );
}
