import { createContext, startTransition, useCallback, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from "react";
import useMediaQuery from "@mui/material/useMediaQuery";
import type { Theme } from "@mui/material/styles";
import { ONE_YEAR_SECONDS, readCookie } from "../lib/cookie";

/**
 * What a page rendered on the server (entry-server.tsx) could not read from a browser: whether the
 * visitor is on a phone, as the request's headers say, and the request's cookies. The browser
 * hydrates with the same phone guess, then uses the real screen. Null: nothing was server-rendered.
 */
export interface RenderHints {
  phone: boolean;
  /** The request's Cookie header on the server; the browser reads document.cookie. */
  cookie?: string;
  /**
   * The preference cookies the render read (useCookieBoolean), by name: the server's render records
   * them, and the browser hydrates with them rather than reading document.cookie, a synchronous call
   * to the browser's network process (4 ms of a hydration task of /dashboard/content under Lighthouse,
   * up to 33 ms while the page's files download). Only preferences: never the request's cookies.
   */
  preferences?: Record<string, string | null>;
}

const RenderHintsContext = createContext<RenderHints | null>(null);
export const RenderHintsProvider = RenderHintsContext.Provider;

/**
 * useMediaQuery that agrees with the server's render while hydrating (the server guessed from the
 * request whether this is a phone, and screen queries here are phone-or-not), and otherwise answers
 * at once from the screen.
 */
export function useScreenQuery(query: string | ((theme: Theme) => string)): boolean {
  const hints = useContext(RenderHintsContext);
  return useMediaQuery(query, hints ? { defaultMatches: hints.phone } : { noSsr: true });
}

/**
 * A yes/no preference of this browser, kept in a cookie so that a page rendered on the server shows
 * it too (a private window may refuse cookies: then it lasts the visit).
 */
export function useCookieBoolean(name: string, fallback: boolean): [boolean, (value: boolean) => void] {
  const hints = useContext(RenderHintsContext);
  const [value, setValue] = useState(() => {
    const preferences = hints?.preferences;
    const onServer = hints?.cookie !== undefined;
    // The browser hydrates with what the server's render read; the server records what it reads.
    const stored =
      !onServer && preferences && Object.hasOwn(preferences, name)
        ? (preferences[name] ?? null)
        : readCookie(hints?.cookie ?? (typeof document === "undefined" ? "" : document.cookie), name);
    if (onServer && preferences) preferences[name] = stored;
    return stored === null ? fallback : stored === "true";
  });
  const update = useCallback(
    (next: boolean) => {
      setValue(next);
      document.cookie = `${name}=${String(next)}; path=/; max-age=${ONE_YEAR_SECONDS}; SameSite=Lax`;
    },
    [name],
  );
  return [value, update];
}

/** True in the server's render (entry-server.tsx hands it the request's cookie), false in a browser. */
export function useServerRender(): boolean {
  const hints = useContext(RenderHintsContext);
  return typeof document === "undefined" || hints?.cookie !== undefined;
}

const unchanging = () => () => undefined;

/**
 * False while a page the server rendered is shown but not hydrated yet (and in the server's render),
 * true once the browser answers it, and at once on a page the browser draws itself.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    unchanging,
    () => true,
    () => false,
  );
}

/**
 * Its children, disabled until the browser answers the page (useHydrated): a form's submit button
 * that must not submit natively before then. A fieldset disables them as the browser sees them, so
 * the re-render that hydration ends with, synchronous in the task of hydration's commit, changes one
 * attribute. Disabling the button itself re-rendered the whole form there and drew the enabled
 * button's new styles and ripple: a 47-58 ms task in /login's load under Lighthouse.
 */
export function DisabledUntilHydrated({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  // No frame and no padding; its margins are the parent's to set (a Stack's spacing).
  return (
    <fieldset disabled={!hydrated} style={{ border: 0, padding: 0, minWidth: 0 }}>
      {children}
    </fieldset>
  );
}

/**
 * Its children once the browser answers the page (useHydrated), nothing before. The re-render that
 * hydration ends with is synchronous, in the task of hydration's commit: kept to this leaf, it draws
 * nothing but the leaf, and the children are drawn after, in a transition of their own. Drawn in that
 * re-render, the top bar's bell (its query, badge, tooltip and their styles) made that task a third
 * longer (163 ms at 4× CPU on /home). A page the browser draws itself shows them at once.
 */
export function AfterHydration({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  const [shown, setShown] = useState(hydrated);
  useEffect(() => {
    if (hydrated && !shown) startTransition(() => setShown(true));
  }, [hydrated, shown]);
  return shown ? children : null;
}
