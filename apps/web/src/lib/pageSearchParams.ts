import { useCallback, useContext } from "react";
import { UNSAFE_NavigationContext, useLocation, useSearchParams, type SetURLSearchParams } from "react-router";

/**
 * useSearchParams for the filters a page keeps in its own address. Navigations are transitions: while
 * the next page's code loads, this page stays on screen and mounted, so a debounced search that
 * settles then would rewrite the address back to this page and drop the person where they came from.
 * Once the address has moved to another page, writes are ignored.
 */
export function usePageSearchParams(): [URLSearchParams, SetURLSearchParams] {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  // The router's history knows the address already pushed, before this tree re-renders with it.
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const setOwnParams = useCallback<SetURLSearchParams>(
    (next, options) => {
      const current = (navigator as { location?: { pathname: string } }).location?.pathname;
      if (current !== undefined && current !== pathname) return;
      setParams(next, options);
    },
    [navigator, pathname, setParams],
  );
  return [params, setOwnParams];
}

/** The parameters with these changes made: an empty value, null or page 1 removes its key (page 1 is the default). */
export function withChanges(current: URLSearchParams, changes: Record<string, string | number | null>): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === "" || (key === "page" && value === 1)) next.delete(key);
    else next.set(key, String(value));
  }
  return next;
}
