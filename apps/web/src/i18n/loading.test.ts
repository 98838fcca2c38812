import { afterEach, describe, expect, it, vi } from "vitest";
import i18next from "i18next";
import { lazyLocales } from "./index";
import home from "./locales/es/home.json";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** An instance of its own, with the browser's way of loading words. */
async function instance() {
  const i18n = i18next.createInstance().use(lazyLocales);
  await i18n.init({ lng: "es", fallbackLng: false, ns: [], supportedLngs: ["en", "es"] });
  return i18n;
}

/** Answers every fetch with this JSON body, recording the addresses asked for. */
function stubFetch(body: unknown) {
  const fetched: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn((url: string) => {
      fetched.push(url);
      return Promise.resolve(new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } }));
    }),
  );
  return fetched;
}

describe("loading a namespace's words in the browser", () => {
  it("fetches the build's JSON file of the words, rather than importing a module of them", async () => {
    const fetched = stubFetch(home);
    const i18n = await instance();
    await i18n.loadNamespaces(["home"]);
    expect(fetched).toHaveLength(1);
    expect(fetched[0]).toMatch(/home.*\.json/);
    expect(i18n.getResourceBundle("es", "home")).toEqual(home);
  });

  it("keeps no words from a failed answer", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.resolve(new Response("Not found", { status: 404 }))),
    );
    const i18n = await instance();
    await i18n.loadNamespaces(["home"]);
    expect(i18n.getResourceBundle("es", "home")).toBeUndefined();
  });

  it("starts each namespace's fetch in a task of its own, not all in the task that asked for them", async () => {
    const fetched = stubFetch({});
    const i18n = await instance();
    vi.useFakeTimers();
    const loaded = i18n.loadNamespaces(["home", "network", "discover"]);
    // Nothing fetched yet, and a task (a timer) for each.
    expect(fetched).toHaveLength(0);
    expect(vi.getTimerCount()).toBe(3);
    await vi.runAllTimersAsync();
    vi.useRealTimers();
    await loaded;
    expect(fetched.map((url) => url.replace(/.*\/|-.*|\..*/g, ""))).toEqual(["home", "network", "discover"]);
  });
});
