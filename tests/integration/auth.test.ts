import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authClient, follow, latestMailLink } from "../helpers/auth-client";
import { testDatabaseKind } from "../helpers/test-database";
import { createTestServices, startTestServer } from "../helpers/test-services";
import type { AppServices } from "#server/services";

describe(`accounts on ${testDatabaseKind()}`, () => {
  let services: AppServices;
  let server: { url: string; close(): Promise<void> };

  beforeAll(async () => {
    services = await createTestServices({ env: { PASSWORD_REQUIRE_NUMERIC: "true", RATE_LIMITS: "on" } });
    server = await startTestServer(services);
  });
  afterAll(async () => {
    await server?.close();
    await services?.database.destroy();
  });

  it("publishes the password policy and enforces it", async () => {
    const res = await fetch(`${server.url}/api/auth/password-policy`);
    expect(await res.json()).toEqual({ policy: expect.objectContaining({ minLength: 6, requireNumeric: true }) });
    const client = authClient(server.url, "198.51.100.1");
    const weak = await client.signUp({ email: "weak@example.com", password: "abcdefgh", name: "Weak" });
    expect(weak.status).toBe(400);
    expect(weak.json.code).toBe("PASSWORD_DOES_NOT_MEET_REQUIREMENTS");
    const short = await client.signUp({ email: "weak@example.com", password: "ab1", name: "Weak" });
    expect(short.status).toBe(400);
  });

  it("sign-up says the same for a new and a known address, signs nobody in, and mails the owner of a known one", async () => {
    const fresh = authClient(server.url, "198.51.100.2");
    const up = await fresh.call("/sign-up/email", { email: "rae@example.com", password: "coral123", name: "Rae" });
    expect(up.status).toBe(200);
    expect(up.json.token).toBeNull();
    expect((await fresh.call("/get-session")).json).toBeNull();

    const again = await authClient(server.url, "198.51.100.3").call("/sign-up/email", {
      email: "rae@example.com",
      password: "other999",
      name: "Someone Else",
    });
    expect(again.status).toBe(up.status);
    expect(Object.keys(again.json).sort()).toEqual(Object.keys(up.json).sort());
    expect(Object.keys(again.json.user).sort()).toEqual(Object.keys(up.json.user).sort());
    expect(again.json.token).toBeNull();
    // The owner hears about it, once per hour however often it is tried; the account is unchanged.
    await authClient(server.url, "198.51.100.3").call("/sign-up/email", {
      email: "rae@example.com",
      password: "other999",
      name: "Someone Else",
    });
    const notices = await services.database.db
      .selectFrom("outbox")
      .select(["subject", "text"])
      .where("to_address", "=", "rae@example.com")
      .where("kind", "=", "account-exists")
      .execute();
    expect(notices).toHaveLength(1);
    expect(notices[0]!.subject).toMatch(/already have an account/);
    expect(notices[0]!.text).toMatch(/\/sign-in/);
    const verifications = await services.database.db
      .selectFrom("outbox")
      .select("id")
      .where("to_address", "=", "rae@example.com")
      .where("kind", "=", "verify-email")
      .execute();
    expect(verifications).toHaveLength(1);

    // The person finishes with the link in their inbox, which signs them in.
    const client = authClient(server.url, "198.51.100.2");
    await follow(await latestMailLink(services, "rae@example.com", "verify-email"), client);
    const session = await client.call("/get-session");
    expect(session.json.user).toMatchObject({ email: "rae@example.com", name: "Rae", emailVerified: true });
    expect([...client.jar.keys()].some((k) => k.startsWith("lr"))).toBe(true);
    expect(
      (
        await authClient(server.url, "198.51.100.5").call("/sign-in/email", {
          email: "rae@example.com",
          password: "other999",
        })
      ).status,
    ).toBe(401);

    expect((await client.call("/sign-out", {})).status).toBe(200);
    expect((await client.call("/get-session")).json).toBeNull();

    const other = authClient(server.url, "198.51.100.4");
    const wrong = await other.call("/sign-in/email", { email: "rae@example.com", password: "wrong999" });
    const unknown = await other.call("/sign-in/email", { email: "nobody@example.com", password: "wrong999" });
    expect(wrong.status).toBe(unknown.status);
    expect(wrong.json.code).toBe(unknown.json.code);
    expect(wrong.json.message).toBe(unknown.json.message);
    expect((await other.call("/sign-in/email", { email: "rae@example.com", password: "coral123" })).status).toBe(200);
  });

  it("resets a password with a single-use link sent by email; the reset request never reveals accounts", async () => {
    const client = authClient(server.url, "198.51.100.5");
    await client.signUp({ email: "reset@example.com", password: "first111", name: "Reset" });
    const known = await authClient(server.url, "198.51.100.6").call("/request-password-reset", {
      email: "reset@example.com",
      redirectTo: "/reset-password",
    });
    const unknown = await authClient(server.url, "198.51.100.7").call("/request-password-reset", {
      email: "ghost@example.com",
      redirectTo: "/reset-password",
    });
    expect(known.status).toBe(unknown.status);
    expect(known.json).toEqual(unknown.json);

    const link = await latestMailLink(services, "reset@example.com", "password-reset");
    const { pathname, search } = new URL(link);
    const res = await fetch(`${server.url}${pathname}${search}`, { redirect: "manual" });
    const token = new URL(res.headers.get("location")!, server.url).searchParams.get("token")!;
    expect(token).toBeTruthy();
    const reset = await authClient(server.url, "198.51.100.8").call("/reset-password", {
      newPassword: "second22",
      token,
    });
    expect(reset.status).toBe(200);
    const reuse = await authClient(server.url, "198.51.100.9").call("/reset-password", {
      newPassword: "third333",
      token,
    });
    expect(reuse.status).toBe(400);
    // The old session was revoked with the reset; the new password works.
    expect((await client.call("/get-session")).json).toBeNull();
    expect(
      (
        await authClient(server.url, "198.51.100.10").call("/sign-in/email", {
          email: "reset@example.com",
          password: "second22",
        })
      ).status,
    ).toBe(200);
  });

  it("changes the password and signs other sessions out; updates the name", async () => {
    const a = authClient(server.url, "198.51.100.11");
    const b = authClient(server.url, "198.51.100.12");
    await a.signUp({ email: "two@example.com", password: "pass1234", name: "Two" });
    await b.call("/sign-in/email", { email: "two@example.com", password: "pass1234" });
    const changed = await a.call("/change-password", {
      currentPassword: "pass1234",
      newPassword: "pass5678",
      revokeOtherSessions: true,
    });
    expect(changed.status).toBe(200);
    expect((await b.call("/get-session")).json).toBeNull();
    expect((await a.call("/get-session")).json.user.email).toBe("two@example.com");
    expect((await a.call("/update-user", { name: "Two Reefs" })).status).toBe(200);
    expect((await a.call("/get-session")).json.user.name).toBe("Two Reefs");
    const wrongCurrent = await a.call("/change-password", { currentPassword: "nope0000", newPassword: "pass9999" });
    expect(wrongCurrent.status).toBe(400);
  });

  it("refuses sign-in from an untrusted origin (unauthorized-domain)", async () => {
    const res = await fetch(`${server.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: "https://evil.example", cookie: "lr.session_token=x" },
      body: JSON.stringify({
        email: "rae@example.com",
        password: "coral123",
        callbackURL: "https://evil.example/steal",
      }),
    });
    expect(res.status).toBe(403);
    const { authErrorCode } = await import("#app/domain/auth-errors");
    expect(authErrorCode(res.status, (await res.json()).code)).toBe("unauthorized-domain");
  });

  it("answers 'No user is currently signed in' style 401 for account actions without a session", async () => {
    const nobody = authClient(server.url, "198.51.100.13");
    expect((await nobody.call("/change-password", { currentPassword: "a", newPassword: "b1234567" })).status).toBe(401);
    expect((await nobody.call("/update-user", { name: "x" })).status).toBe(401);
  });

  it("rate-limits sign-in attempts per client address with 429", async () => {
    const attacker = authClient(server.url, "192.0.2.66");
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push(
        (await attacker.call("/sign-in/email", { email: "rae@example.com", password: `guess${i}xx` })).status,
      );
    expect(statuses.slice(0, 5).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Another address is not affected.
    expect(
      (
        await authClient(server.url, "192.0.2.67").call("/sign-in/email", {
          email: "rae@example.com",
          password: "coral123",
        })
      ).status,
    ).toBe(200);
  });

  it("counts only failed sign-ins: a right password never locks anyone out, and buys no extra guess", async () => {
    const email = "often-in@example.com";
    const password = "often123";
    expect(
      (await authClient(server.url, "192.0.2.70").call("/sign-up/email", { email, password, name: "Often" })).status,
    ).toBe(200);
    const home = authClient(server.url, "192.0.2.71");
    const signIn = async (pw: string) => (await home.call("/sign-in/email", { email, password: pw })).status;
    // Signing in and out all day (or a household behind one address): each attempt was right.
    const rights: number[] = [];
    for (let i = 0; i < 6; i++) {
      rights.push(await signIn(password));
      await home.call("/sign-out", {});
    }
    expect(rights).toEqual([200, 200, 200, 200, 200, 200]);
    // Failures still count; a success between them takes back only its own count, never theirs.
    const guesses: number[] = [];
    for (let i = 0; i < 4; i++) guesses.push(await signIn(`wrong${i}xx`));
    guesses.push(await signIn(password));
    guesses.push(await signIn("wrong4xx"));
    guesses.push(await signIn("wrong5xx"));
    expect(guesses).toEqual([401, 401, 401, 401, 200, 401, 429]);
    // Over the limit, the right password waits for the window too (nothing is checked before the limit).
    expect(await signIn(password)).toBe(429);
  });
});

describe(`administrators and bans on ${testDatabaseKind()}`, () => {
  let services: AppServices;
  let server: { url: string; close(): Promise<void> };
  beforeAll(async () => {
    services = await createTestServices();
    server = await startTestServer(services);
  });
  afterAll(async () => {
    await server?.close();
    await services?.database.destroy();
  });

  it("create-admin makes an administrator who can ban a customer; the banned customer is signed out and refused", async () => {
    const { promoteToAdmin } = await import("#app/models/back-office/users.server");
    const created = await promoteToAdmin(services, { email: "Owner@Example.com", password: "owner123" });
    expect(created).toMatchObject({ created: true, email: "owner@example.com" });
    expect((await promoteToAdmin(services, { email: "owner@example.com", password: "owner456" })).created).toBe(false);

    const owner = authClient(server.url, "198.51.100.30");
    expect((await owner.call("/sign-in/email", { email: "owner@example.com", password: "owner456" })).status).toBe(200);
    expect((await owner.call("/get-session")).json.user.role).toBe("admin");

    const customer = authClient(server.url, "198.51.100.31");
    const signup = await customer.signUp({
      email: "troll@example.com",
      password: "troll123",
      name: "Troll",
    });
    expect(signup.json.user.role).toBe("user");
    const ban = await owner.call("/admin/ban-user", { userId: signup.json.user.id, banReason: "chargebacks" });
    expect(ban.status).toBe(200);
    expect((await customer.call("/get-session")).json).toBeNull();
    const again = await authClient(server.url, "198.51.100.32").call("/sign-in/email", {
      email: "troll@example.com",
      password: "troll123",
    });
    expect(again.status).toBe(403);
    const { authErrorCode } = await import("#app/domain/auth-errors");
    expect(authErrorCode(again.status, again.json.code)).toBe("user-disabled");

    // A customer cannot use the admin endpoints.
    const other = authClient(server.url, "198.51.100.33");
    await other.signUp({ email: "plain@example.com", password: "plain123", name: "Plain" });
    expect((await other.call("/admin/ban-user", { userId: created.userId })).status).toBe(403);
  });
});

describe(`email verification, change of email and account deletion on ${testDatabaseKind()}`, () => {
  let services: AppServices;
  let server: { url: string; close(): Promise<void> };
  beforeAll(async () => {
    services = await createTestServices();
    server = await startTestServer(services);
  });
  afterAll(async () => {
    await server?.close();
    await services?.database.destroy();
  });

  it("guest orders with the same email join the history only once the email is verified", async () => {
    const { buy } = await import("../helpers/checkout-client");
    const { listCustomerOrders } = await import("#app/models/accounts/customers.server");
    const { getUser } = await import("#app/models/accounts/session.server");
    // A guest order placed before the account exists (checkout-client buys as reefer@example.com).
    expect((await buy(server.url, [{ kind: "product", id: "premium-chaeto", quantity: 1 }])).status).toBe(201);

    const client = authClient(server.url, "198.51.100.60");
    await client.signUp({ email: "reefer@example.com", password: "reefer12", name: "Rae" });
    const headers = () => new Headers({ cookie: [...client.jar].map(([k, v]) => `${k}=${v}`).join("; ") });
    let user = (await getUser(services, headers()))!;
    expect(user.emailVerified).toBe(false);
    expect(await listCustomerOrders(services.database.db, user)).toHaveLength(0);

    const link = await latestMailLink(services, "reefer@example.com", "verify-email");
    await follow(link, client);
    user = (await getUser(services, headers()))!;
    expect(user.emailVerified).toBe(true);
    expect(await listCustomerOrders(services.database.db, user)).toHaveLength(1);
  });

  it("changes the email only after the new address confirms it", async () => {
    const client = authClient(server.url, "198.51.100.61");
    await client.signUp({ email: "old@example.com", password: "change12", name: "Mover" });
    await follow(await latestMailLink(services, "old@example.com", "verify-email"), client);
    const res = await client.call("/change-email", {
      newEmail: "new@example.com",
      callbackURL: "/profile",
      password: "change12",
    });
    expect(res.status).toBe(200);
    expect((await client.call("/get-session")).json.user.email).toBe("old@example.com");
    await follow(await latestMailLink(services, "new@example.com", "change-email"), client);
    expect((await client.call("/get-session")).json.user.email).toBe("new@example.com");
  });

  it("deletes an account with its password; the sessions end and sign-in no longer works", async () => {
    const client = authClient(server.url, "198.51.100.62");
    await client.signUp({ email: "leaving@example.com", password: "leave123", name: "Leaving" });
    expect((await client.call("/delete-user", { password: "wrong000" })).status).toBe(400);
    expect((await client.call("/delete-user", { password: "leave123" })).status).toBe(200);
    expect((await client.call("/get-session")).json).toBeNull();
    expect(
      (
        await authClient(server.url, "198.51.100.63").call("/sign-in/email", {
          email: "leaving@example.com",
          password: "leave123",
        })
      ).status,
    ).toBe(401);
  });
});
