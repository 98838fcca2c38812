import { z } from "zod";

/** A company's Learning Record Store credential as hr and the L&D leader see it: never the secret. */
export const LrsCredential = z.object({
  id: z.number().int(),
  name: z.string().describe("What the credential is for (the course platform that sends statements)"),
  key: z.string().describe("The HTTP Basic user name the sender uses"),
  created_at: z.string(),
  rotated_at: z.string().nullable().describe("When the secret was last replaced; null if never"),
  revoked_at: z.string().nullable().describe("When the credential was revoked: its calls are refused (403)"),
  last_used_at: z.string().nullable(),
});
export type LrsCredential = z.infer<typeof LrsCredential>;

export const LrsCredentialList = z.object({
  endpoint: z.string().describe("The xAPI endpoint to paste into the sender (statements live under it)"),
  results: z.array(LrsCredential),
});
export type LrsCredentialList = z.infer<typeof LrsCredentialList>;

/** A new or rotated credential: the secret is in this answer only. */
export const LrsCredentialWithSecret = LrsCredential.extend({
  secret: z.string().describe("The HTTP Basic password, shown this once: only its hash is kept"),
});
export type LrsCredentialWithSecret = z.infer<typeof LrsCredentialWithSecret>;

export const CreateLrsCredentialRequest = z.strictObject({ name: z.string().trim().min(1).max(100) });
export type CreateLrsCredentialRequest = z.infer<typeof CreateLrsCredentialRequest>;

/** The L&D leader's word that an outside activity is this catalog item. */
export const XapiActivityMapping = z.object({
  id: z.number().int(),
  activity_id: z.string(),
  content_id: z.number().int(),
  title: z.string().describe("The catalog item's title"),
  created_at: z.string(),
});
export type XapiActivityMapping = z.infer<typeof XapiActivityMapping>;

export const SaveXapiActivityMappingRequest = z.strictObject({
  activity: z
    .string()
    .trim()
    .min(1)
    .max(2000)
    .regex(/^[a-z][a-z0-9+.-]*:\S+$/i, "an IRI")
    .describe("The activity id statements name"),
  content_id: z.number().int().positive().describe("The catalog item it is"),
});
export type SaveXapiActivityMappingRequest = z.infer<typeof SaveXapiActivityMappingRequest>;

/** Statements kept but not applied yet: for a person not (yet) of the company, or an activity no item matches. */
export const XapiUnapplied = z.object({
  agents: z.array(z.object({ agent: z.unknown().describe("The statement's actor, as sent"), statements: z.number().int(), last_stored: z.string() })),
  activities: z.array(z.object({ activity_id: z.string(), statements: z.number().int(), last_stored: z.string() })),
});
export type XapiUnapplied = z.infer<typeof XapiUnapplied>;
