import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock, type Clock } from "#app/domain/clock";
import { performOrderAction } from "#app/models/back-office/orders.server";
import { getDashboardStats, type DashboardStats } from "#app/models/back-office/stats.server";
import { rebuildSalesByDay } from "#app/models/orders/sales-by-day.server";
import { setProductRow } from "../helpers/catalogue-rows";
import { buy, CUSTOMER } from "../helpers/checkout-client";
import { testDatabaseKind } from "../helpers/test-database";
import { createTestServices, startTestServer } from "../helpers/test-services";
import type { AppServices } from "#server/services";

const NOW = new Date("2026-11-21T12:00:00Z");
const DECLINED = "4000000000000002";
const THREE_D_SECURE = "4000002500003155";
const OWNER = "owner@example.com";

/** A refund written straight into the order (undone afterwards), with the running totals counted again to match. */
async function setRefunded(db: AppServices["database"]["db"], orderId: string, cents: number) {
  await db.updateTable("orders").set({ refunded_cents: cents }).where("id", "=", orderId).execute();
  await rebuildSalesByDay(db);
}

/*
 * The shop's history, placed through the real checkout API at moments chosen with the clock
 * (seed prices in cents: premium-chaeto 2499, refugium-starter-kit 8999,
 * chaeto-coral-food-combo 3499, service-tip 500, lazy-starter 7995,
 * complete-reef-recovery 8995; shipping is free):
 *
 *   A  2026-10-12 10:00  chaeto ×1 + complete-reef-recovery ×1        11494  paid     (outside 30 d)
 *   B  2026-11-11 09:00  lazy-starter ×1 + 3-product combo ×1          18493  → shipped
 *                        (combo 2499+8999+3499 = 14997 −30 % = 10498, split in proportion
 *                         to those prices: 1749/6300/2449)
 *   C  2026-11-18 15:00  chaeto ×3                                       7497  paid
 *   R  2026-11-18 16:00  refugium kit ×1                                 8999  → refunded (excluded)
 *   D  2026-11-20 23:59:59  lazy-starter ×2                             15990  paid     (yesterday)
 *   E  2026-11-21 08:00  chaeto ×2 + tip ×1                              5498  paid
 *   F  2026-11-21 09:00  tip ×1 (digital)                                 500  delivered
 *   X  2026-11-21 10:00  chaeto ×5 with a declined card                     —  cancelled (excluded)
 *   P  2026-11-21 11:00  lazy-starter ×1 with 3-D Secure, not completed     —  pending   (excluded)
 */
