import { parseFragment, type DefaultTreeAdapterMap } from "parse5";
import type { ContentType } from "../../lib/providers.ts";

type ParentNode = DefaultTreeAdapterMap["parentNode"];

/** What a page says about itself; every field is optional because pages say little. */
export interface PageMetadata {
  title?: string;
  author?: string;
  description?: string;
  /** Absolute http(s) URL. */
  image?: string;
  duration_s?: number;
  site_name?: string;
  content_type_hint?: ContentType;
}

/** Longest values kept, so one odd page cannot fill a row with a novel. */
export const LIMITS = { title: 300, author: 200, description: 2000, site_name: 200, url: 2048 } as const;

/** Every piece of text under a node (script and style bodies excluded). */
export function textContent(root: ParentNode): string {
  let out = "";
  const stack: DefaultTreeAdapterMap["node"][] = [...root.childNodes].reverse();
  while (stack.length) {
    const node = stack.pop()!;
    if (node.nodeName === "#text") out += (node as DefaultTreeAdapterMap["textNode"]).value;
    else if ("childNodes" in node && node.nodeName !== "script" && node.nodeName !== "style") {
      for (let i = node.childNodes.length - 1; i >= 0; i--) stack.push(node.childNodes[i]!);
    }
  }
  return out;
}

/** Collapses whitespace, trims and caps; empty → undefined. */
export function squish(value: unknown, max: number): string | undefined {
  if (typeof value !== "string") return undefined;
  const s = value.replace(/\s+/g, " ").trim();
  if (!s) return undefined;
  return s.length > max ? `${s.slice(0, max - 1).trimEnd()}…` : s;
}

/**
 * Text that came from JSON (JSON-LD, oEmbed) rather than from the HTML parser may still carry
 * entities (`&amp;`) or markup (`<p>`): the HTML parser decodes and strips both.
 */
export function plainText(value: unknown, max: number): string | undefined {
  if (typeof value !== "string") return undefined;
  const decoded = /[&<]/.test(value) ? textContent(parseFragment(value)) : value;
  return squish(decoded, max);
}

/** An absolute http(s) URL resolved against `base`, or undefined (data:, javascript:, junk). */
export function absoluteHttpUrl(value: unknown, base: string): string | undefined {
  if (typeof value !== "string" || !value.trim()) return undefined;
  try {
    const url = new URL(value.trim(), base);
    if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
    const s = url.toString();
    return s.length <= LIMITS.url ? s : undefined;
  } catch {
    return undefined;
  }
}

const ISO_DURATION =
  /^P(?!$)(?:(\d+(?:[.,]\d+)?)Y)?(?:(\d+(?:[.,]\d+)?)M)?(?:(\d+(?:[.,]\d+)?)W)?(?:(\d+(?:[.,]\d+)?)D)?(?:T(?=\d)(?:(\d+(?:[.,]\d+)?)H)?(?:(\d+(?:[.,]\d+)?)M)?(?:(\d+(?:[.,]\d+)?)S)?)?$/i;
// Years and months have no fixed length; a course workload of "P1M" reads as 30 days.
const ISO_UNITS = [365 * 86400, 30 * 86400, 7 * 86400, 86400, 3600, 60, 1];
const MAX_SECONDS = 2_147_483_647;

/**
 * Seconds from an ISO-8601 duration (`PT1H2M30S`, `P1DT2H`), a clock (`1:02:30`) or a plain
 * number of seconds; anything else → undefined.
 */
export function parseDuration(value: unknown): number | undefined {
  let seconds: number | undefined;
  if (typeof value === "number") seconds = value;
  else if (typeof value === "string") {
    const s = value.trim();
    const iso = ISO_DURATION.exec(s);
    if (iso) {
      seconds = ISO_UNITS.reduce((sum, unit, i) => sum + Number((iso[i + 1] ?? "0").replace(",", ".")) * unit, 0);
    } else if (/^\d+(\.\d+)?$/.test(s)) {
      seconds = Number(s);
    } else if (/^\d+(:[0-5]\d){1,2}$/.test(s)) {
      seconds = s.split(":").reduce((sum, part) => sum * 60 + Number(part), 0);
    }
  }
  if (seconds === undefined || !Number.isFinite(seconds) || seconds <= 0 || seconds > MAX_SECONDS) return undefined;
  return Math.round(seconds);
}
