import { z } from "zod";
import { Paginated } from "./common.ts";

/**
 * Where the company forwards its learning events as xAPI statements, as hr and the L&D leader see it:
 * never the secret, only whether one is saved.
 */
export const LrsForwarder = z.object({
  endpoint: z.string().nullable().describe("The outside LRS's xAPI endpoint (statements are POSTed to <endpoint>/statements); null when none is set"),
  key: z.string().nullable().describe("The HTTP Basic user name sent to it"),
  has_secret: z.boolean().describe("Whether a secret is saved (it is never answered)"),
  enabled: z.boolean().describe("Whether events are forwarded now"),
  updated_at: z.string().nullable(),
  pending: z.number().int().describe("Statements waiting to be sent"),
  failed: z.number().int().describe("Statements that failed for good (the dead letters)"),
});
export type LrsForwarder = z.infer<typeof LrsForwarder>;

export const SaveLrsForwarderRequest = z.strictObject({
  endpoint: z.string().trim().min(1).max(2000).describe("https:// address of the outside LRS's xAPI endpoint"),
  key: z.string().trim().min(1).max(500).describe("HTTP Basic user name (the LRS key)"),
  secret: z.string().min(1).max(500).optional().describe("HTTP Basic password (the LRS secret); keep the saved one when absent"),
  enabled: z.boolean().default(true),
});
export type SaveLrsForwarderRequest = z.input<typeof SaveLrsForwarderRequest>;

export const TestLrsForwarderResponse = z.object({
  ok: z.boolean().describe("Whether the outside LRS took the test statement"),
  status: z.number().int().nullable().describe("Its HTTP status, when it answered"),
  error: z.string().nullable().describe("Why it did not, when it did not"),
  statement_id: z.string().describe("The id of the test statement sent"),
});
export type TestLrsForwarderResponse = z.infer<typeof TestLrsForwarderResponse>;

/** A statement forwarded, waiting, or failed for good. */
export const XapiForward = z.object({
  id: z.number().int(),
  statement_id: z.string(),
  state: z.enum(["pending", "sent", "failed"]),
  verb: z.string().describe("The statement's verb IRI"),
  activity: z.string().describe("The statement's object (activity id)"),
  actor: z.string().nullable().describe("The person's address (mailto: removed)"),
  attempts: z.number().int(),
  last_status: z.number().int().nullable().describe("The outside LRS's HTTP status the last time; null when it could not be reached (or nothing failed)"),
  last_error: z.string().nullable().describe("What went wrong the last time, for the record (English, not for display)"),
  created_at: z.string(),
});
export type XapiForward = z.infer<typeof XapiForward>;
export const XapiForwardPage = Paginated(XapiForward);
export type XapiForwardPage = z.infer<typeof XapiForwardPage>;

export const RetryXapiForwardsResponse = z.object({ retried: z.number().int().describe("How many failed statements wait to be sent again") });
export type RetryXapiForwardsResponse = z.infer<typeof RetryXapiForwardsResponse>;
