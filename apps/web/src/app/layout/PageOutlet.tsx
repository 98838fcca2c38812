import { Suspense, useEffect, type ReactNode } from "react";
import { Outlet, useLocation } from "react-router";
import { RouteErrorBoundary } from "../RouteError";
import { PageSpinner } from "./PageSpinner";

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
      <Suspense fallback={<PageSpinner />}>{children ?? <Outlet />}</Suspense>
    </RouteErrorBoundary>
  );
}
