import { describe, expect, it } from "vitest";
import { listCustomerOrders } from "#app/models/accounts/customers.server";
import { getUser } from "#app/models/accounts/session.server";
import { authClient } from "../helpers/auth-client";
import { buy } from "../helpers/checkout-client";
import { testDatabaseKind } from "../helpers/test-database";
import { useTestServer } from "../helpers/test-services";
import type { AppServices } from "#server/services";

const PUBLIC_URL = "http://localhost:3000";

async function mailsTo(services: AppServices, to: string, kind?: string) {
  let query = services.database.db
    .selectFrom("outbox")
    .select(["kind", "subject", "text"])
    .where("to_address", "=", to)
    .orderBy("id", "desc");
  if (kind) query = query.where("kind", "=", kind);
  return query.execute();
}

async function linkIn(services: AppServices, to: string, kind: string): Promise<string> {
  const [mail] = await mailsTo(services, to, kind);
  const match = mail?.text.match(/https?:\/\/\S+/);
  if (!match) throw new Error(`no ${kind} mail with a link to ${to}`);
  return match[0].replace(/[)\]]+$/, "");
}

async function follow(link: string, client: ReturnType<typeof authClient>) {
  const { pathname, search } = new URL(link);
  return client.call(`${pathname.replace("/api/auth", "")}${search}`);
}

const cookieOf = (client: ReturnType<typeof authClient>) =>
  new Headers({ cookie: [...client.jar].map(([k, v]) => `${k}=${v}`).join("; ") });

describe(`guest orders belong to the account whose verified address placed them, on ${testDatabaseKind()}`, () => {
  const t = useTestServer();
  let ip = 10;
  const client = () => authClient(t.url, `198.51.100.${ip++}`);

  it("attaches them at verification, keeps them after a change of email, and attaches later ones at checkout", async () => {
    // checkout-client buys as reefer@example.com.
    expect((await buy(t.url, [{ kind: "product", id: "premium-chaeto", quantity: 1 }])).status).toBe(201);
    const rae = client();
    await rae.signUp({ email: "reefer@example.com", password: "reefer12", name: "Rae" });
    const before = (await getUser(t.services, cookieOf(rae)))!;
    expect(await listCustomerOrders(t.services.database.db, before)).toHaveLength(0);

    await follow(await linkIn(t.services, "reefer@example.com", "verify-email"), rae);
    const verified = (await getUser(t.services, cookieOf(rae)))!;
    expect(verified.emailVerified).toBe(true);
    expect(await listCustomerOrders(t.services.database.db, verified)).toHaveLength(1);

    // Signed out, the same address buys again: the order is the account's too.
    expect((await buy(t.url, [{ kind: "product", id: "premium-chaeto", quantity: 1 }])).status).toBe(201);
    expect(await listCustomerOrders(t.services.database.db, verified)).toHaveLength(2);

    const moved = await rae.call("/change-email", {
      newEmail: "rae.moved@example.com",
      password: "reefer12",
      callbackURL: "/profile?email=changed",
    });
    expect(moved.status).toBe(200);
    await follow(await linkIn(t.services, "rae.moved@example.com", "change-email"), rae);
    const after = (await getUser(t.services, cookieOf(rae)))!;
    expect(after.email).toBe("rae.moved@example.com");
    expect(await listCustomerOrders(t.services.database.db, after)).toHaveLength(2);
  });

  it("an address claimed but not verified takes nobody's orders, by sign-up or by a change of email", async () => {
    const owner = "victim@example.com";
    const order = await fetch(`${t.url}/api/checkout`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Idempotency-Key": crypto.randomUUID() },
      body: JSON.stringify({
        items: [{ kind: "product", id: "premium-chaeto", quantity: 1 }],
        customer: { email: owner, name: "Victim" },
        shippingAddress: { line1: "1 Reef Rd", city: "Tampa", state: "FL", postalCode: "33602", country: "US" },
        payment: { card: { number: "4242424242424242", expMonth: 12, expYear: 2034, cvc: "123" } },
      }),
    });
    expect(order.status).toBe(201);
    const thief = client();
    await thief.signUp({ email: owner, password: "thief123", name: "Thief" });
    const claimed = (await getUser(t.services, cookieOf(thief)))!;
    expect(await listCustomerOrders(t.services.database.db, claimed)).toHaveLength(0);

    const other = client();
    await other.signUp({ email: "other@example.com", password: "other123", name: "Other" });
    // A change of address waits for the new address's link, which the thief does not have.
    await other.call("/change-email", { newEmail: "victim2@example.com", password: "other123" });
    const still = (await getUser(t.services, cookieOf(other)))!;
    expect(still.email).toBe("other@example.com");
    expect(await listCustomerOrders(t.services.database.db, still)).toHaveLength(0);
    const row = await t.services.database.db
      .selectFrom("orders")
      .select("user_id")
      .where("email", "=", owner)
      .executeTakeFirstOrThrow();
    expect(row.user_id).toBeNull();
  });

  it("the change of address mails the new address a change link and tells the old one", async () => {
    const mover = client();
    await mover.signUp({ email: "mover@example.com", password: "mover123", name: "Mover" });
    await follow(await linkIn(t.services, "mover@example.com", "verify-email"), mover);
    expect(
      (await mover.call("/change-email", { newEmail: "mover.new@example.com", password: "mover123" })).status,
    ).toBe(200);
    const toNew = await mailsTo(t.services, "mover.new@example.com");
    expect(toNew.map((m) => m.kind)).toEqual(["change-email"]);
    expect(toNew[0]!.subject).toMatch(/Confirm your new email address/);
    expect(toNew[0]!.text).not.toMatch(/finish creating your account/i);
    const toOld = await mailsTo(t.services, "mover@example.com", "email-change-notice");
    expect(toOld).toHaveLength(1);
    expect(toOld[0]!.text).toContain("mover.new@example.com");
    expect(toOld[0]!.text).toContain(`${PUBLIC_URL}/forgot-password`);
  });
});

