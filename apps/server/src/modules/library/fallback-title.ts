import { decodePercentLeniently } from "../../lib/percent-decoding.ts";

/** A page's name at the end of a link that says nothing about what it is ("guide.html", "index.php"). */
const PAGE_EXTENSION = /\.(?:s?html?|xhtml|php\d?|aspx?|jspx?|cfm|cgi|pdf)$/i;

/**
 * A title made from the link alone, for a save that has none: its last path segment decoded, without
 * a page extension, dashes and underscores as spaces, first letter capital (".../sql-window-functions"
 * → "Sql window functions"); the host when the path says nothing.
 */
export function fallbackTitle(url: string): string {
  const u = new URL(url);
  const last = u.pathname.split("/").filter(Boolean).pop() ?? "";
  const words = decodePercentLeniently(last).replace(PAGE_EXTENSION, "").replace(/[-_]+/g, " ").trim();
  if (!words) return u.hostname;
  return words.replace(/^\p{Ll}/u, (c) => c.toUpperCase()).slice(0, 300);
}
