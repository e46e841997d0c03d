import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "#app/domain/clock";
import { promoteToAdmin } from "#app/models/back-office/users.server";
import { renderQueuedMail } from "#app/models/orders/order-mails.server";
import { authClient } from "../helpers/auth-client";
import { buy } from "../helpers/checkout-client";
import { testDatabaseKind } from "../helpers/test-database";
import { createTestServices, startTestServer } from "../helpers/test-services";
import type { AppServices } from "#server/services";

const ADMIN_ENDPOINTS: Array<[string, string, unknown?]> = [
  ["GET", "/api/admin/stats"],
  ["GET", "/api/admin/orders"],
  ["GET", "/api/admin/orders/00000000-0000-4000-8000-000000000000"],
  ["PATCH", "/api/admin/orders/00000000-0000-4000-8000-000000000000", { action: "deliver" }],
  ["PATCH", "/api/admin/products/premium-chaeto", { price: 0.01 }],
  ["PATCH", "/api/admin/bundles/lazy-starter", { price: 0.01 }],
  ["GET", "/api/admin/outbox"],
  ["GET", "/api/admin/messages"],
  ["GET", "/api/admin/newsletter.csv"],
  ["GET", "/api/admin/claims"],
  ["GET", "/api/admin/waitlist"],
  ["GET", "/api/admin/reminders"],
  ["GET", "/api/admin/discount-codes"],
  ["POST", "/api/admin/discount-codes", { code: "NOTYOURS", percentOff: 90 }],
  ["POST", "/api/admin/discount-codes/1/end", {}],
  ["POST", "/api/admin/claims/00000000-0000-4000-8000-000000000000", { action: "decline", reason: "x" }],
  ["GET", "/api/admin/anything-else"],
];

