import { z } from "zod";
import { emailField, optionalText, requiredText } from "#app/domain/forms";
import { meetsPolicy, type PasswordPolicy } from "#app/domain/password-policy";

/** Where to go after signing in: checked for same-origin by safeRedirect, so any text is accepted here. */
const redirectTo = z.string().max(2000).optional();

const enterPassword = "Enter your password.";
const currentPassword = z.string(enterPassword).min(1, enterPassword).max(1024, "Use at most 1,024 characters.");

/** A new password, checked against the shop's policy (the same rules the field ticks off as you type). */
const newPassword = (policy: PasswordPolicy, missing = "Choose a password.") =>
  z
    .string(missing)
    .min(1, missing)
    .refine((p) => meetsPolicy(p, policy), "This password doesn't meet the requirements listed below.");

export const SignInSchema = z.object({ email: emailField(), password: currentPassword, redirectTo });

export const signUpSchema = (policy: PasswordPolicy) =>
  z
    .object({ name: optionalText(120), email: emailField(), password: newPassword(policy), redirectTo })
    // Without a display name the account is called by the part of the address before the @.
    .transform((f) => ({ ...f, name: f.name || f.email.split("@")[0]! }));

export const ForgotPasswordSchema = z.object({ email: emailField() });

export const resetPasswordSchema = (policy: PasswordPolicy) =>
  z.object({
    token: z.string("This link is incomplete. Request a new one.").min(1).max(500),
    password: newPassword(policy, "Choose a new password."),
  });

export const PROFILE_INTENTS = ["update-name", "change-password", "change-email", "delete-account"] as const;
export type ProfileIntent = (typeof PROFILE_INTENTS)[number];

/** The profile page's forms; every sensitive change asks for the current password again. */
export const profileSchemas = (policy: PasswordPolicy) => ({
  "update-name": z.object({ name: requiredText(120, "Enter a display name.") }),
  "change-password": z.object({
    reauthPassword: currentPassword,
    newPassword: newPassword(policy, "Choose a new password."),
  }),
  "change-email": z.object({
    reauthPassword: currentPassword,
    newEmail: emailField("Enter the new email address."),
  }),
  "delete-account": z.object({ reauthPassword: currentPassword }),
});
