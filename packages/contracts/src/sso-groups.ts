import { z } from "zod";
import { Id, isPrototypeKey } from "./common.ts";
import { CompanyRole } from "./people.ts";

/** The most rules a company keeps: the first that matches decides, so a long list is a mistake. */
export const SSO_GROUP_RULES_MAX = 50;

/**
 * One rule of a company's identity-provider group mapping: a person the provider creates
 * just in time whose groups include `group` gets `role`, and joins `team_id` when one is named.
 */
export const SsoGroupRule = z
  .object({
    group: z.string().trim().min(1).max(256).describe("The group's name or id exactly as the identity provider sends it"),
    role: CompanyRole.describe("The company role a new person of this group gets"),
    team_id: Id.nullable().default(null).describe("A team of the company the new person joins; null for none"),
  })
  .strict();
export type SsoGroupRule = z.infer<typeof SsoGroupRule>;

/** Where a just-in-time account lands, by its identity provider groups: the first matching rule wins, none is a member. */
export const SsoGroupMappings = z.object({
  groups_claim: z.string().describe("The id_token claim that lists the person's groups"),
  rules: z.array(SsoGroupRule).describe("In order: the first rule whose group the person has decides"),
  updated_at: z.string().nullable(),
});
export type SsoGroupMappings = z.infer<typeof SsoGroupMappings>;

export const UpdateSsoGroupMappingsRequest = z
  .object({
    groups_claim: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .regex(/^[\w.:/-]+$/)
      .refine((claim) => !isPrototypeKey(claim), "This name is a key every object has, never a claim")
      .default("groups")
      .describe("The id_token claim that lists the person's groups (groups by default)"),
    rules: z.array(SsoGroupRule).max(SSO_GROUP_RULES_MAX),
  })
  .strict();
export type UpdateSsoGroupMappingsRequest = z.infer<typeof UpdateSsoGroupMappingsRequest>;
