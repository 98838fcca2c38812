import { z } from "zod";

/** Average reading speed (words a minute) behind an item text's reading_minutes. */
export const READING_WORDS_PER_MINUTE = 230;

/** A saved item's reader view: the readable text kept when its page was read after the save. */
export const ItemText = z.object({
  id_primary: z.number().int(),
  title: z.string().describe("The article's title as the page gives it, else the item's"),
  byline: z.string().nullable(),
  site_name: z.string().nullable(),
  excerpt: z.string().nullable(),
  url: z.string().describe("The page the text was read from (after redirects)"),
  text: z.string().describe("Plain text, paragraphs separated by a blank line; at most 200,000 characters, cut at a paragraph"),
  word_count: z.number().int(),
  reading_minutes: z.number().int().describe(`word_count at ${READING_WORDS_PER_MINUTE} words a minute, at least 1`),
  read_at: z.string().describe("When the page was read"),
});
export type ItemText = z.infer<typeof ItemText>;