describe(`sign-up, reset links, administrators on ${testDatabaseKind()}`, () => {
  const t = useTestServer({ env: { RATE_LIMITS: "on" } });
  let ip = 10;
  const client = () => authClient(t.url, `192.0.2.${ip++}`);

  it("sign-up answers a known address with the very fields and values of a new account", async () => {
    const first = await client().call("/sign-up/email", {
      email: "same@example.com",
      password: "same1234",
      name: "Sam",
    });
    const again = await client().call("/sign-up/email", {
      email: "same@example.com",
      password: "same1234",
      name: "Sam",
    });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    const shape = (body: { token: unknown; user: Record<string, unknown> }) => {
      const { id, createdAt, updatedAt, ...rest } = body.user;
      return { token: body.token, id: typeof id, createdAt: typeof createdAt, updatedAt: typeof updatedAt, ...rest };
    };
    expect(shape(again.json)).toEqual(shape(first.json));
    expect(again.json.user.role).toBe("user");
  });

  it("a reset link stops working once a newer one was used, or the password was changed", async () => {
    const owner = client();
    await owner.signUp({ email: "links@example.com", password: "links123", name: "Links" });
    const tokenOf = async () => {
      const link = await linkIn(t.services, "links@example.com", "password-reset");
      return new URL(link).pathname.split("/").pop()!;
    };
    const ask = async () =>
      expect(
        (await client().call("/request-password-reset", { email: "links@example.com", redirectTo: "/reset-password" }))
          .status,
      ).toBe(200);
    await ask();
    const older = await tokenOf();
    await ask();
    const newer = await tokenOf();
    expect(newer).not.toBe(older);
    expect((await client().call("/reset-password", { token: newer, newPassword: "links456" })).status).toBe(200);
    const stale = await client().call("/reset-password", { token: older, newPassword: "links789" });
    expect(stale.status).toBe(400);
    expect(stale.json.code).toBe("INVALID_TOKEN");
    // Opening the older link lands on the form with the error, not on a working form.
    const opened = await client().call(`/reset-password/${older}?callbackURL=${encodeURIComponent("/reset-password")}`);
    expect(opened.status).toBe(302);

    // A password changed in the profile retires the links sent before it too.
    await ask();
    const beforeChange = await tokenOf();
    const signedIn = client();
    await signedIn.call("/sign-in/email", { email: "links@example.com", password: "links456" });
    expect(
      (await signedIn.call("/change-password", { currentPassword: "links456", newPassword: "links999" })).status,
    ).toBe(200);
    expect((await client().call("/reset-password", { token: beforeChange, newPassword: "links000" })).status).toBe(400);
    expect((await client().call("/sign-in/email", { email: "links@example.com", password: "links999" })).status).toBe(
      200,
    );
  });

  it("the last administrator can't delete their account or lose the role; with a second one they can", async () => {
    const { promoteToAdmin } = await import("#app/models/back-office/users.server");
    await promoteToAdmin(t.services, { email: "boss@example.com", password: "boss1234" });
    const boss = client();
    expect((await boss.call("/sign-in/email", { email: "boss@example.com", password: "boss1234" })).status).toBe(200);
    const refused = await boss.call("/delete-user", { password: "boss1234" });
    expect(refused.status).toBe(400);
    expect(refused.json.code).toBe("LAST_ADMINISTRATOR");
    const bossId = (await boss.call("/get-session")).json.user.id as string;
    expect((await boss.call("/admin/set-role", { userId: bossId, role: "user" })).json.code).toBe("LAST_ADMINISTRATOR");
    expect((await boss.call("/get-session")).json.user.role).toBe("admin");

    await promoteToAdmin(t.services, { email: "deputy@example.com", password: "deputy12" });
    expect((await boss.call("/delete-user", { password: "boss1234" })).status).toBe(200);
    const gone = await t.services.database.db
      .selectFrom("user")
      .select("id")
      .where("email", "=", "boss@example.com")
      .executeTakeFirst();
    expect(gone).toBeUndefined();
  });

  it("an administrator made on the command line gets no sign-up mail, and owns their verified address's orders", async () => {
    expect(
      (
        await fetch(`${t.url}/api/checkout`, {
          method: "POST",
          headers: { "Content-Type": "application/json", "Idempotency-Key": crypto.randomUUID() },
          body: JSON.stringify({
            items: [{ kind: "product", id: "premium-chaeto", quantity: 1 }],
            customer: { email: "cli.owner@example.com", name: "Owner" },
            shippingAddress: { line1: "1 Reef Rd", city: "Tampa", state: "FL", postalCode: "33602", country: "US" },
            payment: { card: { number: "4242424242424242", expMonth: 12, expYear: 2034, cvc: "123" } },
          }),
        })
      ).status,
    ).toBe(201);
    const { promoteToAdmin } = await import("#app/models/back-office/users.server");
    const made = await promoteToAdmin(t.services, { email: "cli.owner@example.com", password: "owner123" });
    expect(made.created).toBe(true);
    const accountMails = (await mailsTo(t.services, "cli.owner@example.com")).filter(
      (m) => !m.kind.startsWith("order-"),
    );
    expect(accountMails).toEqual([]);
    const orders = await t.services.database.db
      .selectFrom("orders")
      .select("user_id")
      .where("email", "=", "cli.owner@example.com")
      .execute();
    expect(orders.map((o) => o.user_id)).toEqual([made.userId]);
  });
});

