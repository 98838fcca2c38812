import { z } from "zod";
import { Email, ForgotPasswordRequest, LOCALES, Password, TOTP_DIGITS, UpdateProfileRequest } from "@learnward/contracts";

// Form schemas built from the shared contracts; their messages are error codes the errors namespace translates.

/** spec §5: the same email and password rules as registration, so the messages match. */
export const SignInForm = z.object({ email: Email, password: Password });

export const SignUpForm = z.object({
  name: z.string().trim().min(1, { message: "required" }).max(120, { message: "too_long" }),
  email: Email,
  password: Password,
});

export const ForgotPasswordForm = ForgotPasswordRequest;

const withConfirmation = <T extends z.ZodObject<{ newPassword: typeof Password; confirmPassword: z.ZodString }>>(schema: T) =>
  schema.refine((value) => value.newPassword === value.confirmPassword, {
    message: "passwords_mismatch",
    path: ["confirmPassword"],
  });

export const ResetPasswordForm = withConfirmation(z.object({ newPassword: Password, confirmPassword: z.string() }));

export const ChangePasswordForm = withConfirmation(
  z.object({
    currentPassword: z.string().min(1, { message: "required" }),
    newPassword: Password,
    confirmPassword: z.string(),
  }),
);

const photoUrl = UpdateProfileRequest.shape.photoURL.unwrap().unwrap();

export const ProfileForm = z.object({
  displayName: z.string().trim().min(1, { message: "required" }).max(120, { message: "too_long" }),
  // An empty field removes the photo; anything else must be an http(s) link, as the server requires.
  photoURL: z
    .string()
    .trim()
    .refine((value) => value === "" || photoUrl.safeParse(value).success, { message: "invalid_url" }),
  locale: z.enum(LOCALES),
});

// Two-factor sign-in. Authenticator apps show the code in groups ("123 456"): spaces are dropped.
const totpCode = z
  .string()
  .transform((value) => value.replace(/\s+/g, ""))
  .pipe(z.string().regex(new RegExp(`^\\d{${TOTP_DIGITS}}$`), { message: "codeFormat" }));
const backupCode = z.string().trim().min(1, { message: "backupFormat" }).max(64, { message: "backupFormat" });

export const TotpCodeForm = z.object({ code: totpCode, trustDevice: z.boolean() });
export const BackupCodeForm = z.object({ code: backupCode, trustDevice: z.boolean() });
/** The code that confirms a new authenticator. */
export const ConfirmTotpForm = z.object({ code: totpCode });
/** Turning two-factor sign-in on or off, or new backup codes: the password proves it is the person. */
export const PasswordConfirmForm = z.object({ password: z.string().min(1, { message: "required" }).max(128, { message: "too_long" }) });
