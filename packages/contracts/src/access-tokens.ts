import { z } from "zod";

/**
 * Personal access tokens: a person's own key for API clients that cannot hold a browser session
 * (the browser extension, scripts). Sent as `Authorization: Bearer lw_pat_…`; it acts as its person
 * on the routes open to every member of a company, and never manages tokens, passwords, two-factor
 * sign-in or company settings. Only its SHA-256 is kept, so the secret is shown once.
 */
export const ACCESS_TOKEN_PREFIX = "lw_pat_";

/** The longest name a token may have. */
export const ACCESS_TOKEN_NAME_MAX = 100;

/** Days a new token may live; null (or absent) means until it is revoked. */
export const ACCESS_TOKEN_EXPIRY_DAYS = [30, 90, 365] as const;

export const AccessToken = z.object({
  id: z.number().int().describe("The token's id, to revoke it"),
  name: z.string().describe("What the person called it (e.g. 'Work laptop extension')"),
  prefix: z.string().describe("The first characters of the token, to tell tokens apart; never enough to use it"),
  created_at: z.string().describe("When it was created"),
  last_used_at: z.string().nullable().describe("When it last opened a request (updated at most once a minute); null if never"),
  expires_at: z.string().nullable().describe("When it stops working; null if it works until revoked"),
});
export type AccessToken = z.infer<typeof AccessToken>;

export const AccessTokenList = z.array(AccessToken).describe("My tokens, newest first (revoked ones are gone)");
export type AccessTokenList = z.infer<typeof AccessTokenList>;

export const CreateAccessTokenRequest = z.object({
  name: z.string().trim().min(1).max(ACCESS_TOKEN_NAME_MAX).describe("A name to recognise the token by"),
  expires_in_days: z
    .union(ACCESS_TOKEN_EXPIRY_DAYS.map((d) => z.literal(d)))
    .nullable()
    .default(null)
    .describe("Days until it stops working (30, 90 or 365); null for no expiry"),
});
export type CreateAccessTokenRequest = z.input<typeof CreateAccessTokenRequest>;

/** A new token: the secret is in this answer only. */
export const CreateAccessTokenResponse = AccessToken.extend({
  token: z.string().describe("The token itself (starts with lw_pat_), shown this once: only its hash is kept"),
});
export type CreateAccessTokenResponse = z.infer<typeof CreateAccessTokenResponse>;
