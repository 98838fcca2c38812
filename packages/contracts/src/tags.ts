import { z } from "zod";
import { Id, IdText } from "./common.ts";
import { ITEM_TAGS_MAX, normalizeTagName, TAG_NAME_MAX } from "./constants.ts";

/** A tag's name as a person types it: trimmed, single-spaced, a leading '#' dropped; 1 to TAG_NAME_MAX characters. */
export const TagName = z
  .string()
  .max(TAG_NAME_MAX * 4)
  .transform(normalizeTagName)
  .pipe(z.string().min(1).max(TAG_NAME_MAX))
  .describe(`A tag: 1 to ${TAG_NAME_MAX} characters once trimmed (a leading # is dropped); the same name in another case is the same tag`);

/** One of my tags and how many of my items carry it. */
export const Tag = z.object({
  id: z.number().int(),
  name: z.string(),
  count: z.number().int().describe("My items carrying it"),
});
export type Tag = z.infer<typeof Tag>;
export const TagList = z.object({ results: z.array(Tag).describe("All my tags, by name") });
export type TagList = z.infer<typeof TagList>;

export const TagIdParam = z.object({ tagId: IdText });

/** PUT /api/contentuser/{id}/tags: the item's whole list of tags. */
export const SetItemTagsRequest = z
  .object({
    tags: z
      .array(TagName)
      .max(ITEM_TAGS_MAX)
      .describe(`The item's tags, all of them (at most ${ITEM_TAGS_MAX}): names I have not used yet become new tags; tags left out are taken off the item`),
  })
  .strict();
export type SetItemTagsRequest = z.input<typeof SetItemTagsRequest>;
export const ItemTags = z.object({
  id_primary: z.number().int(),
  tags: z.array(z.string()).describe("The item's tags, by name"),
});
export type ItemTags = z.infer<typeof ItemTags>;

export const RenameTagRequest = z
  .object({ name: TagName.describe("The new name; another of my tags' name (in any case) merges this tag into that one") })
  .strict();
export type RenameTagRequest = z.input<typeof RenameTagRequest>;
export const RenameTagResponse = Tag.extend({
  merged: z.boolean().describe("true when the name was another tag's: this tag's items now carry that one, and this tag is gone"),
});
export type RenameTagResponse = z.infer<typeof RenameTagResponse>;

export const MergeTagsRequest = z
  .object({
    tag_ids: z.array(Id).min(1).max(100).describe("My tags to merge away: their items get the kept tag, and they are deleted"),
    into_tag_id: Id.describe("My tag to keep"),
  })
  .strict();
export type MergeTagsRequest = z.input<typeof MergeTagsRequest>;

export const DeleteTagResponse = z.object({
  id: z.number().int(),
  items: z.number().int().describe("Items that carried it; they stay in my library"),
});
export type DeleteTagResponse = z.infer<typeof DeleteTagResponse>;

export const TagSuggestQuery = z.object({
  q: z
    .string()
    .max(TAG_NAME_MAX * 4)
    .default("")
    .describe("What was typed so far (a leading # is ignored); empty: my most used tags"),
});
export const TagSuggestion = z.object({
  name: z.string(),
  source: z.enum(["mine", "skill"]).describe("mine: one of my tags; skill: a skill of the company catalog"),
});
export type TagSuggestion = z.infer<typeof TagSuggestion>;
export const TagSuggestions = z.object({ results: z.array(TagSuggestion).describe("My tags first, then the catalog's skills not already among them") });
export type TagSuggestions = z.infer<typeof TagSuggestions>;
