import { z } from "zod";
import { HOME_DUE_SOON_DAYS, HOME_SECTION_SIZE } from "./constants.ts";
import { ContentItem } from "./library.ts";
import { MyTask } from "./network.ts";

const section = <T extends z.ZodType>(entry: T, what: string) =>
  z.object({
    count: z.number().int().describe(`How many ${what} there are in all (results holds at most ${HOME_SECTION_SIZE})`),
    results: z.array(entry),
  });

/** GET /api/b2b/v1/home: what needs the signed-in person, above their library: the learner home. */
export const HomeResponse = z.object({
  assigned: section(MyTask, "open plans (pending or active)").describe("My open upskilling plans, soonest deadline first"),
  due_soon: section(MyTask, "open plans due within the window or overdue").describe(
    `My open plans whose deadline is within ${HOME_DUE_SOON_DAYS} days, overdue ones first (marked overdue), then soonest first`,
  ),
  continue: section(ContentItem, "items in progress").describe("Items of my library in progress (running), most recently touched first"),
});
export type HomeResponse = z.infer<typeof HomeResponse>;
