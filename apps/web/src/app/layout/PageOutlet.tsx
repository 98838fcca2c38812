import { Suspense, useEffect, type ReactNode } from "react";
import { Outlet, useLocation } from "react-router";
import { RouteErrorBoundary } from "../RouteError";
import { PageSpinner } from "./PageSpinner";

const READY_MARK = "learnward:ready";

/**
 * Marks the document once the browser has drawn or hydrated a page: a page the server rendered shows
 * before that but does not answer yet (end-to-end tests wait for the mark, e2e/support.ts). It sits
 * with the page because the page hydrates after the layout around it, once its code is in.
 */
function ReadyMark() {
  useEffect(() => {
    document.documentElement.dataset.ready = "true";
    // When the page first answered, for the browser suite's page timings (e2e/specs/pages.e2e.ts).
    if (!performance.getEntriesByName(READY_MARK).length) performance.mark(READY_MARK);
  }, []);
  return null;
}

/** Where a layout shows its page: a spinner while the page's code loads, an error panel if it fails. */
export function PageOutlet({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  // A new page starts at the top, as a full page load would. (Block body: Chromium's scrollTo
  // returns a promise, and an effect may only return a cleanup function.)
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <RouteErrorBoundary key={pathname}>
      <Suspense fallback={<PageSpinner />}>
        {children ?? <Outlet />}
        <ReadyMark />
      </Suspense>
    </RouteErrorBoundary>
  );
}
