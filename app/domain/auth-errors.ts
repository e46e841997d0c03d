/**
 * The original product's client error codes, with the words a customer sees. Better Auth's codes
 * (and HTTP statuses) map onto them; sign-in never says whether the email exists.
 */
export const AUTH_ERROR_MESSAGES = {
  "wrong-password": "That email and password don't match an account. Check them and try again.",
  "email-already-in-use": "An account with this email already exists. Sign in instead, or reset your password.",
  "user-not-found": "That email and password don't match an account. Check them and try again.",
  "too-many-requests": "Too many attempts. Please wait a few minutes and try again.",
  "network-request-failed": "We couldn't reach the shop. Check your connection and try again.",
  "user-disabled": "This account has been disabled. Contact us if you think this is a mistake.",
  "popup-blocked": "Your browser blocked the sign-in window. We'll continue in this tab instead.",
  "popup-closed-by-user": "The sign-in window was closed before finishing. Try again when you're ready.",
  "unauthorized-domain": "Sign-in isn't allowed from this address.",
  "user-mismatch": "Reauthentication failed: Different user account",
  "password-does-not-meet-requirements": "The password doesn't meet the requirements listed below.",
  "invalid-token": "This link has expired or was already used. Request a new one.",
  "no-user": "No user is currently signed in",
  "last-administrator":
    "This is the shop's only administrator account. Make another account an administrator in the back office first.",
  unknown: "Something went wrong. Please try again.",
} as const;

export type AuthErrorCode = keyof typeof AUTH_ERROR_MESSAGES;

const FROM_BETTER_AUTH: Record<string, AuthErrorCode> = {
  INVALID_EMAIL_OR_PASSWORD: "wrong-password",
  INVALID_PASSWORD: "wrong-password",
  USER_ALREADY_EXISTS: "email-already-in-use",
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: "email-already-in-use",
  USER_NOT_FOUND: "user-not-found",
  PASSWORD_TOO_SHORT: "password-does-not-meet-requirements",
  PASSWORD_TOO_LONG: "password-does-not-meet-requirements",
  PASSWORD_DOES_NOT_MEET_REQUIREMENTS: "password-does-not-meet-requirements",
  BANNED_USER: "user-disabled",
  YOU_HAVE_BEEN_BANNED_FROM_THIS_APPLICATION: "user-disabled",
  INVALID_TOKEN: "invalid-token",
  TOO_MANY_REQUESTS: "too-many-requests",
  LAST_ADMINISTRATOR: "last-administrator",
  // Requests from, or redirects to, an origin the shop does not trust.
  INVALID_ORIGIN: "unauthorized-domain",
  INVALID_CALLBACK_URL: "unauthorized-domain",
  INVALID_CALLBACKURL: "unauthorized-domain",
  INVALID_REDIRECT_URL: "unauthorized-domain",
  MISSING_OR_NULL_ORIGIN: "unauthorized-domain",
};

export function authErrorCode(status: number, code: string | undefined): AuthErrorCode {
  if (status === 429) return "too-many-requests";
  if (code && FROM_BETTER_AUTH[code]) return FROM_BETTER_AUTH[code];
  if (status === 401) return "no-user";
  return "unknown";
}
