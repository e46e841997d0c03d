import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { priceCart } from "#app/domain/cart";
import { cartFromItems } from "#app/domain/cart-items";
import { fixedClock } from "#app/domain/clock";
import { orderStory } from "#app/domain/order-story";
import { ARRIVE_ALIVE_HOURS } from "#app/domain/shop-policies";
import { loadCatalogueSnapshot } from "#app/models/catalogue/catalogue-snapshot.server";
import { submitContactMessage } from "#app/models/contact.server";
import { getPage } from "#app/models/content/content.server";
import { transition } from "#app/models/orders/order-lifecycle.server";
import { renderQueuedMail } from "#app/models/orders/order-mails.server";
import { getOrder, placeOrder, storyFactsFor } from "#app/models/orders/orders.server";
import { DESCRIPTIONS } from "#database/migrations/0016-true-bundle-descriptions";
import { SEED_BUNDLES } from "#database/seed/catalogue-data";
import { setProductRow } from "../helpers/catalogue-rows";
import { ADDRESS } from "../helpers/checkout-client";
import { databaseMigratedTo } from "../helpers/migration-database";
import { testDatabaseKind } from "../helpers/test-database";
import { createTestServices } from "../helpers/test-services";
import type { OrderEventInput } from "#app/domain/order-lifecycle";
import type { AppServices } from "#server/services";
import type { Kysely } from "kysely";

const PLACED_AT = new Date("2026-11-21T12:00:00Z");
const NOW = new Date(PLACED_AT.getTime() + 2 * 60 * 60_000);
const KIT = "refugium-starter-kit";
const SHIP: OrderEventInput = { type: "ship", carrier: "USPS", trackingNumber: "9400 1118 9922 3344 5566 77" };

