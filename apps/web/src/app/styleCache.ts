import createCache, { type EmotionCache } from "@emotion/cache";
import { SERVER_SHEET } from "./serverStyles";

/**
 * The browser's emotion cache (the app's, given to emotion's CacheProvider), with the server's class
 * sheet adopted where the server put it (serverStyles.ts says why it must not move): the cache knows
 * its classes, so writes none of them again, and takes the sheet as its first, so that what it writes
 * goes in a sheet right after it, and global styles right before it, as with a sheet emotion moved.
 */
export function browserStyleCache(): EmotionCache {
  const cache = createCache({ key: "css" });
  const sheet = document.head.querySelector<HTMLStyleElement>(`style[${SERVER_SHEET}]`);
  const [key, ...ids] = sheet?.getAttribute(SERVER_SHEET)?.split(" ") ?? [];
  if (sheet && key === cache.key) {
    for (const id of ids) cache.inserted[id] = true;
    cache.sheet.tags.push(sheet);
  }
  return cache;
}
