import type { ContentType } from "@learnward/contracts";

/** The columns that describe a content item, on a catalog row and on a person's saved copy alike. */
interface ContentDetailsRow {
  contentType: ContentType;
  title: string;
  url: string;
  author: string | null;
  durationS: number | null;
  description: string | null;
  imageUrl: string | null;
  provider: string | null;
}

/** What describes a content item, as every answer that shows one spells it. */
export const presentContentDetails = (r: ContentDetailsRow) => ({
  content_type: r.contentType,
  title: r.title,
  url: r.url,
  author: r.author,
  duration_s: r.durationS,
  description: r.description,
  image_url: r.imageUrl,
  provider: r.provider,
});
