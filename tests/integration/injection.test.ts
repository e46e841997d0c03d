import { describe, expect, it } from "vitest";
import { promoteToAdmin } from "#app/models/back-office/users.server";
import { renderQueuedMail } from "#app/models/orders/order-mails.server";
import { authClient } from "../helpers/auth-client";
import { ADDRESS, card, checkoutRequest } from "../helpers/checkout-client";
import { testDatabaseKind } from "../helpers/test-database";
import { useTestServer } from "../helpers/test-services";

const SQL = [
  "' OR '1'='1",
  "'; DROP TABLE orders; --",
  '" OR 1=1 --',
  "1; SELECT pg_sleep(5)",
  '%\' UNION SELECT email FROM "user" --',
];
const XSS = '<script>alert("x")</script><img src=x onerror=alert(1)>';

describe(`injection and stored XSS on ${testDatabaseKind()}`, () => {
  const app = useTestServer();

  it("treats SQL in ids, searches, emails and passwords as plain data", async () => {
    await promoteToAdmin(app.services, { email: "owner@example.com", password: "owner123" });
    const admin = authClient(app.url, "198.51.100.95");
    await admin.call("/sign-in/email", { email: "owner@example.com", password: "owner123" });
    const cookie = [...admin.jar].map(([k, v]) => `${k}=${v}`).join("; ");
    for (const payload of SQL) {
      expect((await fetch(`${app.url}/api/products/${encodeURIComponent(payload)}`)).status).toBe(404);
      const search = await fetch(`${app.url}/api/admin/orders?q=${encodeURIComponent(payload)}`, {
        headers: { cookie },
      });
      expect(search.status).toBe(200);
      expect((await search.json()).total).toBe(0);
      const signIn = await authClient(app.url, "198.51.100.96").call("/sign-in/email", {
        email: `${payload}@example.com`,
        password: payload,
      });
      expect(signIn.status).toBeLessThan(500);
    }
    const tables = await app.services.database.db
      .selectFrom("products")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(tables.n)).toBe(6);
    expect((await fetch(`${app.url}/api/health`)).status).toBe(200);
  });

  it("stores markup in names and addresses as text, and emails escape it", async () => {
    const res = await checkoutRequest(app.url, {
      items: [{ kind: "product", id: "premium-chaeto", quantity: 1 }],
      customer: { email: "xss@example.com", name: XSS },
      shippingAddress: { ...ADDRESS, line1: XSS },
      payment: { card: card() },
    });
    expect(res.status).toBe(201);
    const { order } = await res.json();
    expect(order.customerName).toBe(XSS);
    const row = await app.services.database.db
      .selectFrom("outbox")
      .selectAll()
      .where("order_id", "=", order.id)
      .where("kind", "=", "order-confirmation")
      .executeTakeFirstOrThrow();
    const mail = (await renderQueuedMail(app.services.database.db, row, app.services.config, app.services.secret))!;
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).not.toContain("<img src=x");
    expect(mail.html).toContain("&lt;script&gt;");
  });
});
