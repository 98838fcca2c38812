/**
 * The browser extension calls the API from its own origin: `chrome-extension://<id>` (Chromium) or
 * `moz-extension://<uuid>` (Firefox, a UUID of each installation). It is answered CORS on the calls it
 * makes and nowhere else, without credentials: it sends a personal access token, never a cookie.
 */

/** The calls the extension makes, by path (static paths: no parameters), and their methods. */
export const EXTENSION_ROUTES: ReadonlyMap<string, readonly string[]> = new Map([
  ["/api/contentuser/save", ["POST"]],
  ["/api/contentuser/lookup", ["GET"]],
  ["/api/user/folder", ["GET"]],
  ["/api/user/folder_relation/create_content", ["POST"]],
  // spec §4 Course status moves: wishlist ↔ running ↔ finalized.
  ["/api/user/wishlist", ["POST", "DELETE"]],
  ["/api/user/courses", ["POST", "PATCH", "DELETE"]],
  ["/api/me", ["GET"]],
  ["/api/session", ["GET"]],
]);

/** The headers the extension may send. */
export const EXTENSION_REQUEST_HEADERS = ["authorization", "content-type", "accept-language", "x-request-id"];

const EXTENSION_ORIGIN = /^(?:chrome-extension|moz-extension):\/\/([A-Za-z0-9-]{1,64})$/;

/** The path of a request URL without its query and trailing slash (the router ignores it too). */
const pathOf = (url: string) => {
  const path = url.split("?")[0]!;
  return path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
};

/**
 * Whether `origin` is an extension this server admits: any extension, or only those `ids` lists.
 */
export function extensionOrigins(ids: readonly string[] | undefined) {
  const listed = ids && ids.length ? new Set(ids.map((id) => id.toLowerCase())) : null;
  const isExtension = (origin: string | undefined): origin is string => {
    const id = origin?.match(EXTENSION_ORIGIN)?.[1];
    return id !== undefined && (listed === null || listed.has(id.toLowerCase()));
  };
  return {
    isExtension,
    /** The methods an admitted extension may use on this URL, or null when it may not call it. */
    methodsFor(origin: string | undefined, url: string): readonly string[] | null {
      if (!isExtension(origin)) return null;
      return EXTENSION_ROUTES.get(pathOf(url)) ?? null;
    },
    /** Whether an admitted extension may make this call. */
    admits(origin: string | undefined, method: string, url: string): boolean {
      return this.methodsFor(origin, url)?.includes(method.toUpperCase()) ?? false;
    },
  };
}
export type ExtensionOrigins = ReturnType<typeof extensionOrigins>;
