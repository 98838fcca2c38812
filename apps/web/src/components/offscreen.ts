/**
 * Styles for one item of a long list or a row that scrolls sideways: the browser lays it out and
 * styles it only when it nears the screen (content-visibility), and keeps its last size meanwhile,
 * `height` until it has one. /discover's first layout covered about 1,500 boxes, mostly cards below
 * or beside the screen: 81 ms of a page's load on this machine (unthrottled). What is skipped stays
 * in the page for keyboards, screen readers and find-in-page.
 */
export function renderNearScreen(height: number) {
  return { contentVisibility: "auto", containIntrinsicSize: `auto ${height}px` } as const;
}
