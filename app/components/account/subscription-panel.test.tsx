import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { SubscriptionPanel, type SubscriptionPanelView } from "./subscription-panel";

const VIEW: SubscriptionPanelView = {
  id: "sub-1",
  status: "active",
  statusLabel: "Active",
  everyWeeks: 4,
  period: 1,
  nextChargeOn: "2026-12-29",
  nextChargeLabel: "Tue, Dec 29, 2026",
  card: "Visa •••• 3184",
  pauseReason: null,
  lines: [{ productId: "combo", title: "Combo", quantity: 1, available: true, price: "$31.49 each (save $3.50)" }],
  total: "$31.49 every 4 weeks (save $3.50)",
  dateMin: "2026-12-02",
  dateMax: "2026-12-29",
  dateMaxLabel: "Tue, Dec 29, 2026",
  cardEntry: "form",
  stripeKey: null,
};

function panel(view: Partial<SubscriptionPanelView>, result?: Parameters<typeof SubscriptionPanel>[0]["result"]) {
  const Panel = () => (
    <SubscriptionPanel
      view={{ ...VIEW, ...view }}
      action="/subscriptions/sub-1?sig=s"
      result={result ?? null}
      reloadHref="/subscriptions/sub-1?sig=s"
      focus="card"
    />
  );
  const Stub = createRoutesStub([{ path: "/subscriptions/sub-1", Component: Panel }]);
  return renderToString(<Stub initialEntries={["/subscriptions/sub-1?sig=s"]} />);
}

describe("a subscription panel's card section", () => {
  it("takes the card in the shop's own fields with the test provider", () => {
    const html = panel({});
    expect(html).toContain('name="cardNumber"');
    expect(html).toContain('value="card"');
    expect(html).not.toContain("card-setup");
  });

  it("with Stripe: a button that opens Stripe's card form, never the shop's card fields", () => {
    const html = panel({ cardEntry: "stripe", stripeKey: "pk_test_x" });
    expect(html).toContain('value="card-setup"');
    expect(html).toContain("Give a new card");
    expect(html).not.toContain('name="cardNumber"');
  });

  it("with Stripe, once the setup is open: Stripe's form in place of the button", () => {
    const html = panel(
      { cardEntry: "stripe", stripeKey: "pk_test_x" },
      { status: "success", intent: "card", subscriptionId: "sub-1", setup: { clientSecret: "seti_1_secret_x" } },
    );
    expect(html).toContain("Loading the secure card form");
    expect(html).not.toContain('value="card-setup"');
  });

  it("no card section at all when the provider takes none", () => {
    const html = panel({ cardEntry: null });
    expect(html).not.toContain('name="cardNumber"');
    expect(html).not.toContain("card-setup");
  });
});
