// The server's styles in the page's head (serverStyles.ts), as the browser's emotion finds them.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import createCache, { type EmotionCache } from "@emotion/cache";
import { styleTags } from "./serverStyles";

/** What a server render leaves in its cache: a global style (CssBaseline's) and two classes. */
const serverCache = {
  key: "css",
  inserted: { g1: "body{margin:0;}", a1: ".css-a1{color:red;}", b2: ".css-b2{display:flex;}" },
  registered: { "css-a1": "color:red;", "css-b2": "display:flex;" },
} as unknown as EmotionCache;

const attributeOf = (node: Node) => (node instanceof Element ? (node.getAttribute("data-emotion") ?? "") : "");

// Only what a test added: the head is shared with the other test files of this worker, whose emotion
// cache still writes into its own style tags.
let before = new Set<Node>();
beforeEach(() => {
  before = new Set(document.head.childNodes);
});
afterEach(() => {
  for (const node of [...document.head.childNodes]) if (!before.has(node)) node.remove();
});

describe("the server's styles in the head", () => {
  it("are adopted by the browser's emotion where they are, rather than moved to the head's end", () => {
    document.head.insertAdjacentHTML("beforeend", styleTags(serverCache));
    // The browser's code links the page's files before emotion's module is evaluated.
    document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href: "/assets/page.js" }));
    const observer = new MutationObserver(() => undefined);
    observer.observe(document.head, { childList: true });

    // What @emotion/react does as it is evaluated.
    const cache = createCache({ key: "css" });
    const moved = observer.takeRecords().flatMap((record) => [...record.removedNodes].map(attributeOf));
    observer.disconnect();

    // Unmarked, each server sheet was moved to the head's end, and the class sheet once more: each move
    // takes a sheet out of the page and puts it back.
    expect(moved.filter((name) => name.startsWith("css-global"))).toEqual([]);
    expect(moved.filter((name) => name.startsWith("css ")).length).toBeLessThanOrEqual(1);
    // Its cache knows the server's classes (it writes none again), and the global's component finds its sheet.
    expect(cache.inserted).toMatchObject({ a1: true, b2: true });
    expect(document.head.querySelector('style[data-emotion="css-global g1"]')?.textContent).toBe("body{margin:0;}");
  });

  it("cannot end their tag early with a value's </style", () => {
    const hostile = {
      ...serverCache,
      inserted: { a1: '.css-a1::after{content:"</style><script>alert(1)</script>";}' },
      registered: { "css-a1": "" },
    } as unknown as EmotionCache;
    expect(styleTags(hostile)).not.toMatch(/<\/style><script>/i);
  });
});