describe(`back office on ${testDatabaseKind()}`, () => {
  let services: AppServices;
  let server: { url: string; close(): Promise<void> };
  let admin: ReturnType<typeof authClient>;
  let customer: ReturnType<typeof authClient>;
  const as = (client: ReturnType<typeof authClient> | null, method: string, path: string, body?: unknown) =>
    fetch(`${server.url}${path}`, {
      method,
      headers: {
        "Content-Type": "application/json",
        ...(client ? { cookie: [...client.jar].map(([k, v]) => `${k}=${v}`).join("; ") } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  beforeAll(async () => {
    services = await createTestServices({ clock: fixedClock("2026-11-21T12:00:00Z") });
    server = await startTestServer(services);
    await promoteToAdmin(services, { email: "owner@example.com", password: "owner123" });
    admin = authClient(server.url, "198.51.100.70");
    await admin.call("/sign-in/email", { email: "owner@example.com", password: "owner123" });
    customer = authClient(server.url, "198.51.100.71");
    await customer.signUp({ email: "cust@example.com", password: "cust1234", name: "Cust" });
  });
  afterAll(async () => {
    await server?.close();
    await services?.database.destroy();
  });

  it("every /api/admin endpoint answers 401 signed out and 403 to a customer, changing nothing", async () => {
    const before = await services.database.db
      .selectFrom("products")
      .select("price_cents")
      .where("id", "=", "premium-chaeto")
      .executeTakeFirstOrThrow();
    for (const [method, path, body] of ADMIN_ENDPOINTS) {
      const anonymous = await as(null, method, path, body);
      expect(anonymous.status, `${method} ${path} signed out`).toBe(401);
      expect((await anonymous.json()).error.code).toBe("unauthenticated");
      const forbidden = await as(customer, method, path, body);
      expect(forbidden.status, `${method} ${path} as customer`).toBe(403);
      expect((await forbidden.json()).error.code).toBe("permission-denied");
    }
    const after = await services.database.db
      .selectFrom("products")
      .select("price_cents")
      .where("id", "=", "premium-chaeto")
      .executeTakeFirstOrThrow();
    expect(after.price_cents).toBe(before.price_cents);
  });

  it("takes an order from paid to shipped (one shipping email) to delivered, and refuses illegal moves", async () => {
    const { order } = await (await buy(server.url, [{ kind: "product", id: "premium-chaeto", quantity: 1 }])).json();
    expect((await as(admin, "PATCH", `/api/admin/orders/${order.id}`, { action: "deliver" })).status).toBe(409);
    const shipped = await as(admin, "PATCH", `/api/admin/orders/${order.id}`, {
      action: "ship",
      carrier: "USPS",
      trackingNumber: "9400100000000000000000",
    });
    expect(shipped.status).toBe(200);
    expect((await shipped.json()).order.status).toBe("shipped");
    expect(
      (
        await as(admin, "PATCH", `/api/admin/orders/${order.id}`, {
          action: "ship",
          carrier: "USPS",
          trackingNumber: "9400100000000000000001",
        })
      ).status,
    ).toBe(409);
    expect((await as(admin, "PATCH", `/api/admin/orders/${order.id}`, { action: "cancel" })).status).toBe(409);
    const mails = await services.database.db
      .selectFrom("outbox")
      .selectAll()
      .where("order_id", "=", order.id)
      .where("kind", "=", "order-shipped")
      .execute();
    expect(mails).toHaveLength(1);
    // Queued without content in the transition's transaction; the worker renders it from the order.
    const mail = await renderQueuedMail(services.database.db, mails[0]!, services.config, services.secret);
    expect(mail!.text).toContain("9400100000000000000000");
    expect(
      (await (await as(admin, "PATCH", `/api/admin/orders/${order.id}`, { action: "deliver" })).json()).order.status,
    ).toBe("delivered");
    const detail = await (await as(admin, "GET", `/api/admin/orders/${order.id}`)).json();
    expect(detail.order.events.map((e: { toStatus: string }) => e.toStatus)).toEqual([
      "pending_payment",
      "paid",
      "shipped",
      "delivered",
    ]);
    expect((await as(admin, "PATCH", `/api/admin/orders/${order.id}`, { action: "bogus" })).status).toBe(400);
  });

  it("cancelling a paid order refunds it and gives the stock back", async () => {
    const stock = async () =>
      (
        await services.database.db
          .selectFrom("products")
          .select("quantity")
          .where("id", "=", "refugium-starter-kit")
          .executeTakeFirstOrThrow()
      ).quantity;
    const before = await stock();
    const { order } = await (
      await buy(server.url, [{ kind: "product", id: "refugium-starter-kit", quantity: 2 }])
    ).json();
    expect(await stock()).toBe(before - 2);
    const res = await as(admin, "PATCH", `/api/admin/orders/${order.id}`, {
      action: "cancel",
      reason: "customer asked",
    });
    expect((await res.json()).order.status).toBe("cancelled");
    expect(await stock()).toBe(before);
    const row = await services.database.db
      .selectFrom("orders")
      .select("refunded_cents")
      .where("id", "=", order.id)
      .executeTakeFirstOrThrow();
    expect(row.refunded_cents).toBe(2 * 8999);
  });

  it("edits a product: price and a logged stock change; refuses a stock change without a reason and unknown fields", async () => {
    expect((await as(admin, "PATCH", "/api/admin/products/premium-chaeto", { quantity: 3 })).status).toBe(400);
    expect((await as(admin, "PATCH", "/api/admin/products/premium-chaeto", { price_cents: 1 })).status).toBe(400);
    const ok = await as(admin, "PATCH", "/api/admin/products/premium-chaeto", {
      price: 22.5,
      quantity: 3,
      stockReason: "harvest",
    });
    expect(ok.status).toBe(200);
    expect((await ok.json()).product).toMatchObject({ priceCents: 2250, quantity: 3 });
    const moves = await services.database.db
      .selectFrom("stock_movements")
      .selectAll()
      .where("item_id", "=", "premium-chaeto")
      .where("reason", "=", "admin: harvest")
      .execute();
    expect(moves).toHaveLength(1);
    expect(moves[0]!.actor).toBe("owner@example.com");
    expect((await (await fetch(`${server.url}/api/products/premium-chaeto`)).json()).product.price).toBe(22.5);
  });

  it("edits title, tags and metadata, and adds a photo rendered into every variant", async () => {
    const sharp = (await import("sharp")).default;
    const edit = await as(admin, "PATCH", "/api/admin/products/reef-care-bundle", {
      title: "Reef Care Box",
      tags: ["care", "monthly"],
      metadata: { careLevel: "Intermediate", includesCareGuide: true },
    });
    expect(edit.status).toBe(200);
    expect((await edit.json()).product).toMatchObject({
      title: "Reef Care Box",
      tags: ["care", "monthly"],
      metadata: { careLevel: "Intermediate", includesCareGuide: true },
    });
    expect(
      (await as(admin, "PATCH", "/api/admin/products/reef-care-bundle", { metadata: { "bad key": "x" } })).status,
    ).toBe(400);

    const jpeg = await sharp({ create: { width: 1200, height: 900, channels: 3, background: "#3f8f3a" } })
      .jpeg()
      .toBuffer();
    const cookie = [...admin.jar].map(([k, v]) => `${k}=${v}`).join("; ");
    const upload = await fetch(`${server.url}/api/admin/products/reef-care-bundle/images`, {
      method: "POST",
      headers: { "Content-Type": "image/jpeg", cookie },
      body: jpeg,
    });
    expect(upload.status).toBe(201);
    const { key, status } = await upload.json();
    // A draft: the storefront shows it only once it is published in the back office.
    expect(status).toBe("draft");
    const product = await (await fetch(`${server.url}/api/products/reef-care-bundle`)).json();
    expect(product.product.images).not.toContain(`/images/catalog/${key}-800.webp`);
    for (const variant of [`${key}-240.avif`, `${key}-480.webp`, `${key}-800.webp`]) {
      const img = await fetch(`${server.url}/images/catalog/${variant}`);
      expect(img.status, variant).toBe(200);
      expect(img.headers.get("cache-control")).toContain("immutable");
    }
    const customerCookie = [...customer.jar].map(([k, v]) => `${k}=${v}`).join("; ");
    expect(
      (
        await fetch(`${server.url}/api/admin/products/reef-care-bundle/images`, {
          method: "POST",
          headers: { "Content-Type": "image/jpeg", cookie: customerCookie },
          body: jpeg,
        })
      ).status,
    ).toBe(403);
  });

  it("records an external order with reserved stock and paid-as-external", async () => {
    const { recordExternalOrder } = await import("#app/models/back-office/new-order.server");
    const result = await recordExternalOrder(
      services,
      {
        customer: { email: "phone@example.com", name: "Phone Buyer" },
        source: "marketplace",
        externalReference: "MKT-1",
        shippingAddress: { line1: "1 A St", city: "X", state: "TX", postalCode: "75001", country: "US" },
        items: [{ kind: "bundle", id: "lazy-starter", quantity: 2 }],
      },
      "owner@example.com",
    );
    expect(result.ok).toBe(true);
    const order = await services.database.db
      .selectFrom("orders")
      .selectAll()
      .where("id", "=", (result as { orderId: string }).orderId)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({
      status: "paid",
      source: "marketplace",
      external_reference: "MKT-1",
      total_cents: 2 * 7995,
    });
    // Two Lazy Starters are six Chaeto + Coral Food Combos out of the 75 in stock.
    const component = await services.database.db
      .selectFrom("products")
      .select("quantity")
      .where("id", "=", "chaeto-coral-food-combo")
      .executeTakeFirstOrThrow();
    expect(component.quantity).toBe(75 - 6);
  });
});
