import { z } from "zod";

/**
 * A person's private calendar feed: every plan deadline they hold, as all-day events with
 * a reminder. The URL's secret is the whole credential, so it is shown only to its owner and can be
 * replaced at any time (the old URL stops working).
 */
export const CalendarFeed = z.object({
  url: z.string().describe("The feed's address (an .ics file) to subscribe to from a calendar app; whoever has it can read it"),
  created_at: z.string().describe("When this address was made; a new one replaces it"),
});
export type CalendarFeed = z.infer<typeof CalendarFeed>;

/** The feed's secret as it appears in its path: 43 base64url characters (32 random bytes). */
export const CalendarFeedParams = z.object({ secret: z.string().max(200).describe("The feed's secret") });