/** What the order page, the account list and the mails tell the customer, on real orders of both databases. */
describe(`what the customer reads about an order, on ${testDatabaseKind()}`, () => {
  let services: AppServices;
  const db = () => services.database.db;
  const ctx = () => ({ now: NOW, actor: "test", shopEmail: services.config.shopEmail });

  beforeAll(async () => {
    services = await createTestServices({ clock: fixedClock(NOW), env: { SMTP_URL: "smtp://127.0.0.1:2525" } });
  });
  afterAll(async () => {
    await services?.database.destroy();
  });

  async function orderAfter(events: OrderEventInput[]) {
    await setProductRow(db(), KIT, { quantity: 1000 });
    const catalogue = await loadCatalogueSnapshot(db());
    const built = cartFromItems([{ kind: "product", id: KIT, quantity: 1 }], catalogue, PLACED_AT);
    if ("problem" in built) throw new Error(built.problem.message);
    const { order } = await placeOrder(db(), {
      cart: built.cart,
      quote: priceCart(built.cart, catalogue),
      customer: { email: "story@example.com", name: "Story Teller" },
      shippingAddress: ADDRESS,
      paymentProvider: "test",
      userId: null,
      now: PLACED_AT,
      reservationMinutes: 30,
      secret: services.secret,
    });
    for (const event of events) await transition(db(), order.id, event, ctx());
    return (await getOrder(db(), order.id))!;
  }

  /** Every mail the lifecycle queued for the order, rendered as the worker renders it at send time. */
  async function mailsOf(orderId: string) {
    const rows = await db().selectFrom("outbox").selectAll().where("order_id", "=", orderId).orderBy("id").execute();
    const rendered = await Promise.all(
      rows.map(async (r) => ({
        kind: r.kind,
        mail: await renderQueuedMail(db(), r, services.config, services.secret),
      })),
    );
    return new Map(rendered.map((r) => [r.kind, r.mail!]));
  }

  const story = (order: Parameters<typeof orderStory>[0]) => orderStory(order, { mailSent: true });

  it("a cancelled order says so, with its refund, and promises no packing; its confirmation mail sent late agrees", async () => {
    const order = await orderAfter([{ type: "pay", reference: "test_pi_story_cancel" }, { type: "cancel" }]);
    const told = story(order);
    expect(told.label).toBe("Cancelled");
    expect(told.headline).toMatch(/^Cancelled on Nov 21, 2026, before it shipped: nothing will be sent\./);
    expect(told.refund).toContain(`$89.99 (all you paid) has been refunded`);
    expect(told.nextSteps).toEqual([]);
    const text = JSON.stringify(told);
    expect(text).not.toMatch(/pack your order|tracking number/i);

    // The worker renders queued mail when it sends it: a confirmation still waiting when the
    // order was cancelled tells the cancellation, not "we pack your order".
    const mails = await mailsOf(order.id);
    const confirmation = mails.get("order-confirmation")!;
    expect(confirmation.text).toContain("Status: Cancelled.");
    expect(confirmation.text).not.toMatch(/pack your order|confirmed and paid/i);
    expect(mails.get("order-cancelled")!.text).toContain("Status: Cancelled.");
  });

  it("a shipped order shows its carrier and tracking number as a link, on the page's story and in the mails", async () => {
    const order = await orderAfter([{ type: "pay", reference: "test_pi_story_ship" }, SHIP]);
    const told = story(order);
    expect(told.label).toBe("Shipped");
    expect(told.headline).toBe("Shipped on Nov 21, 2026 with USPS: it is on its way to you.");
    expect(told.tracking).toEqual({
      carrier: "USPS",
      number: "9400 1118 9922 3344 5566 77",
      url: "https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223344556677",
    });
    expect(told.nextSteps.join(" ")).not.toMatch(/pack your order/);

    const shipped = (await mailsOf(order.id)).get("order-shipped")!;
    expect(shipped.html).toContain(
      `href="https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223344556677"`,
    );
    expect(shipped.text).toContain("Tracking number: 9400 1118 9922 3344 5566 77");
    expect(shipped.text).toContain("(USPS)");
  });

  it("a partial refund is told on the order and in its mail; a full refund after shipping is told as refunded", async () => {
    const partly = await orderAfter([
      { type: "pay", reference: "test_pi_story_partial" },
      SHIP,
      { type: "partial-refund", amountCents: 1500 },
    ]);
    const told = story(partly);
    expect(told.label).toBe("Shipped · partly refunded");
    expect(told.refund).toMatch(/^\$15\.00 of the \$89\.99 you paid has been refunded\. It goes back to the card/);
    expect((await mailsOf(partly.id)).get("order-refunded")!.text).toContain("Status: Shipped · partly refunded.");

    const refunded = await orderAfter([
      { type: "pay", reference: "test_pi_story_full" },
      SHIP,
      { type: "deliver" },
      { type: "refund" },
    ]);
    const full = story(refunded);
    expect(full.label).toBe("Refunded");
    expect(full.headline).toBe("Refunded in full on Nov 21, 2026: $89.99.");
    expect(full.nextSteps).toEqual([]);
  });

  it("the delivered mail states the shop's one damage-claim rule, the same as the shipping page", async () => {
    const order = await orderAfter([{ type: "pay", reference: "test_pi_story_deliver" }, SHIP, { type: "deliver" }]);
    const delivered = (await mailsOf(order.id)).get("order-delivered")!;
    expect(delivered.text).toContain(`within ${ARRIVE_ALIVE_HOURS} hours of delivery`);
    expect(delivered.text).not.toMatch(/within \d+ days/);
    const shippingPage = getPage("shipping-info")!;
    expect(shippingPage.html).toContain(`within ${ARRIVE_ALIVE_HOURS} hours of delivery`);
    expect(shippingPage.html).not.toContain("{{");
  });

  it("the account's order list tells the same story as the order page, in two queries for the whole list", async () => {
    const shipped = await orderAfter([{ type: "pay", reference: "test_pi_story_list1" }, SHIP]);
    const expired = await orderAfter([{ type: "expire" }]);
    const facts = await storyFactsFor(db(), [shipped.id, expired.id]);
    expect(story(facts.get(shipped.id)!)).toEqual(story(shipped));
    expect(story(facts.get(expired.id)!)).toEqual(story(expired));
    expect(story(expired).headline).toMatch(/no payment was taken and nothing will be sent/);
  });

  it("the contact form's copy to the sender holds the message they wrote", async () => {
    const message = "My chaeto arrived pale.\nIs that normal after two days in the box?";
    const sent = await submitContactMessage(
      db(),
      services.config,
      { name: "Pat", email: "pat@example.com", subject: "Pale chaeto", message },
      NOW,
    );
    const copy = await db()
      .selectFrom("outbox")
      .selectAll()
      .where("dedupe_key", "=", `contact-acknowledgement:${sent!.id}`)
      .executeTakeFirstOrThrow();
    expect(copy.to_address).toBe("pat@example.com");
    expect(copy.text).toContain("My chaeto arrived pale.");
    expect(copy.text).toContain("Is that normal after two days in the box?");
  });
});

describe(`bundle descriptions promise only what the box holds, on ${testDatabaseKind()}`, () => {
  it("the migration rewrites the seeded text a shop still shows and leaves an owner's own text alone", async () => {
    const { database, migrator } = await databaseMigratedTo("0012-message-replies");
    try {
      const raw = database.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
      const bundle = (id: string, description: string) => ({
        id,
        name: id,
        description,
        price_cents: 1000,
        image: id,
      });
      // A shop created before the seed changed: the old seeded text, and one the owner rewrote.
      await raw
        .insertInto("bundles")
        .values([
          bundle(DESCRIPTIONS[0]!.id, DESCRIPTIONS[0]!.before),
          bundle(DESCRIPTIONS[1]!.id, "Our own words for the starter pack."),
        ])
        .execute();
      const result = await migrator.migrateToLatest();
      expect(result.error).toBeUndefined();
      const rows = await raw
        .selectFrom("bundles")
        .select(["id", "description"])
        .where("id", "in", [DESCRIPTIONS[0]!.id, DESCRIPTIONS[1]!.id])
        .orderBy("id")
        .execute();
      expect(rows).toEqual([
        { id: DESCRIPTIONS[1]!.id, description: "Our own words for the starter pack." },
        { id: DESCRIPTIONS[0]!.id, description: DESCRIPTIONS[0]!.after },
      ]);
    } finally {
      await database.destroy();
    }
  });

  it("a fresh shop's seeded bundles are the migrated text", () => {
    for (const d of DESCRIPTIONS) expect(SEED_BUNDLES.find((b) => b.id === d.id)?.description).toBe(d.after);
  });
});
