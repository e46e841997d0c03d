import { describe, expect, it } from "vitest";
import { authClient } from "../helpers/auth-client";
import { testDatabaseKind } from "../helpers/test-database";
import { useTestServer } from "../helpers/test-services";

/** A stolen session cookie alone must not move or delete the account (issue 17, item 3). */
describe(`re-authentication on the account endpoints themselves on ${testDatabaseKind()}`, () => {
  const t = useTestServer({ env: { RATE_LIMITS: "on" } });
  let ip = 10;
  async function signedUp(email: string, password = "reauth123") {
    const client = authClient(t.url, `198.51.100.${ip++}`);
    expect((await client.signUp({ email, password, name: "Re Auth" })).status).toBe(200);
    return client;
  }
  const userExists = async (email: string) =>
    Boolean(await t.services.database.db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirst());
  const mailsTo = async (email: string) =>
    (await t.services.database.db.selectFrom("outbox").select("id").where("to_address", "=", email).execute()).length;

  it("change-email needs the password: none or a wrong one changes nothing and mails nobody", async () => {
    const client = await signedUp("stay@example.com");
    for (const body of [
      { newEmail: "thief@example.com" },
      { newEmail: "thief@example.com", password: "wrong0000" },
      { newEmail: "thief@example.com", password: 12345678 },
    ]) {
      const res = await client.call("/change-email", { ...body, callbackURL: "/profile" });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await mailsTo("thief@example.com")).toBe(0);
    expect((await client.call("/get-session")).json).toMatchObject({ user: { email: "stay@example.com" } });
    // Better Auth allows 3 change-email calls per 10 s from one address; the same session from another.
    const again = authClient(t.url, `198.51.100.${ip++}`);
    for (const [name, value] of client.jar) again.jar.set(name, value);
    const ok = await again.call("/change-email", {
      newEmail: "moved@example.com",
      callbackURL: "/profile",
      password: "reauth123",
    });
    expect(ok.status).toBe(200);
  });

  it("delete-user needs the password", async () => {
    const client = await signedUp("keep@example.com");
    expect((await client.call("/delete-user", {})).status).toBe(400);
    expect((await client.call("/delete-user", { password: "" })).status).toBe(400);
    expect(await userExists("keep@example.com")).toBe(true);
  });

  it("password guesses through a stolen session are rate-limited: after a burst even the right one is refused", async () => {
    const client = await signedUp("guessed@example.com");
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push((await client.call("/delete-user", { password: `guess${i}000` })).status);
    expect(statuses).toContain(429);
    expect((await client.call("/delete-user", { password: "reauth123" })).status).toBe(429);
    expect(await userExists("guessed@example.com")).toBe(true);
  });

  it("every check of the password counts against one limit per user, whichever endpoint asks", async () => {
    const client = await signedUp("mixed@example.com");
    const statuses: number[] = [];
    // Guesses spread over the endpoints (and client addresses) that take the current password.
    for (let i = 0; i < 8; i++) {
      const from = authClient(t.url, `198.51.100.${ip++}`);
      for (const [name, value] of client.jar) from.jar.set(name, value);
      const guess = `guess${i}000`;
      const res =
        i % 2 === 0
          ? await from.call("/change-password", { currentPassword: guess, newPassword: "mixed999" })
          : await from.call("/change-email", { newEmail: `m${i}@example.com`, password: guess });
      statuses.push(res.status);
    }
    expect(statuses).toContain(429);
    expect(
      (await client.call("/change-password", { currentPassword: "reauth123", newPassword: "mixed999" })).status,
    ).toBe(429);
    // /verify-password would have been a way around the limit: it is not reachable over HTTP.
    expect((await client.call("/verify-password", { password: "reauth123" })).status).toBe(404);
  });

  it("change-password through the API always ends the other sessions", async () => {
    const a = await signedUp("both@example.com");
    const b = authClient(t.url, `198.51.100.${ip++}`);
    await b.call("/sign-in/email", { email: "both@example.com", password: "reauth123" });
    expect((await b.call("/get-session")).json).not.toBeNull();
    const changed = await a.call("/change-password", { currentPassword: "reauth123", newPassword: "reauth456" });
    expect(changed.status).toBe(200);
    expect((await b.call("/get-session")).json).toBeNull();
  });
});
