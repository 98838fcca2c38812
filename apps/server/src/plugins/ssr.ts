import fs from "node:fs";
import { pathToFileURL } from "node:url";
import type { FastifyInstance, FastifyRequest } from "fastify";

/** apps/web/src/entry-server.tsx, as built into apps/web/dist-ssr. */
interface Renderer {
  render(input: {
    url: string;
    cookie: string;
    phone: boolean;
    api: (url: string) => Promise<Response>;
    signal?: AbortSignal;
  }): Promise<{ locale: string; html: string; head: string; state: unknown } | null>;
}

/**
 * Whether a request comes from a phone: its user agent's Mobile token (phones keep it under Chrome's
 * reduced user agent), or its client hint. An emulated phone can send the desktop browser's hint.
 */
export function isPhone(headers: FastifyRequest["headers"]): boolean {
  if (headers["sec-ch-ua-mobile"] === "?1") return true;
  return /\b(iPhone|iPod|Mobile|Windows Phone)\b/i.test(String(headers["user-agent"] ?? ""));
}

/** A first view not rendered by then is left to the browser. */
const RENDER_TIMEOUT_MS = 3_000;

/**
 * A rendered page is drawn from its HTML, and its code only makes it answer:
 * - the first paint waits until the page is parsed to its end (the state script follows the page).
 *   Otherwise Chromium paints what it has parsed after its first slice of the body (the top bar), then
 *   lays the whole page out again once the rest is in: a second layout of every element, in a task of
 *   its own after the first paint, that a slow phone can't answer input during (140 ms at 4× CPU on
 *   /home). Browsers without rel=expect ignore it.
 * - the code is asked for once the page is parsed, by the code itself, rather than preloaded from the
 *   head: nothing in it is needed to draw the page, so on a slow connection it should not take
 *   bandwidth from what is. (Lighthouse's simulation also counts every script that finished
 *   downloading before the first paint as one the paint waited for: preloaded, even at low priority,
 *   the framework often arrived first, and the largest paint on a phone came to 2.3–2.7 s against
 *   0.9–1.3 s; with the page's own fifty files preloaded too, 3.1–3.5 s.)
 */
const PARSED_BEFORE_PAINT = '<link rel="expect" href="#learnward-state" blocking="render">';
const PRELOADS = /<link rel="modulepreload" [^>]*>\s*/g;

/** What the browser's script tag can never be ended by: `<` escaped in the JSON. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

/**
 * Server rendering of the first view: the page arrives with its content and the answers
 * it was rendered from, and the browser's code hydrates it instead of drawing it again. Every API
 * call the render makes goes through the app itself with the visitor's own cookie, so it can show
 * nothing the visitor could not ask for. Without a server build, or when a render fails or takes too
 * long, the page is sent as before and the browser renders it.
 */
export function createPageRenderer(app: FastifyInstance, entry: string) {
  let loaded: { mtimeMs: number; renderer: Promise<Renderer> } | undefined;

  function renderer(): Promise<Renderer> | null {
    const stat = fs.statSync(entry, { throwIfNoEntry: false });
    if (!stat) return null;
    // A rebuild replaces the bundle while the server runs: load the new one.
    if (loaded?.mtimeMs !== stat.mtimeMs) {
      loaded = { mtimeMs: stat.mtimeMs, renderer: import(`${pathToFileURL(entry).href}?v=${stat.mtimeMs}`) as Promise<Renderer> };
    }
    return loaded.renderer;
  }

  function apiFor(req: FastifyRequest) {
    const headers: Record<string, string> = { accept: "application/json" };
    for (const name of ["cookie", "accept-language", "user-agent"] as const) {
      const value = req.headers[name];
      if (typeof value === "string") headers[name] = value;
    }
    return async (url: string): Promise<Response> => {
      if (!url.startsWith("/api/")) throw new Error(`Only the API is called while rendering, not ${url}`);
      const answer = await app.inject({ method: "GET", url, headers });
      return new Response(answer.statusCode === 204 ? null : new Uint8Array(answer.rawPayload), {
        status: answer.statusCode,
        headers: { "content-type": String(answer.headers["content-type"] ?? "application/json") },
      });
    };
  }

  /** index.html with the page rendered into it, or null to send it as it is. */
  async function renderPage(req: FastifyRequest, template: string): Promise<string | null> {
    const load = renderer();
    if (!load) return null;
    const started = performance.now();
    try {
      const { render } = await load;
      const signal = AbortSignal.timeout(RENDER_TIMEOUT_MS);
      const late = new Promise<never>((_, reject) =>
        signal.addEventListener("abort", () => reject(new Error(`not rendered within ${RENDER_TIMEOUT_MS} ms`)), { once: true }),
      );
      const rendered = await Promise.race([
        render({ url: req.url, cookie: req.headers.cookie ?? "", phone: isPhone(req.headers), api: apiFor(req), signal }),
        late,
      ]);
      if (!rendered) return null;
      // React puts the hints it collects (an image's preload) first: they belong in the head.
      const hints = /^(?:<link [^>]*>)*/.exec(rendered.html)?.[0] ?? "";
      const body = rendered.html.slice(hints.length);
      req.log.debug({ ms: Math.round(performance.now() - started) }, "page rendered");
      // Replacer functions: the page holds people's text, where "$&" must stay as it is.
      return template
        .replace(/<html lang="[^"]*"/, () => `<html lang="${rendered.locale}"`)
        .replaceAll(PRELOADS, "")
        .replace("</head>", () => `${PARSED_BEFORE_PAINT}${hints}${rendered.head}</head>`)
        .replace(
          '<div id="root"></div>',
          () => `<div id="root">${body}</div><script type="application/json" id="learnward-state">${jsonForScript(rendered.state)}</script>`,
        );
    } catch (err) {
      req.log.warn({ err }, "server rendering failed: the browser renders the page");
      return null;
    }
  }

  /**
   * Loads the server build ahead of the first page asked for: it takes about 0.4 s (several on a busy
   * machine), which the first visitor after a start would otherwise wait, or, past RENDER_TIMEOUT_MS,
   * get their page unrendered. A build that fails to load is reported; pages are then left to the
   * browser until the next build, as when it fails with a request.
   */
  async function warm(): Promise<void> {
    try {
      await renderer();
    } catch (err) {
      app.log.warn({ err }, "the server build of the app did not load: pages are rendered by the browser");
    }
  }

  return Object.assign(renderPage, { warm });
}
