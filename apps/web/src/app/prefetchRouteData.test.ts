import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "./providers";
import { prefetchRouteData, routeData } from "./router";
import { meFor } from "../test/render";

// The schemas that check answers start up in one long task: a page whose data is all there (the
// server rendered it with its data) must not load them while it hydrates.
const schemas = vi.hoisted(() => ({ preloads: 0 }));
vi.mock("../lib/contracts", async (original) => ({
  ...(await original<typeof import("../lib/contracts")>()),
  preloadSchemas: () => void schemas.preloads++,
}));
afterEach(() => {
  vi.unstubAllGlobals();
  schemas.preloads = 0;
});

describe("the router's early fetch", () => {
  const me = meFor("member");
  const asked = () => {
    // The only answer asked for below: the bell's first page.
    const page = { count: 0, next: null, previous: null, unread: 0, results: [] };
    const fetch = vi.fn((_input: RequestInfo | URL) =>
      Promise.resolve(new Response(JSON.stringify(page), { status: 200, headers: { "Content-Type": "application/json" } })),
    );
    vi.stubGlobal("fetch", fetch);
    return fetch;
  };

  it("asks for nothing and loads no schemas when the page's first data is in the cache", async () => {
    const fetch = asked();
    const queryClient = createQueryClient();
    const declared = await routeData("/home", "", me);
    expect(declared.length).toBeGreaterThan(0);
    for (const options of declared) queryClient.setQueryData(options.queryKey, {});
    await prefetchRouteData(queryClient, "/home", "", me);
    expect(fetch).not.toHaveBeenCalled();
    expect(schemas.preloads).toBe(0);
  });

  it("asks for what is missing, with the schemas that check it", async () => {
    const fetch = asked();
    const queryClient = createQueryClient();
    const declared = await routeData("/home", "", me);
    // Everything but the bell's first page is in.
    for (const options of declared) if (options.queryKey[0] !== "notifications") queryClient.setQueryData(options.queryKey, {});
    await prefetchRouteData(queryClient, "/home", "", me);
    expect(schemas.preloads).toBe(1);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String(fetch.mock.calls[0]![0])).toMatch(/^\/api\/notifications\?/);
  });
});
