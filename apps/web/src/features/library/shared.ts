/** A link shared to Learnward: from a phone's share sheet (the manifest's share target) or the bookmarklet. */
export interface SharedLink {
  /** An http(s) address, or "" when nothing shared is one. */
  url: string;
  title: string;
}

const WEB_ADDRESS = /https?:\/\/[^\s<>"]+/i;
// A sentence's punctuation after an address is not part of it; a closing bracket is when the address opened one.
const TRAILING = /[.,;:!?'’”»]+$/;

function webAddress(value: string | null | undefined): string {
  if (!value) return "";
  try {
    const url = new URL(value.trim());
    return url.protocol === "http:" || url.protocol === "https:" ? value.trim() : "";
  } catch {
    return "";
  }
}

function trimAddress(found: string): string {
  let url = found.replace(TRAILING, "");
  while (url.endsWith(")") && (url.match(/\(/g)?.length ?? 0) < (url.match(/\)/g)?.length ?? 0)) url = url.slice(0, -1).replace(TRAILING, "");
  return url;
}

/**
 * What a share carries, as the share target's GET parameters (title, text, url) name it. Share
 * sheets often put the address inside `text` and leave `url` empty: the first web address there is
 * taken then, and the words around it stand in for a missing title.
 */
export function sharedLink(params: URLSearchParams): SharedLink {
  const text = params.get("text") ?? "";
  const given = webAddress(params.get("url"));
  const found = given ? "" : trimAddress(WEB_ADDRESS.exec(text)?.[0] ?? "");
  const url = given || webAddress(found);
  const title = (params.get("title") ?? "").trim() || (found ? text.replace(found, " ") : "").replace(/\s+/g, " ").trim();
  return { url, title };
}

/** The shared link handed to /home in the router's state (SharePage), if any. */
export function sharedFromState(state: unknown): SharedLink | null {
  const share = (state as { share?: unknown } | null)?.share;
  if (!share || typeof share !== "object") return null;
  const { url, title } = share as Record<string, unknown>;
  return typeof url === "string" && typeof title === "string" ? { url, title } : null;
}
