import { afterEach, describe, expect, it } from "vitest";
import { renderQueuedMail } from "#app/models/orders/order-mails.server";
import { forgetShipCalendar } from "#app/models/shipping/ship-calendar.server";
import { ADDRESS, card, checkoutRequest, CUSTOMER } from "../helpers/checkout-client";
import { testDatabaseKind } from "../helpers/test-database";
import { useTestServer } from "../helpers/test-services";

/** The clock the shop reads; each test sets it (New York is UTC−5 in December and January). */
let now = new Date("2026-12-03T14:00:00Z");
const app = useTestServer(() => ({ clock: () => new Date(now.getTime()) }));

const CHAETO = [{ kind: "product", id: "premium-chaeto", quantity: 1 }];
const quote = async (body: Record<string, unknown>) => {
  const res = await fetch(`${app.url}/api/cart/quote`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
};

describe(`ship and arrival days in the cart quote on ${testDatabaseKind()}`, () => {
  afterEach(async () => {
    await app.services.database.db.deleteFrom("closed_dates").execute();
    forgetShipCalendar(app.services.database.db);
  });

  it("holds live goods bought on a Thursday until Monday, with the next ship days to choose from", async () => {
    now = new Date("2026-12-03T14:00:00Z"); // Thursday 09:00 in New York
    const { status, body } = await quote({ items: CHAETO, postalCode: "10001" });
    expect(status).toBe(200);
    expect(body.delivery).toEqual({
      shipOn: "2026-12-07",
      arriveOn: "2026-12-08",
      choices: [
        { shipOn: "2026-12-07", arriveOn: "2026-12-08" },
        { shipOn: "2026-12-08", arriveOn: "2026-12-09" },
        { shipOn: "2026-12-09", arriveOn: "2026-12-10" },
        { shipOn: "2026-12-14", arriveOn: "2026-12-15" },
        { shipOn: "2026-12-15", arriveOn: "2026-12-16" },
      ],
    });
    expect(body.total).toBeGreaterThan(0);
  });

  it("reads the state from an address, and sends live goods to Hawaii on Mondays only", async () => {
    now = new Date("2026-12-03T14:00:00Z");
    const { body } = await quote({ items: CHAETO, shippingAddress: { state: "hi" } });
    expect(body.delivery.choices.map((c: { shipOn: string }) => c.shipOn)).toEqual([
      "2026-12-07",
      "2026-12-14",
      "2026-12-21",
      "2026-12-28",
      "2027-01-04",
    ]);
    expect(body.delivery.arriveOn).toBe("2026-12-10");
  });

  it("skips a date the owner closed", async () => {
    now = new Date("2026-12-03T14:00:00Z");
    await app.services.database.db
      .insertInto("closed_dates")
      .values({ date: "2026-12-07", reason: "Stocktake", created_at: now.toISOString() })
      .execute();
    // The owner's screen forgets the calendar this process read; here the row is written directly.
    forgetShipCalendar(app.services.database.db);
    const { body } = await quote({ items: CHAETO, postalCode: "10001" });
    expect(body.delivery.shipOn).toBe("2026-12-08");
  });

  it("skips federal holidays: New Year's Day 2027 is not a ship day", async () => {
    now = new Date("2026-12-30T14:00:00Z"); // Wednesday 09:00: live goods leave today, arrive Thursday
    const { body } = await quote({ items: CHAETO, postalCode: "10001" });
    expect(body.delivery.choices[0]).toEqual({ shipOn: "2026-12-30", arriveOn: "2026-12-31" });
    // Thursday 31 December and Friday 1 January (a holiday) are not live ship days; Monday is.
    expect(body.delivery.choices[1].shipOn).toBe("2027-01-04");
  });

  it("sends goods that are not alive on the next business day, holidays skipped", async () => {
    now = new Date("2026-12-31T20:00:00Z"); // Thursday 15:00, past the cut-off
    const db = app.services.database.db;
    const row = await db
      .selectFrom("products")
      .select("metadata")
      .where("id", "=", "premium-chaeto")
      .executeTakeFirstOrThrow();
    const metadata = typeof row.metadata === "string" ? JSON.parse(row.metadata) : row.metadata;
    await db
      .updateTable("products")
      .set({ metadata: JSON.stringify({ ...metadata, livePlant: false }) })
      .where("id", "=", "premium-chaeto")
      .execute();
    try {
      const { body } = await quote({ items: CHAETO, postalCode: "10001" });
      expect(body.delivery.shipOn).toBe("2027-01-04");
    } finally {
      await db
        .updateTable("products")
        .set({ metadata: JSON.stringify(metadata) })
        .where("id", "=", "premium-chaeto")
        .execute();
    }
  });

  it("holds nothing for a cart that does not ship, and says nothing without a destination", async () => {
    const tip = await quote({ items: [{ kind: "product", id: "service-tip", quantity: 1 }], postalCode: "10001" });
    expect(tip.status).toBe(200);
    expect(tip.body.delivery).toBeNull();
    const plain = await quote({ items: CHAETO });
    expect(plain.body).not.toHaveProperty("delivery");
  });

  it("refuses a malformed ZIP with a 400 and the field", async () => {
    const { status, body } = await quote({ items: CHAETO, postalCode: "ten" });
    expect(status).toBe(400);
    expect(JSON.stringify(body)).toContain("postalCode");
  });

  describe("at checkout", () => {
    const checkout = async (extra: Record<string, unknown>, items: unknown[] = CHAETO) => {
      const res = await checkoutRequest(app.url, {
        items,
        customer: CUSTOMER,
        shippingAddress: ADDRESS,
        payment: { card: card() },
        ...extra,
      });
      return { status: res.status, body: (await res.json()) as Record<string, any> };
    };
    const ordersNow = async () =>
      Number(
        (
          await app.services.database.db
            .selectFrom("orders")
            .select((eb) => eb.fn.countAll<number | string>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );

    it("takes the first ship day when none is asked for, and keeps a later one the buyer picked", async () => {
      now = new Date("2026-12-03T14:00:00Z"); // Thursday: live goods leave Monday at the earliest
      const first = await checkout({});
      expect(first.status).toBe(201);
      // Tampa: two business days from the shop.
      expect(first.body.order).toMatchObject({ shipOn: "2026-12-07", arriveOn: "2026-12-09" });
      const later = await checkout({ shipOn: "2026-12-09" });
      expect(later.status).toBe(201);
      expect(later.body.order).toMatchObject({ shipOn: "2026-12-09", arriveOn: "2026-12-11" });
      const stored = await app.services.database.db
        .selectFrom("orders")
        .select(["ship_on", "arrive_on"])
        .where("id", "=", later.body.order.id)
        .executeTakeFirstOrThrow();
      expect(stored).toEqual({ ship_on: "2026-12-09", arrive_on: "2026-12-11" });
      // The confirmation mail says when the box leaves and arrives.
      const mail = await app.services.database.db
        .selectFrom("outbox")
        .selectAll()
        .where("order_id", "=", later.body.order.id)
        .where("kind", "=", "order-confirmation")
        .executeTakeFirstOrThrow();
      const rendered = await renderQueuedMail(app.services.database.db, mail, app.services.config, app.services.secret);
      expect(rendered!.text).toContain("Ships Wed, Dec 9 · arrives Fri, Dec 11");
    });

    it("refuses a ship day outside the choices with 400 and places nothing", async () => {
      now = new Date("2026-12-03T14:00:00Z");
      const before = await ordersNow();
      for (const shipOn of ["2026-12-04", "2026-12-03", "2027-06-01"]) {
        const { status, body } = await checkout({ shipOn });
        expect(status).toBe(400);
        expect(body.error).toMatchObject({ code: "invalid-argument", reason: "ship-date-unavailable" });
      }
      expect(await ordersNow()).toBe(before);
      const malformed = await checkout({ shipOn: "Monday" });
      expect(malformed.status).toBe(400);
    });

    it("holds no date for a cart that does not ship", async () => {
      const { status, body } = await checkout({ shippingAddress: undefined }, [
        { kind: "product", id: "service-tip", quantity: 1 },
      ]);
      expect(status).toBe(201);
      expect(body.order).toMatchObject({ shipOn: null, arriveOn: null });
    });
  });
});
