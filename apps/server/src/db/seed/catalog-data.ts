import { z } from "zod";
import catalog from "./catalog-data.json" with { type: "json" };
import { normaliseUrl, recognise } from "../../lib/providers.ts";

// Seed catalog for Learnward: curated learning content used to populate the demo tenant. The items
// are plain data, kept in catalog-data.json (articles, videos, courses, Spotify podcasts, Google
// Books and job listings); URLs use each provider's real host so provider detection works on seed
// data. Checked here when the seed loads, so a typo in the data fails the seed, not a page.
const SeedContent = z.strictObject({
  title: z.string().min(1),
  url: z.url(),
  content_type: z.enum(["article", "video", "course", "podcast", "book", "job"]),
  author: z.string(),
  duration_s: z.number().int().positive().nullable(),
  description: z.string(),
  skills: z.array(z.string().min(1)),
  language: z.enum(["en", "es"]),
});
export type SeedContent = z.infer<typeof SeedContent>;
export type SeedContentType = SeedContent["content_type"];

/** The seed catalog, checked on first use: only a seed run pays for it, not every server start. */
let checked: SeedContent[] | undefined;
export const seedCatalog = (): SeedContent[] => (checked ??= z.array(SeedContent).parse(catalog));

/** The catalog rows of these items for a company, as the one who added them (null: a platform operator). */
export const catalogRows = (companyId: number, items: readonly SeedContent[], createdBy: number | null) =>
  items.map((c) => ({
    companyId,
    url: c.url,
    normalizedUrl: normaliseUrl(c.url),
    title: c.title,
    contentType: c.content_type,
    provider: recognise(c.url).provider,
    author: c.author,
    durationS: c.duration_s,
    description: c.description,
    language: c.language,
    skills: c.skills,
    createdBy,
  }));
