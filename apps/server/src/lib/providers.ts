import { recogniseProvider } from "@learnward/contracts";

/** spec §3 content types, as provider recognition answers them. */
export type ContentType = "article" | "video" | "course" | "podcast" | "book" | "job";

/** spec §3 "Recognised providers by URL pattern": the rules live in packages/contracts, shared with the web app. */
export function recognise(rawUrl: string): { provider: string | null; type: ContentType } {
  return recogniseProvider(rawUrl);
}

/**
 * One catalog row per URL per company: lower-case scheme and host, no www., no fragment,
 * no tracking parameters, sorted query, no trailing slash.
 */
export function normaliseUrl(rawUrl: string): string {
  const url = new URL(rawUrl);
  url.hash = "";
  url.hostname = url.hostname.toLowerCase().replace(/^www\./, "");
  for (const key of [...url.searchParams.keys()]) {
    if (/^(utm_|fbclid$|gclid$|mc_|ref$|si$)/i.test(key)) url.searchParams.delete(key);
  }
  url.searchParams.sort();
  let s = url.toString();
  if (url.pathname.length > 1 && s.endsWith("/")) s = s.slice(0, -1);
  else if (url.pathname === "/" && !url.search) s = s.replace(/\/$/, "");
  return s;
}
