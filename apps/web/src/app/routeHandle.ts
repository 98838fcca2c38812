import { matchPath } from "react-router";

// Routes whose top bar shows a back button, and where it leads without in-app history.
const BACK_TARGETS: ReadonlyArray<readonly [pattern: string, backTo: string]> = [
  ["/setting", "/home"],
  ["/collaborative-network/collections/:id/:slug", "/collaborative-network/library"],
  ["/peopleManagement/team/:id", "/peopleManagement"],
];

/** Where the top bar's back button leads on this path, or null when the page has none. */
export function backTargetFor(pathname: string): string | null {
  return BACK_TARGETS.find(([pattern]) => matchPath(pattern, pathname))?.[1] ?? null;
}
