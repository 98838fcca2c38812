import type { PageMetadata } from "./api.ts";

/**
 * Reads a page's title, description, Open Graph image, author and JSON-LD duration in the tab itself
 * (chrome.scripting.executeScript), so a save works where the server cannot reach the page.
 *
 * The browser runs this function's source alone in the page: it must use nothing from outside its
 * own body (no imports, no module helpers).
 */
export function readPageMetadata(doc: Document = document): PageMetadata {
  const text = (value: string | null | undefined) => {
    const t = value?.replace(/\s+/g, " ").trim();
    return t ? t : null;
  };
  const meta = (...keys: string[]) => {
    for (const key of keys) {
      for (const el of Array.from(doc.querySelectorAll<HTMLMetaElement>("meta[property], meta[name], meta[itemprop]"))) {
        const name = el.getAttribute("property") ?? el.getAttribute("name") ?? el.getAttribute("itemprop");
        if (name?.toLowerCase() === key) {
          const content = text(el.getAttribute("content"));
          if (content) return content;
        }
      }
    }
    return null;
  };
  const absolute = (raw: string | null) => {
    if (!raw) return null;
    try {
      const url = new URL(raw, doc.baseURI);
      return url.protocol === "http:" || url.protocol === "https:" ? url.toString() : null;
    } catch {
      return null;
    }
  };
  /** ISO-8601 durations (PT1H2M3S, P1DT2H, PT90M, PT4.5S) in whole seconds. */
  const isoSeconds = (raw: unknown) => {
    if (typeof raw !== "string") return null;
    const m = /^P(?:(\d+(?:\.\d+)?)W)?(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/i.exec(raw.trim());
    if (!m || raw.trim().toUpperCase() === "P" || /T$/i.test(raw.trim())) return null;
    const [w, d, h, min, s] = m.slice(1).map((v) => (v ? Number(v) : 0)) as [number, number, number, number, number];
    const total = Math.round(w * 604800 + d * 86400 + h * 3600 + min * 60 + s);
    return Number.isFinite(total) ? total : null;
  };
  /** Every object of the page's JSON-LD, walking @graph lists and arrays (bounded: a page's own data). */
  const jsonLd = () => {
    const found: Record<string, unknown>[] = [];
    const visit = (node: unknown, depth: number) => {
      if (depth > 6 || found.length > 200 || !node || typeof node !== "object") return;
      if (Array.isArray(node)) {
        for (const child of node) visit(child, depth + 1);
        return;
      }
      const obj = node as Record<string, unknown>;
      found.push(obj);
      if (Array.isArray(obj["@graph"])) visit(obj["@graph"], depth + 1);
    };
    for (const script of Array.from(doc.querySelectorAll('script[type="application/ld+json"]'))) {
      try {
        visit(JSON.parse(script.textContent ?? ""), 0);
      } catch {
        // A page's broken JSON-LD is skipped, not fatal.
      }
    }
    return found;
  };
  const nameOf = (value: unknown): string | null => {
    if (typeof value === "string") return text(value);
    if (Array.isArray(value)) return value.map(nameOf).filter(Boolean).join(", ") || null;
    if (value && typeof value === "object") return nameOf((value as { name?: unknown }).name);
    return null;
  };

  const ld = jsonLd();
  let duration: number | null = null;
  for (const obj of ld) {
    const seconds = isoSeconds(obj.duration) ?? isoSeconds(obj.timeRequired);
    if (seconds !== null) {
      duration = seconds;
      break;
    }
  }
  const ldAuthor = ld.map((obj) => nameOf(obj.author)).find(Boolean) ?? null;

  return {
    title: meta("og:title", "twitter:title") ?? text(doc.title) ?? text(doc.querySelector("h1")?.textContent),
    description: meta("og:description", "description", "twitter:description"),
    author: meta("author", "article:author", "twitter:creator") ?? ldAuthor,
    image: absolute(meta("og:image:secure_url", "og:image", "og:image:url", "twitter:image")),
    duration_s: duration ?? isoSeconds(meta("duration", "video:duration")) ?? (Number(meta("video:duration")) || null),
  };
}
