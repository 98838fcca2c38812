import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";

/**
 * The context menu as the browser runs it: the background script against stand-ins for the
 * extension APIs and the network. Choosing "Save highlight" sends the selected passage with the
 * page's address and title, which the server keeps as a highlight (saving the page first if new).
 */
type Listener = (...args: unknown[]) => void;
const listeners: Record<string, Listener[]> = {};
const on = (name: string) => ({ addListener: (cb: Listener) => (listeners[name] ??= []).push(cb) });
const menus: { id: string; title: string; contexts: string[] }[] = [];
const badges: { text: string; tabId?: number }[] = [];
const fetched: { url: string; method: string; body: unknown; auth: string | null }[] = [];

vi.stubGlobal("chrome", {
  runtime: { onInstalled: on("installed"), onStartup: on("startup"), openOptionsPage: vi.fn(async () => undefined) },
  i18n: { getMessage: (key: string) => `msg:${key}`, getUILanguage: () => "en" },
  storage: { local: { get: async () => ({ origin: "https://learn.example.com", token: "lw_pat_test" }), set: async () => undefined } },
  contextMenus: {
    removeAll: async () => void menus.splice(0),
    create: (props: { id: string; title: string; contexts: string[] }) => void menus.push(props),
    onClicked: on("clicked"),
  },
  action: {
    setBadgeText: async (d: { text: string; tabId?: number }) => void badges.push(d),
    setBadgeBackgroundColor: async () => undefined,
    setTitle: async () => undefined,
  },
  scripting: { executeScript: async () => [] },
});
vi.stubGlobal(
  "fetch",
  vi.fn(async (url: string, init: RequestInit) => {
    fetched.push({
      url,
      method: init.method ?? "GET",
      body: init.body ? JSON.parse(String(init.body)) : undefined,
      auth: new Headers(init.headers).get("authorization"),
    });
    return new Response(JSON.stringify({ item: {}, item_created: true, highlight: {} }), { status: 201, headers: { "content-type": "application/json" } });
  }),
);

beforeAll(async () => {
  await import("./background.ts");
});
afterEach(() => {
  fetched.splice(0);
  badges.splice(0);
});

const click = async (info: Record<string, unknown>, tab: Record<string, unknown>) => {
  for (const cb of listeners.clicked ?? []) cb(info, tab);
  await vi.waitFor(() => expect(badges.length).toBeGreaterThan(0));
};

describe("the selection menu's Save highlight", () => {
  it("is offered on a selection, in the browser's language", async () => {
    for (const cb of listeners.installed ?? []) cb();
    await vi.waitFor(() => expect(menus.map((m) => m.id)).toContain("learnward-save-highlight"));
    expect(menus.find((m) => m.id === "learnward-save-highlight")).toEqual({
      id: "learnward-save-highlight",
      title: "msg:menuSaveHighlight",
      contexts: ["selection"],
    });
  });

  it("sends the selected passage with the page's address and title", async () => {
    await click(
      { menuItemId: "learnward-save-highlight", selectionText: "  Window functions rank rows.  ", pageUrl: "https://blog.example.org/sql" },
      { id: 7, url: "https://blog.example.org/sql", title: "SQL window functions" },
    );
    expect(fetched).toEqual([
      {
        url: "https://learn.example.com/api/contentuser/highlights/",
        method: "POST",
        body: { url: "https://blog.example.org/sql", title: "SQL window functions", text: "Window functions rank rows." },
        auth: "Bearer lw_pat_test",
      },
    ]);
    expect(badges).toEqual([{ text: "✓", tabId: 7 }]);
  });

  it("sends nothing from a page that is not a web page", async () => {
    await click({ menuItemId: "learnward-save-highlight", selectionText: "x", pageUrl: "chrome://settings" }, { id: 8, url: "chrome://settings" });
    expect(fetched).toEqual([]);
    expect(badges).toEqual([{ text: "!", tabId: 8 }]);
  });
});
