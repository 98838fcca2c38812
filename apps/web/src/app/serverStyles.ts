import type { EmotionCache } from "@emotion/cache";

/**
 * The styles of the page's render, as emotion's own server rendering writes them (@emotion/server), in
 * the head rather than beside each element: the browser parses one stylesheet instead of a hundred,
 * and emotion in the browser adopts them (its cache reads the ids in data-emotion) instead of adding
 * them again.
 *
 * All of them, those of classes no element carries included: a component styled on top of another
 * (an IconButton on a ButtonBase) has a class of its own that emotion merges into the inner one's,
 * and the browser's emotion, finding it unknown, wrote each such style again as the page hydrated
 * (95 rules on /discover, in the tasks of hydration).
 *
 * Each tag is marked as already adopted (data-s, emotion's own mark): creating its cache, the
 * browser's emotion appends every unmarked server style to the end of the head, and each such move
 * takes a sheet out of the page and puts it back (the class sheet of /home took 4-12 ms of a task in
 * Lighthouse's traces). Its cache still reads the ids of the class sheet, and each global style's
 * component still finds its own.
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
  return `${globals.join("")}<style data-emotion="${cache.key} ${ids.join(" ")}" data-s="">${rules.join("")}</style>`;
}
