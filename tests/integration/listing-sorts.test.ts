import { describe, expect, it } from "vitest";
import { parseListingQuery } from "#app/domain/catalogue-filter";
import { fixedClock } from "#app/domain/clock";
import { performOrderAction } from "#app/models/back-office/orders.server";
import { catalogueListing } from "#app/models/catalogue/catalogue-listing.server";
import { loadListingRanks } from "#app/models/catalogue/listing-ranks.server";
import { buy } from "../helpers/checkout-client";
import { testDatabaseKind } from "../helpers/test-database";
import { useTestServer } from "../helpers/test-services";

const NOW = new Date("2026-11-21T12:00:00Z");

describe(`the listing's Newest and Best selling sorts on ${testDatabaseKind()}`, () => {
  const t = useTestServer({ clock: fixedClock(NOW) });
  const db = () => t.services.database.db;

  async function listing(sort: string) {
    const query = parseListingQuery(new URLSearchParams({ sort }));
    const { listings } = await catalogueListing(db(), query, NOW);
    return listings.map((l) => `${l.kind}:${l.item.id}`);
  }

  async function placePaid(items: unknown[]): Promise<string> {
    const res = await buy(t.url, items);
    expect(res.status).toBe(201);
    const { order } = (await res.json()) as { order: { id: string; status: string } };
    expect(order.status).toBe("paid");
    return order.id;
  }

  it("Best selling counts units in paid orders only: bundles as themselves, combos per product", async () => {
    expect((await loadListingRanks(db())).unitsSold.size).toBe(0);
    // Nothing sold yet: every item ties at zero and the listing reads by name.
    const unsold = await listing("best-selling");
    expect(unsold.slice(0, 3)).toEqual([
      "product:chaeto-coral-food-combo",
      "bundle:complete-reef-recovery",
      "bundle:complete-reef-starter-pack",
    ]);

    await placePaid([{ kind: "product", id: "refugium-starter-kit", quantity: 2 }]);
    await placePaid([
      { kind: "product", id: "refugium-starter-kit", quantity: 1 },
      { kind: "bundle", id: "lazy-clean-up-crew", quantity: 2 },
    ]);
    await placePaid([{ kind: "combo", productIds: ["premium-chaeto", "chaeto-coral-food-combo"], quantity: 1 }]);
    await placePaid([{ kind: "product", id: "premium-chaeto", quantity: 1 }]);
    // Given back or never paid: not sales.
    const refunded = await placePaid([{ kind: "product", id: "reef-care-bundle", quantity: 9 }]);
    const cancelled = await placePaid([{ kind: "bundle", id: "lazy-starter", quantity: 9 }]);
    await performOrderAction(
      t.services,
      refunded,
      { action: "ship", carrier: "UPS", trackingNumber: "1Z999" },
      "owner",
    );
    await performOrderAction(t.services, refunded, { action: "refund" }, "owner@example.com");
    await performOrderAction(t.services, cancelled, { action: "cancel" }, "owner@example.com");
    // A declined card leaves an unpaid order behind.
    expect(
      (await buy(t.url, [{ kind: "product", id: "reef-care-bundle", quantity: 9 }], "4000000000000002")).status,
    ).toBe(402);

    const { unitsSold } = await loadListingRanks(db());
    expect(Object.fromEntries(unitsSold)).toEqual({
      "product:refugium-starter-kit": 3,
      "bundle:lazy-clean-up-crew": 2,
      "product:premium-chaeto": 2,
      "product:chaeto-coral-food-combo": 1,
    });

    const sorted = await listing("best-selling");
    // 3; then 2 and 2 by name ("Lazy Clean-Up Crew" < "Premium Chaeto"); then 1; then the unsold by name
    // ("Complete Reef Recovery" first now that the combo has sold).
    expect(sorted.slice(0, 4)).toEqual([
      "product:refugium-starter-kit",
      "bundle:lazy-clean-up-crew",
      "product:premium-chaeto",
      "product:chaeto-coral-food-combo",
    ]);
    expect(sorted[4]).toBe("bundle:complete-reef-recovery");
    expect(new Set(sorted).size).toBe(sorted.length);
  });

  it("Newest puts the latest added item first; the seed's items by the order they were added", async () => {
    const seeded = await listing("newest");
    // One seed adds the catalogue in order, products first: the last bundle is the newest.
    expect(seeded[0]).toBe("bundle:complete-reef-starter-pack");
    expect(seeded.at(-1)).toBe("product:premium-chaeto");

    // Added after the seed (which ran at the real time, whatever the test clock says).
    const later = new Date(Date.now() + 86_400_000).toISOString();
    await db().updateTable("products").set({ created_at: later }).where("id", "=", "premium-chaeto").execute();
    const resorted = await listing("newest");
    expect(resorted[0]).toBe("product:premium-chaeto");
    expect(resorted.slice(1)).toEqual(seeded.filter((key) => key !== "product:premium-chaeto"));
  });
});
