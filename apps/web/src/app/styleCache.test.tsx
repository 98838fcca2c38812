// The browser's emotion cache adopting the server's class sheet where it is (styleCache.ts).
import { describe, expect, it } from "vitest";
import { restoreHeadAfterEach } from "../test/head";
import { render } from "@testing-library/react";
import createCache, { type EmotionCache } from "@emotion/cache";
import { CacheProvider, ClassNames } from "@emotion/react";
import { styleTags } from "./serverStyles";
import { browserStyleCache } from "./styleCache";

/** An element styled by emotion with `styles`, rendered with `cache`: the class it gets. */
function classFor(cache: EmotionCache, styles: Record<string, string>): string {
  const { container, unmount } = render(
    <CacheProvider value={cache}>
      <ClassNames>{({ css }) => <p className={css(styles)} />}</ClassNames>
    </CacheProvider>,
  );
  const name = container.querySelector("p")!.className;
  unmount();
  return name;
}

const PURPLE = { color: "rebeccapurple" };

/** The head of a page the server rendered with an element styled PURPLE, and a global style. */
function serverHead() {
  // The id emotion gives PURPLE, found with a cache of another key (the id does not depend on it).
  const id = classFor(createCache({ key: "probe" }), PURPLE).replace(/^probe-/, "");
  const server = {
    key: "css",
    inserted: { g1: "body{margin:0;}", [id]: `.css-${id}{color:rebeccapurple;}` },
    registered: { [`css-${id}`]: "color:rebeccapurple;" },
  } as unknown as EmotionCache;
  document.head.insertAdjacentHTML("beforeend", styleTags(server));
  return { id, sheet: document.head.querySelector<HTMLStyleElement>("style[data-server-styles]")! };
}

restoreHeadAfterEach();

describe("the browser's style cache", () => {
  it("knows the classes of the server's sheet and writes none of them again", () => {
    const { id, sheet } = serverHead();
    const cache = browserStyleCache();
    expect(cache.inserted[id]).toBe(true);

    expect(classFor(cache, PURPLE)).toBe(`css-${id}`);
    // Nothing written: the server's sheet is the only one the cache has.
    expect(cache.sheet.tags).toEqual([sheet]);
  });

  it("writes new classes in a sheet after the server's, which stays where it was", () => {
    const { sheet } = serverHead();
    const cache = browserStyleCache();
    const placeBefore = sheet.previousSibling;

    const teal = classFor(cache, { color: "teal" });

    const written = cache.sheet.tags.at(-1)!;
    expect(written).not.toBe(sheet);
    expect(written.textContent).toContain(`.${teal}{color:teal;}`);
    expect(sheet.compareDocumentPosition(written) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(sheet.previousSibling).toBe(placeBefore);
  });

  it("is emotion's own cache for a page the server did not render", () => {
    const cache = browserStyleCache();
    expect(cache.key).toBe("css");
    expect(cache.sheet.tags).toEqual([]);
    expect(Object.keys(cache.inserted)).toEqual([]);
  });
});
