import { z } from "zod";
import { HttpUrl } from "./common.ts";
import { ContentType, CourseStatus } from "./library.ts";

/** Is this page already in my library? Asked by the browser extension before it saves the tab. */
export const LibraryLookupQuery = z.object({ url: HttpUrl.describe("The page's address; matched as the library keeps it (normalised)") });

export const LibraryLookupResponse = z.discriminatedUnion("saved", [
  z.object({ saved: z.literal(false) }),
  z.object({
    saved: z.literal(true),
    id_primary: z.number().int().describe("My saved copy"),
    id_content: z.number().int().describe("The company catalog item (id_course of the course status routes)"),
    title: z.string(),
    content_type: ContentType,
    course_status: CourseStatus.nullable(),
    folders: z.array(z.object({ id: z.number().int(), name: z.string() })).describe("My folders holding it, by name"),
    highlights: z.number().int().describe("How many highlights I keep on it"),
  }),
]);
export type LibraryLookupResponse = z.infer<typeof LibraryLookupResponse>;