describe(`admin dashboard stats on ${testDatabaseKind()}`, () => {
  let services: AppServices;
  let server: { url: string; close(): Promise<void> };
  let current: Clock = fixedClock(NOW);
  const ids: Record<string, { id: string; number: string; total: number }> = {};
  let stats: DashboardStats;

  async function place(label: string, at: string, items: unknown[], cardNumber?: string) {
    current = fixedClock(at);
    const res = await buy(server.url, items, cardNumber);
    const body = await res.json();
    if (res.status === 201)
      ids[label] = { id: body.order.id, number: body.order.number, total: Math.round(body.order.total * 100) };
    return { status: res.status, body };
  }

  beforeAll(async () => {
    services = await createTestServices({ clock: () => current() });
    server = await startTestServer(services);
    const { db } = services.database;

    expect(
      (
        await place("A", "2026-10-12T10:00:00Z", [
          { kind: "product", id: "premium-chaeto", quantity: 1 },
          { kind: "bundle", id: "complete-reef-recovery", quantity: 1 },
        ])
      ).status,
    ).toBe(201);
    expect(
      (
        await place("B", "2026-11-11T09:00:00Z", [
          { kind: "bundle", id: "lazy-starter", quantity: 1 },
          {
            kind: "combo",
            productIds: ["premium-chaeto", "refugium-starter-kit", "chaeto-coral-food-combo"],
            quantity: 1,
          },
        ])
      ).status,
    ).toBe(201);
    expect(
      (await place("C", "2026-11-18T15:00:00Z", [{ kind: "product", id: "premium-chaeto", quantity: 3 }])).status,
    ).toBe(201);
    expect(
      (await place("R", "2026-11-18T16:00:00Z", [{ kind: "product", id: "refugium-starter-kit", quantity: 1 }])).status,
    ).toBe(201);
    expect(
      (await place("D", "2026-11-20T23:59:59Z", [{ kind: "bundle", id: "lazy-starter", quantity: 2 }])).status,
    ).toBe(201);
    expect(
      (
        await place("E", "2026-11-21T08:00:00Z", [
          { kind: "product", id: "premium-chaeto", quantity: 2 },
          { kind: "product", id: "service-tip", quantity: 1 },
        ])
      ).status,
    ).toBe(201);
    const tip = await place("F", "2026-11-21T09:00:00Z", [{ kind: "product", id: "service-tip", quantity: 1 }]);
    expect(tip.body.order.status).toBe("delivered");
    expect(
      (await place("X", "2026-11-21T10:00:00Z", [{ kind: "product", id: "premium-chaeto", quantity: 5 }], DECLINED))
        .status,
    ).toBe(402);
    const pending = await place(
      "P",
      "2026-11-21T11:00:00Z",
      [{ kind: "bundle", id: "lazy-starter", quantity: 1 }],
      THREE_D_SECURE,
    );
    expect(pending.body.order.status).toBe("pending_payment");
    current = fixedClock(NOW);

    // Later life of two orders, through the back office: B went out, R was cancelled and refunded.
    await performOrderAction(services, ids.B!.id, { action: "ship", carrier: "UPS", trackingNumber: "1Z999" }, OWNER);
    await performOrderAction(services, ids.R!.id, { action: "cancel" }, OWNER);

    // Low stock: one product under 10 (and with it the bundle made with one of it), and an
    // inactive product that must not show.
    await setProductRow(db, "refugium-starter-kit", { quantity: 3 });
    await setProductRow(db, "october-special", { quantity: 1, is_active: 0 });

    // One mail gave up, one went out.
    const mail = {
      kind: "test",
      to_address: CUSTOMER.email,
      subject: "s",
      html: "<p>h</p>",
      text: "t",
      next_attempt_at: NOW.toISOString(),
      created_at: NOW.toISOString(),
    };
    await db
      .insertInto("outbox")
      .values({
        ...mail,
        dedupe_key: "stats-failed",
        status: "failed",
        attempts: 8,
        last_error: "550 mailbox unavailable",
      })
      .execute();
    await db
      .insertInto("outbox")
      .values({ ...mail, dedupe_key: "stats-sent", status: "sent", attempts: 1, sent_at: NOW.toISOString() })
      .execute();

    stats = await getDashboardStats(db, NOW);
  });
  afterAll(async () => {
    await server?.close();
    await services?.database.destroy();
  });

  it("the API charged what the scenario expects", () => {
    expect(Object.fromEntries(Object.entries(ids).map(([k, v]) => [k, v.total]))).toEqual({
      A: 11494,
      B: 18493,
      C: 7497,
      R: 8999,
      D: 15990,
      E: 5498,
      F: 500,
      P: 7995,
    });
  });

  it("sums revenue, orders, AOV and units for today and the last 7, 30 and 90 days, paid/shipped/delivered only", () => {
    expect(stats.generatedAt).toBe(NOW.toISOString());
    expect(stats.periods).toEqual([
      { key: "today", label: "Today", revenueCents: 5998, orders: 2, averageOrderCents: 2999, units: 4 },
      { key: "7d", label: "Last 7 days", revenueCents: 29485, orders: 4, averageOrderCents: 7371, units: 9 },
      { key: "30d", label: "Last 30 days", revenueCents: 47978, orders: 5, averageOrderCents: 9596, units: 11 },
      { key: "90d", label: "Last 90 days", revenueCents: 59472, orders: 6, averageOrderCents: 9912, units: 13 },
    ]);
  });

  it("takes a partial refund off the revenue of the windows its order falls in", async () => {
    const db = services.database.db;
    await setRefunded(db, ids.B!.id, 1000);
    try {
      const refunded = await getDashboardStats(db, NOW);
      expect(refunded.periods.map((p) => [p.key, p.revenueCents, p.orders])).toEqual([
        ["today", 5998, 2],
        ["7d", 29485, 4],
        ["30d", 47978 - 1000, 5],
        ["90d", 59472 - 1000, 6],
      ]);
    } finally {
      await setRefunded(db, ids.B!.id, 0);
    }
  });

  it("takes a partial refund off the top items too, in proportion to the order's lines, so they agree with the revenue cards", async () => {
    const db = services.database.db;
    // B: lazy-starter 7995 + combo 10498 = 18493; 1000 refunded → 432 off the bundle, 568 off the combo.
    await setRefunded(db, ids.B!.id, 1000);
    try {
      const refunded = await getDashboardStats(db, NOW);
      const revenue = Object.fromEntries(refunded.topItems.map((t) => [t.id, t.revenueCents]));
      const before = Object.fromEntries(stats.topItems.map((t) => [t.id, t.revenueCents]));
      expect(before["lazy-starter"]! - revenue["lazy-starter"]!).toBe(432);
      const comboParts = ["premium-chaeto", "refugium-starter-kit", "chaeto-coral-food-combo"];
      expect(comboParts.reduce((sum, id) => sum + before[id]! - revenue[id]!, 0)).toBe(568);
      // Everything sold in the last 30 days adds up to the 30-day revenue card.
      const all = refunded.topItems.reduce((sum, t) => sum + t.revenueCents, 0);
      expect(all).toBe(refunded.periods.find((p) => p.key === "30d")!.revenueCents);
    } finally {
      await setRefunded(db, ids.B!.id, 0);
    }
  });

  it("gives 30 UTC days oldest first, every day present, zeros where nothing sold", () => {
    expect(stats.daily).toHaveLength(30);
    expect(stats.daily[0]!.date).toBe("2026-10-23");
    expect(stats.daily[29]!.date).toBe("2026-11-21");
    const byDate = Object.fromEntries(
      stats.daily.filter((d) => d.orders > 0).map((d) => [d.date, [d.revenueCents, d.orders]]),
    );
    expect(byDate).toEqual({
      "2026-11-11": [18493, 1],
      "2026-11-18": [7497, 1],
      "2026-11-20": [15990, 1],
      "2026-11-21": [5998, 2],
    });
    expect(stats.daily.filter((d) => d.orders === 0 && d.revenueCents === 0)).toHaveLength(26);
    for (let i = 1; i < stats.daily.length; i++) {
      expect(
        Date.parse(`${stats.daily[i]!.date}T00:00:00Z`) - Date.parse(`${stats.daily[i - 1]!.date}T00:00:00Z`),
      ).toBe(86_400_000);
    }
  });

  it("ranks the top 5 items of the last 30 days by units, combos counted per product with their total split in proportion", () => {
    expect(stats.topItems).toEqual([
      {
        kind: "product",
        id: "premium-chaeto",
        title: "Premium Chaeto (Chaetomorpha)",
        units: 6,
        // 1749 of the combo: 70 % of its 24.99, never more than chaeto sells for on its own.
        revenueCents: 1749 + 7497 + 4998,
      },
      { kind: "bundle", id: "lazy-starter", title: "Lazy Starter", units: 3, revenueCents: 7995 + 15990 },
      { kind: "product", id: "service-tip", title: "Tip the Lazy Reefer ($5)", units: 2, revenueCents: 1000 },
      { kind: "product", id: "refugium-starter-kit", title: "Refugium Starter Kit", units: 1, revenueCents: 6300 },
      {
        kind: "product",
        id: "chaeto-coral-food-combo",
        title: "Chaeto + Coral Food Combo",
        units: 1,
        revenueCents: 2449,
      },
    ]);
    // Older than 30 days (order A) does not rank.
    expect(stats.topItems.find((t) => t.id === "complete-reef-recovery")).toBeUndefined();
  });

  it("lists active products and bundles under 10 in stock, lowest first", () => {
    expect(stats.lowStock).toEqual([
      { kind: "bundle", id: "complete-reef-starter-pack", title: "Complete Reef Starter Pack", quantity: 3 },
      { kind: "product", id: "refugium-starter-kit", title: "Refugium Starter Kit", quantity: 3 },
    ]);
  });

  it("counts paid orders waiting to ship and lists the oldest first", () => {
    expect(stats.awaitingShipment.count).toBe(4);
    expect(stats.awaitingShipment.oldest).toEqual([
      {
        id: ids.A!.id,
        number: ids.A!.number,
        customerName: CUSTOMER.name,
        paidAt: "2026-10-12T10:00:00.000Z",
        totalCents: 11494,
      },
      {
        id: ids.C!.id,
        number: ids.C!.number,
        customerName: CUSTOMER.name,
        paidAt: "2026-11-18T15:00:00.000Z",
        totalCents: 7497,
      },
      {
        id: ids.D!.id,
        number: ids.D!.number,
        customerName: CUSTOMER.name,
        paidAt: "2026-11-20T23:59:59.000Z",
        totalCents: 15990,
      },
      {
        id: ids.E!.id,
        number: ids.E!.number,
        customerName: CUSTOMER.name,
        paidAt: "2026-11-21T08:00:00.000Z",
        totalCents: 5498,
      },
    ]);
  });

  it("counts failed and still-queued mail", async () => {
    expect(stats.failedEmails).toBe(1);
    const queued = await services.database.db
      .selectFrom("outbox")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("status", "in", ["pending", "sending"])
      .executeTakeFirstOrThrow();
    // Each paid order (A–F, R) queued its confirmation and shop alert; nothing has been sent yet.
    expect(Number(queued.n)).toBeGreaterThanOrEqual(7);
    expect(stats.pendingEmails).toBe(Number(queued.n));
  });

  it("moves the windows with `now`: a day later, today is empty and yesterday's orders sit in 7d", async () => {
    const later = await getDashboardStats(services.database.db, new Date("2026-11-22T00:30:00Z"));
    expect(later.periods[0]).toEqual({
      key: "today",
      label: "Today",
      revenueCents: 0,
      orders: 0,
      averageOrderCents: 0,
      units: 0,
    });
    expect(later.daily.at(-1)).toEqual({ date: "2026-11-22", revenueCents: 0, orders: 0 });
    expect(later.daily.at(-2)).toEqual({ date: "2026-11-21", revenueCents: 5998, orders: 2 });
    expect(later.periods[1]!.orders).toBe(4);
  });

  it("counts whole calendar days, today's included, so each window is the sum of the chart's bars", async () => {
    const db = services.database.db;
    for (const days of [1, 7, 30]) {
      const bars = stats.daily.slice(-days);
      const card = stats.periods.find((p) => p.key === (days === 1 ? "today" : `${days}d`))!;
      expect([card.revenueCents, card.orders]).toEqual([
        bars.reduce((sum, d) => sum + d.revenueCents, 0),
        bars.reduce((sum, d) => sum + d.orders, 0),
      ]);
    }
    // The 7 days up to 2026-11-24 begin on the 18th and hold C (paid 15:00 that day); a second later the 18th has left them.
    const lastSecond = await getDashboardStats(db, new Date("2026-11-24T23:59:59Z"));
    const nextDay = await getDashboardStats(db, new Date("2026-11-25T00:00:00Z"));
    expect(lastSecond.periods[1]).toMatchObject({ revenueCents: 7497 + 15990 + 5498 + 500, orders: 4 });
    expect(nextDay.periods[1]).toMatchObject({ revenueCents: 15990 + 5498 + 500, orders: 3 });
    expect(nextDay.periods[1]!.units).toBe(lastSecond.periods[1]!.units - 3);
  });
});

describe(`admin dashboard stats on an empty ${testDatabaseKind()} shop`, () => {
  it("returns zeros, 30 empty days and nothing to do", async () => {
    const services = await createTestServices({ clock: fixedClock(NOW) });
    try {
      const stats = await getDashboardStats(services.database.db, NOW);
      expect(stats.periods.map((p) => [p.key, p.revenueCents, p.orders, p.averageOrderCents, p.units])).toEqual([
        ["today", 0, 0, 0, 0],
        ["7d", 0, 0, 0, 0],
        ["30d", 0, 0, 0, 0],
        ["90d", 0, 0, 0, 0],
      ]);
      expect(stats.daily).toHaveLength(30);
      expect(stats.daily.every((d) => d.revenueCents === 0 && d.orders === 0)).toBe(true);
      expect(stats.topItems).toEqual([]);
      expect(stats.lowStock).toEqual([]);
      expect(stats.awaitingShipment).toEqual({ count: 0, oldest: [] });
      expect(stats.failedEmails).toBe(0);
      expect(stats.pendingEmails).toBe(0);
    } finally {
      await services.database.destroy();
    }
  });
});
