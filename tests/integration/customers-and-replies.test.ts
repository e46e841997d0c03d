import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authClient } from "../helpers/auth-client";
import { ADDRESS, card, checkoutRequest } from "../helpers/checkout-client";
import { testDatabaseKind } from "../helpers/test-database";
import { createTestServices, startTestServer } from "../helpers/test-services";
import type { AppServices } from "#server/services";

describe(`customers made from orders and accounts, and message threads, on ${testDatabaseKind()}`, () => {
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

  const order = async (email: string, name: string, quantity: number, cardNumber = "4242424242424242") => {
    const res = await checkoutRequest(server.url, {
      items: [{ kind: "product", id: "premium-chaeto", quantity }],
      customer: { email, name },
      shippingAddress: ADDRESS,
      payment: { card: card(cardNumber) },
    });
    return { status: res.status, body: (await res.json()) as { order: { id: string; total: string } } };
  };

  it("lists every guest buyer with their orders, spend and last order, beside accounts; declined checkouts don't count", async () => {
    const { listCustomers, getCustomer } = await import("#app/models/back-office/customers.server");
    const a = await order("Guest.Buyer@example.com", "Gus Guest", 1);
    const b = await order("guest.buyer@example.com", "Gus Guest", 2);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect((await order("guest.buyer@example.com", "Gus Guest", 1, "4000000000000002")).status).toBe(402);
    await authClient(server.url, "198.51.100.70").signUp({
      email: "account@example.com",
      password: "account12",
      name: "Acc Count",
    });

    const { customers } = await listCustomers(services.database.db);
    const guest = customers.find((c) => c.email === "guest.buyer@example.com");
    expect(guest).toMatchObject({
      name: "Gus Guest",
      account: null,
      orders: 2,
      spentCents: Math.round((Number(a.body.order.total) + Number(b.body.order.total)) * 100),
    });
    expect(guest!.lastOrderAt).not.toBeNull();
    expect(customers.find((c) => c.email === "account@example.com")).toMatchObject({
      name: "Acc Count",
      orders: 0,
      spentCents: 0,
      account: expect.objectContaining({ emailVerified: false }),
    });
    // One row per address, whatever its case at checkout.
    expect(customers.filter((c) => c.email === "guest.buyer@example.com")).toHaveLength(1);
    expect((await listCustomers(services.database.db, { q: "gus" })).customers.map((c) => c.email)).toEqual([
      "guest.buyer@example.com",
    ]);

    const page = await getCustomer(services.database.db, "GUEST.buyer@example.com");
    expect(page).toMatchObject({ name: "Gus Guest", account: null, boughtCount: 2 });
    // The declined checkout is on the page (as an abandoned checkout), not in the spend.
    expect(page!.orders).toHaveLength(3);
    expect(page!.spentCents).toBe(guest!.spentCents);
    expect(await getCustomer(services.database.db, "nobody@example.com")).toBeNull();

    // A customer whose only order was cancelled is still found (0 bought), to answer their message.
    const cancelled = await order("Bob.Cancel@example.com", "Bob Cancel", 1);
    const { performOrderAction } = await import("#app/models/back-office/orders.server");
    await performOrderAction(services, cancelled.body.order.id, { action: "cancel" }, "owner@example.com");
    expect((await listCustomers(services.database.db, { q: "bob" })).customers).toEqual([
      expect.objectContaining({ email: "bob.cancel@example.com", name: "Bob Cancel", orders: 0, spentCents: 0 }),
    ]);
  });

  it("a reply is recorded under its message and mailed once, however often the same form is posted", async () => {
    const { submitContactMessage } = await import("#app/models/contact.server");
    const { listMessageThreads, replyToMessage } = await import("#app/models/back-office/messages.server");
    await submitContactMessage(
      services.database.db,
      services.config,
      { name: "Mo Message", email: "mo@example.com", subject: "Chaeto arrived pale", message: "Is it still alive?" },
      new Date(),
    );
    const [thread] = await listMessageThreads(services.database.db, { email: "MO@example.com" });
    expect(thread).toMatchObject({ subject: "Chaeto arrived pale", replies: [], status: "new" });
    const brand = { shopName: "Lazy Reefer", publicUrl: "http://localhost:3000", shopEmail: "shop@example.com" };
    const reply = {
      messageId: thread!.id,
      seq: 1,
      body: "Yes: pale chaeto greens up in a week under light.",
      sender: { id: "admin-1", name: "Olive Owner" },
    };
    // A double click: two posts of the same form at once.
    const outcomes = await Promise.all([
      replyToMessage(services.database.db, reply, brand, new Date()),
      replyToMessage(services.database.db, reply, brand, new Date()),
    ]);
    expect(outcomes.sort()).toEqual(["already-sent", "sent"]);
    const mails = await services.database.db
      .selectFrom("outbox")
      .select(["subject", "text"])
      .where("to_address", "=", "mo@example.com")
      .where("kind", "=", "contact-reply")
      .execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Re: Chaeto arrived pale");
    expect(mails[0]!.text).toContain("pale chaeto greens up");
    expect(mails[0]!.text).toContain("Is it still alive?");

    const [after] = await listMessageThreads(services.database.db, { email: "mo@example.com" });
    expect(after!.status).toBe("handled");
    expect(after!.replies).toEqual([expect.objectContaining({ seq: 1, body: reply.body, senderName: "Olive Owner" })]);
    // The next reply is a new one.
    expect(
      await replyToMessage(services.database.db, { ...reply, seq: 2, body: "And a follow-up." }, brand, new Date()),
    ).toBe("sent");
    expect(await replyToMessage(services.database.db, { ...reply, messageId: 999_999 }, brand, new Date())).toBe(
      "missing",
    );
  });
});
