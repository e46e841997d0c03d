import { describe, expect, it } from "vitest";
import { performOrderAction } from "#app/models/back-office/orders.server";
import * as orderPage from "#app/routes/order-confirmation";
import { buy } from "../helpers/checkout-client";
import { testDatabaseKind } from "../helpers/test-database";
import { useTestServer } from "../helpers/test-services";

/**
 * The customer's order page sends the browser only what the customer may see: its loader data is
 * readable in the page's source whatever the page draws. Back-office people act on the order
 * (their emails are the history's actors) and leave notes the customer must never read.
 */
describe(`what the customer's order page sends to the browser, on ${testDatabaseKind()}`, () => {
  const t = useTestServer();
  const STAFF = "packer.staff@lazyreefer.example";

  it("no actor emails, internal notes, history, payment reference or account id; what it shows is there", async () => {
    const res = await buy(t.url, [{ kind: "product", id: "premium-chaeto", quantity: 2 }]);
    expect(res.status).toBe(201);
    const { order, orderUrl } = (await res.json()) as { order: { id: string; number: string }; orderUrl: string };
    await performOrderAction(
      t.services,
      order.id,
      { action: "note", body: "Secret: customer was rude on the phone" },
      STAFF,
    );
    await performOrderAction(
      t.services,
      order.id,
      { action: "ship", carrier: "USPS", trackingNumber: "9400VIEW1" },
      STAFF,
    );
    await performOrderAction(
      t.services,
      order.id,
      { action: "partial-refund", amount: 1, reason: "Staff goodwill" },
      STAFF,
    );

    const data = await orderPage.loader({
      request: new Request(`http://localhost:3000${orderUrl}`),
      context: { services: t.services, nonce: "", clientIp: "127.0.0.1" },
      params: {},
    } as never);
    const sent = JSON.stringify(data);
    expect(sent).not.toContain(STAFF);
    expect(sent).not.toContain("Secret: customer was rude");
    expect(sent).not.toMatch(/"events"|"actor"|"paymentReference"|"userId"|"source"|"stockHeld"/);
    // What the page shows is still sent: the order, its lines and totals, and its story.
    expect(data.order).toMatchObject({ id: order.id, number: order.number, status: "shipped", refundedCents: 100 });
    expect(data.order!.lines).toEqual([expect.objectContaining({ title: expect.any(String), quantity: 2 })]);
    expect(data.story!.tracking).toMatchObject({ carrier: "USPS", number: "9400VIEW1" });
    expect(data.story!.refund).toMatch(/\$1\.00/);
  });
});
