import type { EmotionCache } from "@emotion/cache";

/** The attribute of the server's class sheet: `<key> <id> <id> ...`, as emotion's own data-emotion. */
export const SERVER_SHEET = "data-server-styles";

/**
 * The styles of the page's render, as emotion's own server rendering writes them (@emotion/server), in
 * the head rather than beside each element: the browser parses one stylesheet instead of a hundred,
 * and emotion in the browser adopts them instead of adding them again.
 *
 * All of them, those of classes no element carries included: a component styled on top of another
 * (an IconButton on a ButtonBase) has a class of its own that emotion merges into the inner one's,
 * and the browser's emotion, finding it unknown, wrote each such style again as the page hydrated
 * (95 rules on /discover, in the tasks of hydration).
 *
 * Moving a sheet in the page takes it out and puts it back, and Chromium parses it again and restyles
 * the page. Emotion's cache, created in the browser, moves every server style it finds to the head's
 * end; the class sheet is 60-90 KB of CSS (its move was 4-12 ms of a task in Lighthouse's traces). So:
 * - each global style's tag is marked as already adopted (data-s, emotion's own mark), and its
 *   component finds it by its data-emotion as it hydrates;
 * - the class sheet carries its ids under an attribute of its own, which emotion does not look for:
 *   the browser's cache adopts it where it is (styleCache.ts).
 */
export function styleTags(cache: EmotionCache): string {
  const ids: string[] = [];
  const rules: string[] = [];
  const globals: string[] = [];
  for (const [id, css] of Object.entries(cache.inserted)) {
    if (typeof css !== "string") continue;
    const safe = css.replace(/<\/style/gi, "<\\/style");
    // Only class styles are registered; the rest are global styles (CssBaseline), each in its own tag.
    if (cache.registered[`${cache.key}-${id}`] === undefined) globals.push(`<style data-emotion="${cache.key}-global ${id}" data-s="">${safe}</style>`);
    else {
      ids.push(id);
      rules.push(safe);
    }
  }
  return `${globals.join("")}<style ${SERVER_SHEET}="${cache.key} ${ids.join(" ")}">${rules.join("")}</style>`;
}
