import { z } from "zod";
import { Password } from "@learnward/contracts";

/**
 * Accepting an invitation: the server's AcceptInvitationRequest, with the validation messages as
 * error codes the errors namespace translates (spec §5: 'Min length 6 characters').
 */
export const AcceptInvitationForm = z.object({
  name: z.string().trim().min(1, { message: "required" }).max(120, { message: "too_long" }),
  password: Password,
});
export type AcceptInvitationForm = z.infer<typeof AcceptInvitationForm>;
