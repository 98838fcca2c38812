import { zodResolver } from "@hookform/resolvers/zod";
import { ForgotPasswordForm, ResetPasswordForm, SignInForm, SignUpForm } from "./forms";

// Loaded on demand by the sign-in screens (see components/lazyResolver.ts).
export const signInResolver = zodResolver(SignInForm);
export const signUpResolver = zodResolver(SignUpForm);
export const forgotPasswordResolver = zodResolver(ForgotPasswordForm);
export const resetPasswordResolver = zodResolver(ResetPasswordForm);
