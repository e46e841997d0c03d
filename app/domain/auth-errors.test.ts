import { describe, expect, it } from "vitest";
import { AUTH_ERROR_MESSAGES, authErrorCode } from "./auth-errors";

describe("authentication error codes", () => {
  it("maps Better Auth's answers onto the original product's codes", () => {
    expect(authErrorCode(401, "INVALID_EMAIL_OR_PASSWORD")).toBe("wrong-password");
    expect(authErrorCode(422, "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL")).toBe("email-already-in-use");
    expect(authErrorCode(400, "USER_NOT_FOUND")).toBe("user-not-found");
    expect(authErrorCode(429, undefined)).toBe("too-many-requests");
    expect(authErrorCode(403, "BANNED_USER")).toBe("user-disabled");
    expect(authErrorCode(403, "INVALID_ORIGIN")).toBe("unauthorized-domain");
    expect(authErrorCode(400, "PASSWORD_TOO_SHORT")).toBe("password-does-not-meet-requirements");
    expect(authErrorCode(401, undefined)).toBe("no-user");
    expect(authErrorCode(500, "SOMETHING_NEW")).toBe("unknown");
  });

  it("gives unknown email and wrong password the same words, and the spec's exact sentences", () => {
    expect(AUTH_ERROR_MESSAGES["user-not-found"]).toBe(AUTH_ERROR_MESSAGES["wrong-password"]);
    expect(AUTH_ERROR_MESSAGES["user-mismatch"]).toBe("Reauthentication failed: Different user account");
    expect(AUTH_ERROR_MESSAGES["no-user"]).toBe("No user is currently signed in");
    for (const message of Object.values(AUTH_ERROR_MESSAGES)) expect(message.length).toBeGreaterThan(10);
  });
});
