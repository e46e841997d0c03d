import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "#app/domain/clock";
import { formData } from "#app/forms/test-form";
import { promoteToAdmin } from "#app/models/back-office/users.server";
import * as adminMessages from "#app/routes/admin/messages";
import * as adminOrder from "#app/routes/admin/order";
import * as forgotPassword from "#app/routes/forgot-password";
import * as newsletter from "#app/routes/newsletter";
import * as profile from "#app/routes/profile";
import * as signUp from "#app/routes/sign-up";
import * as thankYou from "#app/routes/thankyou";
import { authClient } from "../helpers/auth-client";
import { buy } from "../helpers/checkout-client";
import { testDatabaseKind } from "../helpers/test-database";
import { createTestServices, startTestServer } from "../helpers/test-services";
import type { FormResult } from "#app/domain/forms";
import type { AppServices } from "#server/services";

/**
 * Every page that tells someone about an email tells the truth about it, from the shop's real mail
 * setup: with no mail server (the default) nobody is told to check an inbox or that a customer was
 * emailed, and is told what to do instead; with one, the usual words.
 */
const SHOP_EMAIL = "hello@truth.example";
const SETUPS: { setup: string; env: Record<string, string>; mail: boolean }[] = [
  { setup: "no mail server", env: { SHOP_EMAIL }, mail: false },
  { setup: "a mail server", env: { SHOP_EMAIL, SMTP_URL: "smtp://127.0.0.1:2599?tls=off" }, mail: true },
];
/** Words that promise a mail reached, or will reach, someone. */
const PROMISE = /check your inbox|we('ve)? sent|on its way|email(ed)? the customer|No email after/i;

describe.each(SETUPS)(`what pages say about email with $setup, on ${testDatabaseKind()}`, ({ env, mail }) => {
  let services: AppServices;
  let server: { url: string; close(): Promise<void> };
  let ownerCookie = "";
  let ip = 20;

  beforeAll(async () => {
    services = await createTestServices({ clock: fixedClock("2026-11-21T12:00:00Z"), env });
    server = await startTestServer(services);
    await promoteToAdmin(services, { email: "truth-owner@example.com", password: "owner123" });
    ownerCookie = await signedInCookie("truth-owner@example.com", "owner123");
  });
  afterAll(async () => {
    await server?.close();
    await services?.database.destroy();
  });

  async function signedInCookie(email: string, password: string) {
    const client = authClient(server.url, `198.51.100.${ip++}`);
    expect((await client.call("/sign-in/email", { email, password })).status).toBe(200);
    return [...client.jar].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  const args = (path: string, init: RequestInit & { cookie?: string } = {}, params: Record<string, string> = {}) =>
    ({
      request: new Request(`http://localhost:3000${path}`, {
        ...init,
        headers: init.cookie ? { cookie: init.cookie } : {},
      }),
      context: { services, nonce: "", clientIp: `192.0.2.${ip++}` },
      params,
    }) as never;
  const answer = async (p: Promise<unknown>) => {
    const got = (await p) as { data: FormResult; init?: { status?: number } | null };
    return { ...got.data, httpStatus: got.init?.status ?? 200 };
  };

  it("sign-up: 'check your inbox' only when a mail is sent; otherwise how to sign in", async () => {
    const page = await signUp.loader(args("/sign-up"));
    expect(page.mailSent).toBe(mail);
    expect(PROMISE.test(page.intro) || /We'll email/.test(page.intro)).toBe(mail);
    const done = await answer(
      signUp.action(
        args("/sign-up", {
          method: "POST",
          body: formData({ email: "new-truth@example.com", password: "truth1234", name: "", redirectTo: "/" }),
        }),
      ),
    );
    expect(done.status).toBe("success");
    expect(PROMISE.test(done.message!)).toBe(mail);
    if (!mail) expect(done.message).toMatch(/sign in with the password you just chose/);
  });

  it("forgot password: a reset link is promised only when it can arrive; otherwise whom to write to", async () => {
    const page = forgotPassword.loader(args("/forgot-password"));
    expect(page.mailSent).toBe(mail);
    const done = await answer(
      forgotPassword.action(
        args("/forgot-password", { method: "POST", body: formData({ email: "new-truth@example.com" }) }),
      ),
    );
    expect(PROMISE.test(done.message!)).toBe(mail);
    if (!mail) {
      expect(done.httpStatus).toBe(409);
      expect(done.message).toContain(SHOP_EMAIL);
      expect(page.intro).toContain(SHOP_EMAIL);
    }
  });

  it("an email change is said to be on its way only when it can be; otherwise nothing changes", async () => {
    const email = `changer-${mail}@example.com`;
    const client = authClient(server.url, `198.51.100.${ip++}`);
    expect((await client.signUp({ email, password: "truth1234", name: "Changer" })).status).toBe(200);
    const cookie = [...client.jar].map(([k, v]) => `${k}=${v}`).join("; ");
    const account = await profile.loader(args("/profile", { cookie }));
    expect(PROMISE.test(account.unconfirmedNote!)).toBe(mail);
    // Without mail the card says so before anyone fills it in; with mail it offers the form.
    expect(account.emailChangeUnavailable === null).toBe(mail);
    if (!mail) expect(account.emailChangeUnavailable).toContain(SHOP_EMAIL);
    const moved = `moved-${mail}@example.com`;
    const done = await answer(
      profile.action(
        args("/profile", {
          method: "POST",
          cookie,
          body: formData({ intent: "change-email", newEmail: moved, reauthPassword: "truth1234" }),
        }),
      ),
    );
    expect(PROMISE.test(done.message!)).toBe(mail);
    const queued = await services.database.db
      .selectFrom("outbox")
      .select("id")
      .where("to_address", "=", moved)
      .execute();
    expect(queued.length > 0).toBe(mail);
    if (!mail) {
      expect(done.status).toBe("error");
      expect(done.message).toContain(`your address stays ${email}`);
      expect(done.message).toContain(SHOP_EMAIL);
    }
  });

  it("the newsletter asks to check an inbox only when the confirmation link is sent, page and API", async () => {
    const page = newsletter.loader(args("/newsletter"));
    expect(page.mailSent).toBe(mail);
    const done = await answer(
      newsletter.action(args("/newsletter", { method: "POST", body: formData({ email: "reader@example.com" }) })),
    );
    expect(PROMISE.test(done.message!)).toBe(mail);
    const api = await fetch(`${server.url}/api/newsletter`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: "http://localhost:3000" },
      body: JSON.stringify({ email: "reader2@example.com" }),
    });
    expect(api.status).toBe(202);
    const { message } = (await api.json()) as { message: string };
    expect(PROMISE.test(message)).toBe(mail);
  });

  it("the owner's ship button and its answer say whether the customer is emailed", async () => {
    const res = await buy(server.url, [{ kind: "product", id: "premium-chaeto", quantity: 1 }]);
    expect(res.status).toBe(201);
    const { order } = (await res.json()) as { order: { id: string } };
    const at = `/admin/orders/${order.id}`;
    const page = await adminOrder.loader(args(at, { cookie: ownerCookie }, { orderId: order.id }));
    expect(page.actions).toContain("ship");
    expect(page.noMailNotice === null).toBe(mail);
    if (!mail) expect(page.noMailNotice).toMatch(/customer will not be emailed.*no mail server/);
    const done = await answer(
      adminOrder.action(
        args(
          at,
          {
            method: "POST",
            cookie: ownerCookie,
            body: formData({ intent: "ship", carrier: "USPS", trackingNumber: "9400TRUTH" }),
          },
          { orderId: order.id },
        ),
      ),
    );
    expect(done.status).toBe("success");
    expect(/customer is not emailed/.test(done.message!)).toBe(!mail);
  });

  it("after the contact form, a copy is promised only when mail is sent; otherwise whom to write to", async () => {
    const page = await thankYou.loader(args("/thankyou?from=contact"));
    expect(PROMISE.test(page.contactThanks!)).toBe(mail);
    if (!mail) expect(page.contactThanks).toContain(SHOP_EMAIL);
  });

  it("the owner's reply box says whether a reply is emailed", async () => {
    const page = await adminMessages.loader(args("/admin/messages", { cookie: ownerCookie }));
    expect(page.mailSent).toBe(mail);
  });
});
