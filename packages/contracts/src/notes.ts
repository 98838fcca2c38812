import { z } from "zod";
import { HttpUrl, IdText } from "./common.ts";
import { HIGHLIGHT_COMMENT_MAX, HIGHLIGHT_TEXT_MAX, NOTE_MAX } from "./constants.ts";
import { ContentItem } from "./library.ts";

/** My note on one of my saved items: Markdown, shown rendered without raw HTML. */
export const ItemNote = z.object({
  id_primary: z.number().int().describe("The saved item (my copy)"),
  note: z.string().describe("Markdown; empty when the item has no note"),
  updated_at: z.string().nullable().describe("When the note last changed; null when there is none"),
});
export type ItemNote = z.infer<typeof ItemNote>;

export const PutItemNoteRequest = z
  .object({
    note: z.string().max(NOTE_MAX).describe(`The whole note, Markdown, at most ${NOTE_MAX} characters; an empty (or blank) note clears it`),
  })
  .strict();
export type PutItemNoteRequest = z.input<typeof PutItemNoteRequest>;

const quote = z.string().trim().min(1).max(HIGHLIGHT_TEXT_MAX).describe(`The quoted passage, at most ${HIGHLIGHT_TEXT_MAX} characters`);
const comment = z
  .string()
  .trim()
  .max(HIGHLIGHT_COMMENT_MAX)
  .nullable()
  .transform((c) => (c ? c : null))
  .describe(`My comment on the passage, at most ${HIGHLIGHT_COMMENT_MAX} characters; empty or null: none`);
const position = z
  .number()
  .int()
  .min(0)
  .max(2_147_483_647)
  .nullable()
  .describe("Where the passage is in the page (a character offset): highlights are listed in this order, those without one last");

/** A passage quoted from a saved item's page, with my comment on it. */
export const Highlight = z.object({
  id: z.number().int(),
  id_primary: z.number().int().describe("The saved item it belongs to"),
  text: z.string(),
  comment: z.string().nullable(),
  position: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Highlight = z.infer<typeof Highlight>;

export const AddHighlightRequest = z.object({ text: quote, comment: comment.optional(), position: position.optional() }).strict();
export type AddHighlightRequest = z.input<typeof AddHighlightRequest>;

export const EditHighlightRequest = z
  .object({ text: quote.optional(), comment: comment.optional() })
  .strict()
  .refine((b) => b.text !== undefined || b.comment !== undefined, { message: "Give a text or a comment", path: ["comment"] });
export type EditHighlightRequest = z.input<typeof EditHighlightRequest>;

/** A highlight made on a page (the browser extension's selection menu): the page is saved first if it is not yet. */
export const SaveHighlightByUrlRequest = z
  .object({
    url: HttpUrl.describe("The page the passage is on"),
    title: z.string().trim().max(300).optional().describe("The page's title, for a page not saved yet"),
    text: quote,
    comment: comment.optional(),
    position: position.optional(),
  })
  .strict();
export type SaveHighlightByUrlRequest = z.input<typeof SaveHighlightByUrlRequest>;

export const SaveHighlightByUrlResponse = z.object({
  item: ContentItem.describe("My saved copy of the page"),
  item_created: z.boolean().describe("true when the page was saved by this call"),
  highlight: Highlight,
});
export type SaveHighlightByUrlResponse = z.infer<typeof SaveHighlightByUrlResponse>;

export const HighlightIdParam = z.object({ highlightId: IdText });
