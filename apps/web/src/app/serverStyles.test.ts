// The server's styles in the page's head (serverStyles.ts), as the browser's emotion finds them.
import { describe, expect, it } from "vitest";
import { restoreHeadAfterEach } from "../test/head";
import createCache, { type EmotionCache } from "@emotion/cache";
import { styleTags } from "./serverStyles";
import { browserStyleCache } from "./styleCache";

/** What a server render leaves in its cache: a global style (CssBaseline's) and two classes. */
const serverCache = {
  key: "css",
  inserted: { g1: "body{margin:0;}", a1: ".css-a1{color:red;}", b2: ".css-b2{display:flex;}" },
  registered: { "css-a1": "color:red;", "css-b2": "display:flex;" },
} as unknown as EmotionCache;

restoreHeadAfterEach();

describe("the server's styles in the head", () => {
  it("stay where the server put them as the browser's emotion starts", () => {
    document.head.insertAdjacentHTML("beforeend", styleTags(serverCache));
    // The browser's code links the page's files before emotion's module is evaluated.
    document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href: "/assets/page.js" }));
    const observer = new MutationObserver(() => undefined);
    observer.observe(document.head, { childList: true });

    // What @emotion/react does as it is evaluated, then the app's own cache.
    createCache({ key: "css" });
    browserStyleCache();
    const moved = observer.takeRecords().flatMap((record) => [...record.removedNodes]);
    observer.disconnect();

    // Each move takes a sheet out of the page and puts it back, to be parsed again. Unmarked, every server
    // sheet was moved to the head's end; found by emotion's cache, the class sheet was, once.
    expect(moved).toEqual([]);
    // The global's component finds its sheet as it hydrates.
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
