import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import AdminOrder from "./order";
import type { Order } from "#app/domain/order-types";

const ORDER: Order = {
  id: "6f1c2a52-7d0e-4c55-9a39-4d4a0e2f7b11",
  number: "LR-7KQ2",
  status: "paid",
  email: "sam@example.com",
  customerName: "Sam Reefer",
  shippingAddress: { line1: "1 Reef Way", city: "Austin", state: "TX", postalCode: "78701", country: "US" },
  requiresShipping: true,
  lines: [
    {
      kind: "combo",
      id: null,
      productIds: ["premium-chaeto", "reef-care-bundle"],
      partPricesCents: [2499, 3499],
      title: "Custom combo: Premium Chaeto (Chaetomorpha) + Reef Care Bundle",
      quantity: 1,
      unitPriceCents: 5998,
      totalCents: 5998,
    },
  ],
  subtotalCents: 5998,
  discountCents: 1500,
  shippingCents: 0,
  totalCents: 5998,
  currency: "USD",
  source: "web",
  paymentProvider: "test",
  paymentReference: "test_pi_1",
  paymentFailure: null,
  reservedUntil: null,
  paidAt: "2026-11-21T12:00:00.000Z",
  createdAt: "2026-11-21T12:00:00.000Z",
  updatedAt: "2026-11-21T12:00:00.000Z",
  events: [],
  carrier: null,
  trackingNumber: null,
  shippedAt: null,
  externalReference: null,
  refundedCents: 0,
  userId: null,
  stockHeld: true,
  shipOn: null,
  arriveOn: null,
  storeCreditCents: 0,
  discountCode: null,
  codeDiscountCents: 0,
};

function page(order: Order = ORDER) {
  const Stub = createRoutesStub([{ id: "order", path: "/admin/orders/:orderId", Component: AdminOrder as never }]);
  return renderToString(
    <Stub
      initialEntries={[`/admin/orders/${ORDER.id}`]}
      hydrationData={{
        loaderData: { order: { order, history: [], notes: [], refunds: [], attempts: [], actions: [] } },
      }}
    />,
  ).replaceAll("<!-- -->", "");
}

describe("the back office's order page", () => {
  it("names the order's discount as the owner reads it, not in a shopper's words", () => {
    const html = page();
    expect(html).toMatch(/<dt>Discount<\/dt><dd>\$15\.00<\/dd>/);
    expect(html).not.toMatch(/You saved|You save/);
  });

  it("shows the discount code the order used and what it took off", () => {
    const html = page({
      ...ORDER,
      discountCode: "SAVE20",
      codeDiscountCents: 1000,
      totalCents: ORDER.totalCents - 1000,
    });
    expect(html).toMatch(/<dt>Code SAVE20<\/dt><dd data-testid="summary-code">−\$10\.00<\/dd>/);
    expect(page()).not.toContain("summary-code");
  });

  it("says the day the calendar chose for the box to leave and arrive, and nothing when none was", () => {
    expect(page({ ...ORDER, shipOn: "2026-12-07", arriveOn: "2026-12-09" })).toContain(
      "Ships Mon, Dec 7 · arrives Wed, Dec 9",
    );
    expect(page()).not.toContain('data-testid="order-delivery"');
  });
});
