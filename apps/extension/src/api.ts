// The extension's calls to a Learnward server, on the person's own address with a Bearer
// credential (a personal access token, or a session token). Free of extension APIs, so the server's
// test suite runs it against the real app.
import type {
  ContentItem,
  ContentType,
  CourseStatus,
  LibraryLookupResponse,
  ItemPlanSkills,
  Me,
  SaveContentRequest,
  SaveHighlightByUrlRequest,
  SaveHighlightByUrlResponse,
} from "@learnward/contracts";

export type { ContentItem, LibraryLookupResponse, Me, SaveHighlightByUrlResponse };
export interface FolderSummary {
  id: number;
  name: string;
  count: number;
}

/** What the server answered when a call failed: its error code (translated by the UI), or a transport failure. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The Learnward address as typed: http(s) only, no path, query or credentials; answers its origin or null. */
export function learnwardOrigin(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (url.username || url.password || url.search || url.hash) return null;
  if (url.pathname !== "/" && url.pathname !== "") return null;
  return url.origin;
}

/** What the tab itself says about the page (metadata.ts), as the save call takes it. */
export interface PageMetadata {
  title: string | null;
  description: string | null;
  author: string | null;
  image: string | null;
  duration_s: number | null;
}

export interface SaveOptions {
  /** One of my folders to file it in. */
  folderId?: number | null;
  /** A selection saved with the page: kept as its description. */
  selection?: string | null;
  /** A skill of one of my open plans that the page counts towards once saved. */
  planSkill?: { planId: number; skill: string } | null;
}

/** An open plan I hold and its skills: where a page I save may count. */
export type PlanSkillOption = ItemPlanSkills["options"][number];

const TITLE_MAX = 300;
const DESCRIPTION_MAX = 5000;
const AUTHOR_MAX = 200;
const clip = (text: string | null | undefined, max: number) => {
  const t = text?.trim();
  return t ? Array.from(t).slice(0, max).join("") : null;
};
const isWebUrl = (raw: string | null | undefined) => {
  try {
    return !!raw && /^https?:$/.test(new URL(raw).protocol);
  } catch {
    return false;
  }
};

/**
 * The save body for a page: what the tab read, within the server's limits. The server keeps
 * reading the page only for what the tab could not tell.
 */
export function saveBody(url: string, meta: PageMetadata | null, opts: SaveOptions = {}): SaveContentRequest {
  const title = clip(meta?.title, TITLE_MAX);
  const description = clip(opts.selection, DESCRIPTION_MAX) ?? clip(meta?.description, DESCRIPTION_MAX);
  const author = clip(meta?.author, AUTHOR_MAX);
  const image = meta?.image && isWebUrl(meta.image) && meta.image.length <= 2048 ? meta.image : null;
  const duration =
    meta?.duration_s != null && Number.isInteger(meta.duration_s) && meta.duration_s >= 0 && meta.duration_s <= 10_000_000 ? meta.duration_s : null;
  const complete = !!(title && description && image);
  return {
    url,
    ...(title ? { title } : {}),
    ...(description ? { description } : {}),
    ...(author ? { author } : {}),
    ...(image ? { image_url: image } : {}),
    ...(duration !== null ? { duration_s: duration } : {}),
    // The tab told us everything: the server need not reach the page (an intranet, a paywall).
    fetch_metadata: !complete,
  };
}

/** The longest passage a highlight keeps (the server's HIGHLIGHT_TEXT_MAX). */
const HIGHLIGHT_MAX = 5000;

/** The highlight body for a passage selected on a page: the passage within the server's limit, and the tab's title for a page not saved yet. */
export function highlightBody(url: string, title: string | null | undefined, selection: string): SaveHighlightByUrlRequest {
  const name = clip(title, TITLE_MAX);
  return { url, text: clip(selection, HIGHLIGHT_MAX) ?? "", ...(name ? { title: name } : {}) };
}

