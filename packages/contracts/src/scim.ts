import { z } from "zod";

/** A company's SCIM provisioning token as hr sees it: never the secret, which is shown once. */
export const ScimTokenStatus = z.object({
  active: z.boolean().describe("Whether the company has a SCIM token a directory can use"),
  prefix: z.string().nullable().describe("The first characters of the token, to tell which one a directory holds; null without a token"),
  created_at: z.string().nullable().describe("When the current token was created; null without a token"),
  last_used_at: z.string().nullable().describe("When a directory last called with the token; null if never"),
  base_url: z.string().describe("The SCIM 2.0 base URL to paste into the identity provider (Okta, Microsoft Entra ID)"),
});
export type ScimTokenStatus = z.infer<typeof ScimTokenStatus>;

/** A new token: the secret is in this answer only; any earlier token of the company stops working. */
export const CreateScimTokenResponse = ScimTokenStatus.extend({
  token: z.string().describe("The bearer token, shown this once: only its hash is kept"),
});
export type CreateScimTokenResponse = z.infer<typeof CreateScimTokenResponse>;
