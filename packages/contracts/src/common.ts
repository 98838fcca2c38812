import { z } from "zod";

/** DRF-style page parameters. */
export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1).describe("1-based page number"),
  page_size: z.coerce.number().int().min(1).max(100).optional().describe("Items per page (max 100)"),
});
export type PageQuery = z.infer<typeof PageQuery>;

/** DRF-style page of results with absolute next/previous links. */
export function Paginated<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int().describe("Total number of matching items"),
    next: z.string().nullable().describe("Absolute URL of the next page"),
    previous: z.string().nullable().describe("Absolute URL of the previous page"),
    results: z.array(item),
  });
}
export type Page<T> = { count: number; next: string | null; previous: string | null; results: T[] };

export const IdParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