export interface LearnwardClient {
  me(): Promise<Me>;
  lookup(url: string): Promise<LibraryLookupResponse>;
  save(url: string, meta: PageMetadata | null, opts?: SaveOptions): Promise<ContentItem>;
  /** Keeps a passage of a page as a highlight on my copy of it, saving the page first if it is not in my library. */
  highlight(url: string, title: string | null | undefined, selection: string): Promise<SaveHighlightByUrlResponse>;
  folders(): Promise<FolderSummary[]>;
  /** The open plans I hold and their skills. */
  planSkills(): Promise<PlanSkillOption[]>;
  /** Counts my saved item towards a skill of one of my open plans. */
  countTowards(idPrimary: number, planId: number, skill: string): Promise<void>;
  addToFolder(folderId: number, idPrimary: number): Promise<void>;
  /** Moves a course between none, wishlist, running and finalized with the course status routes. */
  setCourseStatus(idContent: number, from: CourseStatus | null, to: CourseStatus | null): Promise<void>;
}

export function createClient(opts: { origin: string; token: string; fetch?: typeof fetch }): LearnwardClient {
  const doFetch = opts.fetch ?? fetch;
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    let res: Response;
    try {
      res = await doFetch(new URL(path, opts.origin).toString(), {
        method,
        headers: {
          accept: "application/json",
          authorization: `Bearer ${opts.token}`,
          ...(body !== undefined ? { "content-type": "application/json" } : {}),
        },
        body: body !== undefined ? JSON.stringify(body) : undefined,
        credentials: "omit",
      });
    } catch (err) {
      throw new ApiError(0, "network", err instanceof Error ? err.message : String(err));
    }
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON (a proxy's error page): the status alone tells what happened.
    }
    if (!res.ok) {
      const error = (parsed as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
      throw new ApiError(
        res.status,
        typeof error?.code === "string" ? error.code : `http_${res.status}`,
        typeof error?.message === "string" ? error.message : res.statusText,
      );
    }
    return parsed as T;
  }
  return {
    me: () => call<Me>("GET", "/api/me"),
    lookup: (url) => call<LibraryLookupResponse>("GET", `/api/contentuser/lookup?url=${encodeURIComponent(url)}`),
    async save(url, meta, saveOpts = {}) {
      const item = await call<ContentItem>("POST", "/api/contentuser/save/", saveBody(url, meta, saveOpts));
      if (saveOpts.folderId) await this.addToFolder(saveOpts.folderId, item.id_primary);
      if (saveOpts.planSkill) await this.countTowards(item.id_primary, saveOpts.planSkill.planId, saveOpts.planSkill.skill);
      return item;
    },
    highlight: (url, title, selection) => call<SaveHighlightByUrlResponse>("POST", "/api/contentuser/highlights/", highlightBody(url, title, selection)),
    folders: () => call<FolderSummary[]>("GET", "/api/user/folder/"),
    planSkills: () => call<PlanSkillOption[]>("GET", "/api/contentuser/plan-skills"),
    async countTowards(idPrimary, planId, skill) {
      await call("PUT", `/api/contentuser/${idPrimary}/plan-skills`, { plan_id: planId, skill });
    },
    async addToFolder(folderId, idPrimary) {
      try {
        await call("POST", "/api/user/folder_relation/create_content/", { id_folder: folderId, id_primary: idPrimary });
      } catch (err) {
        // Already in that folder: what the person asked for holds.
        if (!(err instanceof ApiError && err.code === "already_in_folder")) throw err;
      }
    },
    async setCourseStatus(idContent, from, to) {
      if (from === to) return;
      const ref = `id_course=${encodeURIComponent(String(idContent))}`;
      if (to === null) await call("DELETE", from === "wishlist" ? `/api/user/wishlist/?${ref}` : `/api/user/courses/?${ref}`);
      else if (to === "wishlist") await call("POST", "/api/user/wishlist/", { id_course: idContent });
      else await call("POST", "/api/user/courses/", { id_course: idContent, completed: to === "finalized" });
    },
  };
}

export type { ContentType, CourseStatus };