describe(`auth redirects and server-only endpoints over HTTP on ${testDatabaseKind()}`, () => {
  const t = useTestServer({ env: { RATE_LIMITS: "off" } });

  /** Raw, as a browser or an attacker's link would send them. */
  const VARIANTS = [
    "/.//evil.example",
    "//evil.example",
    "/\\evil.example",
    "https://evil.example",
    "https://evil.example/profile",
    "/%2e//evil.example",
    "/./\\evil.example",
    "\t//evil.example",
    "http://localhost:3000.evil.example/",
    "javascript:alert(1)",
  ];

  /** Wherever the answer sends the browser (a Location, or a JSON url), it stays on the shop. */
  function staysHome(res: Response, body: unknown, what: string) {
    const targets: string[] = [];
    const location = res.headers.get("location");
    if (location) targets.push(location);
    const url = (body as { url?: unknown } | null)?.url;
    if (typeof url === "string") targets.push(url);
    for (const target of targets) {
      const resolved = new URL(target, `${PUBLIC_URL}/api/auth/verify-email`);
      expect(resolved.origin, `${what} → ${target}`).toBe(PUBLIC_URL);
      expect(resolved.pathname.startsWith("//"), `${what} → ${target}`).toBe(false);
    }
    expect(res.status, what).toBeLessThan(500);
  }

  async function raw(path: string, init: RequestInit = {}) {
    const res = await fetch(`${t.url}/api/auth${path}`, {
      redirect: "manual",
      ...init,
      headers: { Origin: PUBLIC_URL, "Content-Type": "application/json", ...(init.headers ?? {}) },
    });
    const text = await res.text();
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
    return { res, body };
  }

  it("every callback on every auth path is resolved and kept on the shop's origin", async () => {
    const member = authClient(t.url, "203.0.113.50");
    await member.signUp({ email: "member@example.com", password: "member12", name: "Member" });
    const cookie = cookieOf(member).get("cookie")!;

    for (const value of VARIANTS) {
      const q = encodeURIComponent(value);
      const checks: [string, string, RequestInit?][] = [
        ["verify-email", `/verify-email?token=not-a-token&callbackURL=${q}`],
        ["reset link", `/reset-password/not-a-token?callbackURL=${q}`],
        [
          "sign-in",
          "/sign-in/email",
          {
            method: "POST",
            body: JSON.stringify({ email: "member@example.com", password: "member12", callbackURL: value }),
          },
        ],
        [
          "sign-up",
          "/sign-up/email",
          {
            method: "POST",
            body: JSON.stringify({ email: "new@example.com", password: "newbie12", name: "N", callbackURL: value }),
          },
        ],
        [
          "send-verification-email",
          "/send-verification-email",
          { method: "POST", body: JSON.stringify({ email: "member@example.com", callbackURL: value }) },
        ],
        [
          "request-password-reset",
          "/request-password-reset",
          { method: "POST", body: JSON.stringify({ email: "member@example.com", redirectTo: value }) },
        ],
        [
          "sign-in/social",
          "/sign-in/social",
          {
            method: "POST",
            body: JSON.stringify({
              provider: "oidc",
              callbackURL: "/",
              errorCallbackURL: value,
              newUserCallbackURL: value,
            }),
          },
        ],
        [
          "change-email",
          "/change-email",
          {
            method: "POST",
            headers: { cookie },
            body: JSON.stringify({ newEmail: "member2@example.com", password: "member12", callbackURL: value }),
          },
        ],
      ];
      for (const [what, path, init] of checks) {
        const { res, body } = await raw(path, init);
        staysHome(res, body, `${what} with ${JSON.stringify(value)}`);
      }
    }

    // Links mailed meanwhile carry only a path on the shop as their callback.
    const mails = await t.services.database.db.selectFrom("outbox").select("text").execute();
    for (const { text } of mails) {
      for (const link of text.match(/https?:\/\/\S+/g) ?? []) {
        const callback = new URL(link).searchParams.get("callbackURL");
        if (callback !== null) expect(new URL(callback, PUBLIC_URL).origin, link).toBe(PUBLIC_URL);
        if (callback !== null) expect(callback.startsWith("//"), link).toBe(false);
      }
    }
  });

  it("a same-site callback still works, normalised to its path", async () => {
    const { res } = await raw(`/verify-email?token=not-a-token&callbackURL=${encodeURIComponent("/./profile")}`);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(/^\/profile\?error=/);
  });

  it("server-only endpoints answer 404 over HTTP, however the path is written; server code can still call them", async () => {
    const member = authClient(t.url, "203.0.113.51");
    await member.signUp({ email: "solo@example.com", password: "solo1234", name: "Solo" });
    for (const path of ["/verify-password", "/verify-password/", "//verify-password", "/./verify-password"]) {
      const res = await fetch(`${t.url}/api/auth${path}`, {
        method: "POST",
        headers: { Origin: PUBLIC_URL, "Content-Type": "application/json", cookie: cookieOf(member).get("cookie")! },
        body: JSON.stringify({ password: "solo1234" }),
      });
      expect(res.status, path).toBe(404);
    }
    const direct = await t.services.auth.api.verifyPassword({
      body: { password: "solo1234" },
      headers: cookieOf(member),
    });
    expect(direct).toEqual({ status: true });
  });
});
