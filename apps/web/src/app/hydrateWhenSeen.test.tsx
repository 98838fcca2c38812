import { act, useEffect, useState } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { bareRoots } from "../test/bareRoot";
import { HydrateWhenSeen } from "./hydrateWhenSeen";
import { RenderHintsProvider } from "./renderHints";

/**
 * jsdom has no IntersectionObserver: this one reports what the test says is on screen. Chromium's real
 * one is exercised by the browser suite (the list of saved items on /home at phone width).
 */
class ScreenObserver {
  static all = new Set<ScreenObserver>();
  private readonly targets = new Set<Element>();
  constructor(private readonly report: IntersectionObserverCallback) {
    ScreenObserver.all.add(this);
  }
  observe(target: Element) {
    this.targets.add(target);
  }
  disconnect() {
    this.targets.clear();
    ScreenObserver.all.delete(this);
  }
  /** Scrolls `element` into view. */
  static show(element: Element) {
    for (const observer of [...ScreenObserver.all]) {
      const seen = [...observer.targets].filter((target) => target.contains(element));
      if (seen.length) {
        const entries = seen.map((target) => ({ target, isIntersecting: true }) as unknown as IntersectionObserverEntry);
        observer.report(entries, observer as unknown as IntersectionObserver);
      }
    }
  }
}

const root = bareRoots();
const real = globalThis.IntersectionObserver;
beforeEach(() => {
  globalThis.IntersectionObserver = ScreenObserver as unknown as typeof IntersectionObserver;
});
afterEach(() => {
  globalThis.IntersectionObserver = real;
  ScreenObserver.all.clear();
});

/** Below the first screen: counts its presses, and says when the browser has hydrated it. */
function Library({ filter: { query }, onPress, hydrated }: { filter: { query: string }; onPress: () => void; hydrated: string[] }) {
  useEffect(() => {
    hydrated.push(query);
  }, [hydrated, query]);
  return (
    <section>
      <h2>Results for {query}</h2>
      <button type="button" onClick={onPress}>
        Open
      </button>
    </section>
  );
}

function Page({ query, presses, hydrated }: { query: string; presses: string[]; hydrated: string[] }) {
  return (
    <main>
      <h1>Home</h1>
      <HydrateWhenSeen>
        <Library filter={{ query }} onPress={() => presses.push(query)} hydrated={hydrated} />
      </HydrateWhenSeen>
    </main>
  );
}

/** The server's page for `query`, hydrated by the browser; the parent's state can change the query. */
async function hydratePage(query: string) {
  const presses: string[] = [];
  const hydrated: string[] = [];
  const container = document.createElement("div");
  // As entry-server.tsx renders: its hints carry the request's cookie.
  container.innerHTML = renderToString(
    <RenderHintsProvider value={{ phone: false, cookie: "" }}>
      <Page query={query} presses={[]} hydrated={[]} />
    </RenderHintsProvider>,
  );
  document.body.append(container);
  const serverButton = container.querySelector("button")!;
  let setQuery!: (next: string) => void;
  function Stateful() {
    // An object, so that setting the same query still re-renders the page.
    const [{ query: current }, set] = useState({ query });
    setQuery = (next) => set({ query: next });
    return (
      <RenderHintsProvider value={{ phone: false }}>
        <Page query={current} presses={presses} hydrated={hydrated} />
      </RenderHintsProvider>
    );
  }
  await act(async () => {
    root.current = hydrateRoot(container, <Stateful />);
  });
  return { container, serverButton, presses, hydrated, setQuery: (next: string) => setQuery(next) };
}

describe("a part hydrated when seen", () => {
  it("shows the server's HTML until it comes into view, then hydrates it in place", async () => {
    const page = await hydratePage("design");
    expect(page.container).toHaveTextContent("Results for design");
    expect(page.hydrated).toEqual([]);

    await act(async () => ScreenObserver.show(page.serverButton));
    expect(page.hydrated).toEqual(["design"]);
    // The server's elements, kept: nothing was drawn again.
    expect(page.container.querySelector("button")).toBe(page.serverButton);
    page.serverButton.click();
    expect(page.presses).toEqual(["design"]);
  });

  it("hydrates at a press in it and answers that press", async () => {
    const page = await hydratePage("design");
    await act(async () => {
      page.serverButton.dispatchEvent(new Event("pointerdown", { bubbles: true }));
      page.serverButton.click();
    });
    expect(page.hydrated).toEqual(["design"]);
    expect(page.presses).toEqual(["design"]);
    expect(page.container.querySelector("button")).toBe(page.serverButton);
  });

  it("answers a click that comes with no press before it (a keyboard's Enter, a screen reader)", async () => {
    const page = await hydratePage("design");
    await act(async () => page.serverButton.click());
    expect(page.hydrated).toEqual(["design"]);
    expect(page.presses).toEqual(["design"]);
    expect(page.container.querySelector("button")).toBe(page.serverButton);
  });

  it("hydrates at the first press anywhere on the page, before what the press does can change its data", async () => {
    const page = await hydratePage("design");
    const heading = page.container.querySelector("h1")!;
    await act(async () => heading.dispatchEvent(new Event("pointerdown", { bubbles: true })));
    expect(page.hydrated).toEqual(["design"]);
  });

  it("hydrates when the person comes back to the page, whose queries refetch then", async () => {
    const page = await hydratePage("design");
    await act(async () => window.dispatchEvent(new Event("focus")));
    expect(page.hydrated).toEqual(["design"]);
  });

  it("stays deferred through a parent's re-render that hands it the same content", async () => {
    const page = await hydratePage("design");
    // The same query in a new object, a new inline callback.
    await act(async () => page.setQuery("design"));
    expect(page.hydrated).toEqual([]);
    expect(page.container).toHaveTextContent("Results for design");
  });

  it("hydrates at once when handed new content, and shows it", async () => {
    const page = await hydratePage("design");
    await act(async () => page.setQuery("negotiation"));
    expect(page.container).toHaveTextContent("Results for negotiation");
    // Hydrated as the server drew it, then drawn with the new query, on the same elements.
    expect(page.hydrated).toEqual(["design", "negotiation"]);
    expect(page.container.querySelector("button")).toBe(page.serverButton);
  });

  it("is drawn at once on a page the browser draws itself", async () => {
    const hydrated: string[] = [];
    const container = document.createElement("div");
    document.body.append(container);
    await act(async () => {
      root.current = createRoot(container);
      root.current.render(<Page query="design" presses={[]} hydrated={hydrated} />);
    });
    expect(container).toHaveTextContent("Results for design");
    expect(hydrated).toEqual(["design"]);
    expect(ScreenObserver.all.size).toBe(0);
  });
});
