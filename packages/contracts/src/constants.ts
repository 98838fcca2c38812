// Business constants of spec §9, shared by server and web. Values are required to the letter.
import type { ContentCounts } from "./library.ts";
export const LOCALES = ["en", "es"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";
export const LOCALE_COOKIE = "NEXT_LOCALE";
/** spec §9: the locale cookie has a fixed expiry in July 2025. */
export const LOCALE_COOKIE_EXPIRES = "Thu, 31 Jul 2025 23:59:59 GMT";

export const ONBOARDING_PAGE_SIZE = 30;
export const ONBOARDING_WINDOW_DAYS = 7;

export const LAYOUT = {
  drawerOpen: 300,
  drawerClosed: 73,
  headerHeight: 75,
  mobileBreakpoint: 850,
  onboardingDrawerMaxWidth: 480,
  footerMaxWidth: 1260,
} as const;

export const CONTENT_PAGE_SIZE = 8;
export const VERIFIER_PAGE_SIZE = 100;
export const VERIFIER_MAX_IDS = 40;
export const FOLDER_PAGE_SIZE = 15;

export const TOAST_AUTO_HIDE_MS = 4000;
export const TOAST_MAX = 5;
export const DRAG_SOURCE_CHECK_MS = 1000;

export const TOKEN_HEADER = "firebase_token";
export const MIN_PASSWORD_LENGTH = 6;

export const IMAGE_WIDTHS = [640, 750, 828, 1080, 1200, 1920, 2048, 3840] as const;
export const IMAGE_SMALL_WIDTHS = [16, 32, 48, 64, 96, 128, 256, 384] as const;
export const IMAGE_LAZY_MARGIN = "200px";
export const IMAGE_FORMAT_ORDER = ["avif", "webp", "original", "jpeg"] as const;
export const LAZY_LOADER_DELAY_MS = 200;

/** Discover's page of results. Here, not in discover.ts: the web app's first load reads it without zod. */
export const DISCOVER_PAGE_SIZE = 12;

// Value lists the web app's first load reads without zod; the schemas are built from them.
/** spec §3 content types (ContentType in library.ts). */
export const CONTENT_TYPES = ["article", "video", "course", "podcast", "book", "job"] as const;
/** spec §2: a collection's slug is its title with every run of non-word characters replaced by a dash. */
export const collectionSlug = (title: string) => title.replace(/\W+/g, "-");
/** Discover's filters: result languages, duration buckets (under 15 minutes, 15 minutes to
 * 1 hour, 1 to 5 hours, over 5 hours) and kinds of result. */
export const DISCOVER_LANGUAGES = ["en", "es"] as const;
export const DURATION_BUCKETS = ["under_15m", "15m_1h", "1h_5h", "over_5h"] as const;
export const DISCOVER_KINDS = ["content", "collection"] as const;
export const COPILOT_QUESTION_MAX = 1000;

/** How many entries each section of the learner home shows; the rest are one "see all" away. */
export const HOME_SECTION_SIZE = 3;
/** The learner home's "Due soon" looks this many days ahead. */
export const HOME_DUE_SOON_DAYS = 14;

/**
 * The states of every type but jobs, in the order an item goes through them: the spec's course
 * states (wishlist, running: in progress, finalized: done). CourseStatus in library.ts is built from it.
 */
export const READING_STATES = ["wishlist", "running", "finalized"] as const;
/** A saved job's states: saved, applied, closed. */
export const JOB_STATES = ["saved", "applied", "closed"] as const;
/** The states an item of this type may take, without zod (contracts' statesFor, for the web app's first load). */
export const statesOfType = (type: (typeof CONTENT_TYPES)[number]): readonly (typeof READING_STATES)[number][] | typeof JOB_STATES =>
  type === "job" ? JOB_STATES : READING_STATES;
/** How many of the colleagues who also saved an item its page names (the rest are counted). */
export const ITEM_SAVERS_SHOWN = 10;

const noReading = { wishlist: 0, running: 0, finalized: 0 } as const;
/**
 * Nothing in any state (a new library, a fixture). Here, not beside its schema: this module has no
 * zod, so the web app's first load can use it without carrying zod along.
 */
export const NO_STATE_COUNTS: ContentCounts["states"] = {
  article: noReading,
  video: noReading,
  book: noReading,
  podcast: noReading,
  course: noReading,
  job: { saved: 0, applied: 0, closed: 0 },
};

/** The longest note on a saved item (Markdown), in characters. */
export const NOTE_MAX = 20_000;
/** The longest passage a highlight quotes, and the longest comment on it, in characters. */
export const HIGHLIGHT_TEXT_MAX = 5_000;
export const HIGHLIGHT_COMMENT_MAX = 2_000;
/** The most highlights one saved item keeps: a whole book's worth of marked passages. */
export const HIGHLIGHTS_PER_ITEM_MAX = 500;
/** Highlights per page of an item's list. */
export const HIGHLIGHT_PAGE_SIZE = 100;

/** The longest tag name a person keeps (characters), and the most tags one saved item carries. */
export const TAG_NAME_MAX = 64;
export const ITEM_TAGS_MAX = 50;
/** How many tags a suggestion list offers at most (the person's own first, then catalog skills). */
export const TAG_SUGGESTIONS_MAX = 10;
/**
 * A tag as it is kept: one line, single spaces, no leading '#' (the search's `#tag` sign, not a
 * part of the name). The same on server and web, so what the editor shows is what is stored.
 */
export const normalizeTagName = (raw: string) => raw.replace(/\s+/g, " ").trim().replace(/^#+/, "").trim();
