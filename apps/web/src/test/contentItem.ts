import type { ContentItem } from "@learnward/contracts";

/** A saved item as the server answers it (a YouTube video, no picture, saved just now); `overrides` change the rest. */
export const contentItem = (overrides: Partial<ContentItem> = {}): ContentItem => ({
  id_primary: 5,
  id_content: 50,
  content_type: "video",
  title: "Intro to SQL",
  url: "https://www.youtube.com/watch?v=sql",
  author: "Ada",
  duration_s: 754,
  description: null,
  image_url: null,
  provider: "youtube",
  is_private: false,
  course_status: null,
  completed: null,
  // A fixture's course state is its state, unless it says otherwise.
  state: overrides.course_status ?? null,
  created_at: new Date().toISOString(),
  metadata_pending: false,
  ...overrides,
});
