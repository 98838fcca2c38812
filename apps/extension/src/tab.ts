import type { PageMetadata } from "./api.ts";
import { readPageMetadata } from "./metadata.ts";

/** The page's own metadata, read in the tab; null where the browser allows no script (its own pages, the store). */
export async function metadataOf(tabId: number): Promise<PageMetadata | null> {
  try {
    const [first] = await chrome.scripting.executeScript({ target: { tabId }, func: readPageMetadata });
    return first?.result ?? null;
  } catch {
    return null;
  }
}

export const isSavable = (url: string | undefined): url is string => !!url && /^https?:\/\//i.test(url);
