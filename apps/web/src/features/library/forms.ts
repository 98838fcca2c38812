import { z } from "zod";
import {
  ContentType,
  CreateFolderContentRequest,
  PreviewContentRequest,
  UpdateContentRequest,
  type ContentItem,
  type ContentPreview,
} from "@learnward/contracts";
import { filled } from "../../components/formRules";

// Form schemas built from the library contracts: limits are the request schemas' own; their
// messages are error codes (issueCode) the errors namespace translates.

const httpUrl = PreviewContentRequest.shape.url;
const saved = UpdateContentRequest.shape;

export const UrlForm = z.object({
  url: z
    .string()
    .trim()
    .min(1, { message: "required" })
    .refine((value) => httpUrl.safeParse(value).success, { message: "invalid_url" }),
});
export type UrlFormValues = z.input<typeof UrlForm>;

/** The editable fields of a saved item; duration in whole minutes, as people think of it. */
export const ContentForm = z.object({
  title: saved.title.unwrap(),
  content_type: ContentType,
  // Blank is no author: the form sends null for it.
  author: saved.author.unwrap().unwrap(),
  minutes: z
    .string()
    .trim()
    .refine((value) => value === "" || (/^\d+$/.test(value) && Number(value) <= 166_666), { message: "invalid_minutes" }),
  description: saved.description.unwrap().unwrap(),
  image_url: z
    .string()
    .trim()
    .refine((value) => value === "" || httpUrl.safeParse(value).success, { message: "invalid_url" }),
  visibility: z.enum(["public", "private"]),
});
export type ContentFormValues = z.input<typeof ContentForm>;

const minutesOf = (seconds: number | null) => (seconds === null ? "" : String(Math.round(seconds / 60)));

/** The form's starting values from a preview (add) or a saved item (edit). */
export function contentFormValues(source: ContentPreview | ContentItem): ContentFormValues {
  return {
    title: source.title ?? "",
    content_type: source.content_type,
    author: source.author ?? "",
    minutes: minutesOf(source.duration_s),
    description: source.description ?? "",
    // Only http(s) pictures can be edited; others (seed data: URLs) stay as they are.
    image_url: source.image_url && /^https?:\/\//i.test(source.image_url) ? source.image_url : "",
    visibility: "is_private" in source && source.is_private ? "private" : "public",
  };
}

/** The API fields of the form; an unchanged duration keeps its seconds. */
export function contentFields(values: ContentFormValues, original: { duration_s: number | null; image_url: string | null }) {
  const blankToNull = (value: string) => (value.trim() === "" ? null : value.trim());
  const minutes = values.minutes.trim();
  return {
    title: values.title.trim(),
    content_type: values.content_type,
    author: blankToNull(values.author),
    duration_s: minutes === minutesOf(original.duration_s) ? original.duration_s : minutes === "" ? null : Number(minutes) * 60,
    description: blankToNull(values.description),
    image_url: values.image_url.trim() === "" && original.image_url && !/^https?:\/\//i.test(original.image_url) ? undefined : blankToNull(values.image_url),
    is_private: values.visibility === "private",
  };
}

/** A new link added straight to a folder: the server saves it to the library too. */
export const NewLinkForm = UrlForm.extend({
  // The request takes no title (the page's own is read); this form asks for one.
  title: filled(CreateFolderContentRequest.shape.title.unwrap()),
});
