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

/**
 * A calendar day as YYYY-MM-DD that exists: zod's ISO date knows month lengths and leap years, so
 * 2026-13-01 and 2026-02-30 are refused here instead of by PostgreSQL (a 500). From 1900 on: no plan,
 * budget or payment is older, and years below 100 would meet Date.UTC's two-digit-year rule.
 */
export const IsoDate = z.iso.date("Use an ISO date (YYYY-MM-DD) that exists").refine((d) => d >= "1900-01-01", "Use a date from 1900 on");
