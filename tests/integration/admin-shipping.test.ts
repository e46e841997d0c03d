import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHECK_FIELDS, type FormResult } from "#app/domain/forms";
import { formData } from "#app/forms/test-form";
import { ORDERS_PAGE_SIZE } from "#app/models/back-office/orders.server";
import { promoteToAdmin } from "#app/models/back-office/users.server";
import * as orders from "#app/routes/admin/orders";
import * as shipping from "#app/routes/admin/shipping";
import { authClient } from "../helpers/auth-client";
import { testDatabaseKind } from "../helpers/test-database";
import { createTestServices, startTestServer } from "../helpers/test-services";
import type { Database } from "#database/schema";
import type { AppServices } from "#server/services";
import type { Insertable } from "kysely";

/** Zod's wording or a field's path before its message: nothing a person should read. */
const JARGON = /expected (string|number|object)|too (big|small)|invalid_|\bZod/;

/** Thursday 3 December 2026, 09:00 in New York: live goods leave Monday 7 at the earliest. */
let now = new Date("2026-12-03T14:00:00Z");

const VALID = {
  intent: "settings",
  liveShipDays: ["1", "2", "3"],
  cutoff: "12:00",
  transitDefault: "2",
  "transit-NY": "1",
  "transit-CA": "3",
  mondayOnlyStates: "AK, HI",
};

describe(`the back office's Shipping screen and To ship list on ${testDatabaseKind()}`, () => {
  let services: AppServices;
  let server: { url: string; close(): Promise<void> };
  let cookie = "";

  const args = (path: string, init: RequestInit = {}) => ({
    request: new Request(`http://localhost:3000${path}`, { ...init, headers: { cookie } }),
    context: { services, nonce: "", clientIp: "127.0.0.1" },
    params: {},
  });

  async function post(fields: Record<string, string | string[]>) {
    const answer = (await shipping.action(
      args("/admin/shipping", { method: "POST", body: formData(fields) }) as never,
    )) as {
      data: FormResult;
      init: { status?: number } | null;
    };
    expect(JSON.stringify(answer.data)).not.toMatch(JARGON);
    return { status: answer.init?.status ?? 200, result: answer.data };
  }
  const screen = () => shipping.loader(args("/admin/shipping") as never);
  const settingsRow = () => services.database.db.selectFrom("ship_settings").selectAll().executeTakeFirst();

  const quote = async () => {
    const res = await fetch(`${server.url}/api/cart/quote`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ items: [{ kind: "product", id: "premium-chaeto", quantity: 1 }], postalCode: "10001" }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { delivery: { shipOn: string; choices: Array<{ shipOn: string }> } }).delivery;
  };

  beforeAll(async () => {
    services = await createTestServices({ clock: () => new Date(now.getTime()) });
    server = await startTestServer(services);
    await promoteToAdmin(services, { email: "ship-owner@example.com", password: "owner123" });
    const admin = authClient(server.url, "198.51.100.90");
    await admin.call("/sign-in/email", { email: "ship-owner@example.com", password: "owner123" });
    cookie = [...admin.jar].map(([k, v]) => `${k}=${v}`).join("; ");
  });
  afterAll(async () => {
    await server?.close();
    await services?.database.destroy();
  });

  it("shows the defaults, the shop's time zone, the coming holidays and the next ship days before any save", async () => {
    now = new Date("2026-12-03T14:00:00Z");
    const page = await screen();
    expect(page.timeZone).toBe(services.config.shopTimeZone);
    expect(page.settings).toMatchObject({ liveShipDays: [1, 2, 3], cutoff: "12:00", mondayOnlyStates: ["AK", "HI"] });
    expect(page.holidays[0]).toEqual({ date: "2026-12-25", name: "Christmas Day" });
    expect(page.preview.map((c) => c.shipOn)).toEqual([
      "2026-12-07",
      "2026-12-08",
      "2026-12-09",
      "2026-12-14",
      "2026-12-15",
      "2026-12-16",
    ]);
  });

  it("saves the settings, and checkout quotes the new ship days at once", async () => {
    now = new Date("2026-12-03T14:00:00Z");
    // 09:00 is past an 08:30 cut-off, so Thursday itself (now a ship day) is too late.
    // Read once first, so the quote below could only be right if the save forgot the cached calendar.
    expect((await quote()).choices.map((c) => c.shipOn).slice(0, 3)).toEqual([
      "2026-12-07",
      "2026-12-08",
      "2026-12-09",
    ]);
    const saved = await post({ ...VALID, liveShipDays: ["2", "4"], mondayOnlyStates: "hi, ak ak", cutoff: "08:30" });
    expect(saved).toEqual({
      status: 200,
      result: { status: "success", intent: "settings", message: "Saved. Checkout uses these days from now on." },
    });
    expect(await settingsRow()).toMatchObject({
      live_ship_days: "2,4",
      cutoff: "08:30",
      monday_only_states: "AK,HI",
    });
    expect(JSON.parse((await settingsRow())!.transit_days)).toEqual({ default: 2, NY: 1, CA: 3 });
    expect((await quote()).choices.map((c) => c.shipOn).slice(0, 3)).toEqual([
      "2026-12-08",
      "2026-12-10",
      "2026-12-15",
    ]);
    expect((await screen()).preview[0]).toEqual({ shipOn: "2026-12-08", arriveOn: "2026-12-10" });
  });

  it("refuses bad settings with 400 and a message next to each field, changing nothing", async () => {
    await post(VALID);
    const before = await settingsRow();
    const refused = await post({
      intent: "settings",
      cutoff: "25:00",
      transitDefault: "0",
      "transit-CA": "9",
      "transit-TX": "two",
      mondayOnlyStates: "AK, ZZ",
    });
    expect(refused.status).toBe(400);
    expect(refused.result).toMatchObject({
      status: "error",
      intent: "settings",
      message: CHECK_FIELDS,
      fieldErrors: {
        liveShipDays: "Tick at least one day, or live goods can't be sold.",
        cutoff: "Enter a time like 12:00.",
        transitDefault: "Enter 1 or more.",
        "transit-CA": "Enter 5 or less.",
        "transit-TX": "Enter a whole number.",
        mondayOnlyStates: "ZZ is not a state we ship to: use two-letter codes like AK, HI.",
      },
    });
    // A weekend ship day is refused too (no box waits in a depot over Sunday).
    expect((await post({ ...VALID, liveShipDays: ["1", "6"] })).result.fieldErrors).toEqual({
      liveShipDays: "Live goods leave Monday to Friday only.",
    });
    // A form with no intent, or an unknown one, is a stale page: one message at the top.
    expect((await post({ ...VALID, intent: "rewrite" })).status).toBe(400);
    expect(await settingsRow()).toEqual(before);
  });

  it("closes and reopens the owner's dates, and the cart quote skips a closed one at once", async () => {
    now = new Date("2026-12-03T14:00:00Z");
    await post(VALID);
    expect((await quote()).shipOn).toBe("2026-12-07");
    const closed = await post({ intent: "add-closed", date: "2026-12-07", reason: "Stocktake" });
    expect(closed).toEqual({
      status: 200,
      result: { status: "success", intent: "add-closed", message: "Closed Mon, Dec 7, 2026: nothing ships that day." },
    });
    expect((await quote()).shipOn).toBe("2026-12-08");
    expect((await screen()).closedDates).toEqual([{ date: "2026-12-07", reason: "Stocktake" }]);
    // The same date again (a form sent twice) keeps one row, with the newer note.
    expect((await post({ intent: "add-closed", date: "2026-12-07" })).status).toBe(200);
    expect((await screen()).closedDates).toEqual([{ date: "2026-12-07", reason: "" }]);

    const reopened = await post({ intent: "remove-closed", closedDate: "2026-12-07" });
    expect(reopened.result.message).toBe("Reopened Mon, Dec 7, 2026.");
    expect((await quote()).shipOn).toBe("2026-12-07");
    expect((await post({ intent: "remove-closed", closedDate: "2026-12-07" })).status).toBe(404);
  });

  it("refuses a closed date in the past, a holiday, or no date, next to the date field", async () => {
    now = new Date("2026-12-03T14:00:00Z");
    const cases: Array<[Record<string, string>, string]> = [
      [{ date: "2026-12-02" }, "Pick today or a later date."],
      [{ date: "2029-01-05" }, "Pick a date within the next two years."],
      [{ date: "2026-12-25" }, "Fri, Dec 25, 2026 is Christmas Day: closed already."],
      [{ date: "2026-02-30" }, "Enter a date, like 2026-12-24."],
      [{}, "Pick the date the shop is closed."],
    ];
    for (const [fields, message] of cases) {
      const { status, result } = await post({ intent: "add-closed", ...fields });
      expect(status).toBe(400);
      expect(result.fieldErrors).toEqual({ date: message });
    }
    expect((await screen()).closedDates).toEqual([]);
  });

  it("lists paid orders to ship by ship day, overdue first and marked, read a keyset page at a time", async () => {
    now = new Date("2026-12-08T15:00:00Z"); // Tuesday 10:00 in New York
    const db = services.database.db;
    const row = (
      id: string,
      status: string,
      shipOn: string | null,
      createdAt: string,
    ): Insertable<Database["orders"]> => ({
      id,
      number: `LR-${id.toUpperCase()}`,
      status,
      email: `${id}@example.com`,
      customer_name: id,
      shipping_address: null,
      requires_shipping: 1,
      subtotal_cents: 1000,
      discount_cents: 0,
      shipping_cents: 0,
      total_cents: 1000,
      access_token_hash: "0".repeat(64),
      payment_provider: "test",
      reserved_until: null,
      paid_at: createdAt,
      created_at: createdAt,
      updated_at: createdAt,
      ship_on: shipOn,
      arrive_on: shipOn ? `${shipOn.slice(0, 8)}${String(Number(shipOn.slice(8)) + 1).padStart(2, "0")}` : null,
    });
    await db
      .insertInto("orders")
      .values([
        row("ts-later", "paid", "2026-12-09", "2026-12-02T10:00:00.000Z"),
        row("ts-today-b", "paid", "2026-12-08", "2026-12-05T10:00:00.000Z"),
        row("ts-today-a", "paid", "2026-12-08", "2026-12-04T10:00:00.000Z"),
        row("ts-overdue", "paid", "2026-12-07", "2026-12-06T10:00:00.000Z"),
        // Not to ship: already shipped, or not paid, or recorded without a ship day.
        row("ts-shipped", "shipped", "2026-12-01", "2026-11-30T10:00:00.000Z"),
        row("ts-unpaid", "pending_payment", "2026-12-07", "2026-12-06T11:00:00.000Z"),
        row("ts-undated", "paid", null, "2026-12-06T12:00:00.000Z"),
      ])
      .execute();
    const list = (query: string) => orders.loader(args(`/admin/orders?view=to-ship${query}`) as never);
    const first = await list("");
    expect(first.today).toBe("2026-12-08");
    expect(first.orders.map((o) => o.id)).toEqual(["ts-overdue", "ts-today-a", "ts-today-b", "ts-later"]);
    expect(first.orders[0]).toMatchObject({ shipOn: "2026-12-07", arriveOn: "2026-12-08", status: "paid" });
    expect(first).toMatchObject({ total: 4, totalExact: true, next: null });

    // A page's worth more, all later: the first page ends where the next one starts, nothing repeated.
    await db
      .insertInto("orders")
      .values(
        Array.from({ length: ORDERS_PAGE_SIZE }, (_, i) =>
          row(
            `ts-bulk-${String(i).padStart(2, "0")}`,
            "paid",
            "2026-12-10",
            `2026-12-07T10:${String(i).padStart(2, "0")}:00.000Z`,
          ),
        ),
      )
      .execute();
    const one = await list("");
    expect(one.orders).toHaveLength(ORDERS_PAGE_SIZE);
    expect(one.next).toMatch(/^2026-12-10_2026-12-07T10:15:00(\.000)?Z_ts-bulk-15$/);
    const two = await list(`&page=2&after=${encodeURIComponent(one.next!)}`);
    expect(two.orders.map((o) => o.id)).toEqual(["ts-bulk-16", "ts-bulk-17", "ts-bulk-18", "ts-bulk-19"]);
    expect(two.prev).not.toBeNull();
    const back = await list(`&page=1&before=${encodeURIComponent(two.prev!)}`);
    expect(back.orders.map((o) => o.id)).toEqual(one.orders.map((o) => o.id));
  });

  it("reads the To ship list through the status and ship-day index, not past every shipped order", async () => {
    const db = services.database.db;
    // The statement the list runs for its first page, as PostgreSQL or SQLite would plan it.
    const text = sql.raw(
      "select id from orders where status = 'paid' and ship_on is not null order by ship_on, created_at, id limit 21",
    );
    let plan: string;
    if (services.database.dialect === "postgres")
      plan = await db.transaction().execute(async (trx) => {
        // On a small table the planner may prefer a scan; forbidding it shows whether an index can serve.
        await sql`set local enable_seqscan = off`.execute(trx);
        const { rows } = await sql<Record<string, string>>`explain ${text}`.execute(trx);
        return rows.map((r) => Object.values(r).join(" ")).join("\n");
      });
    else {
      const { rows } = await sql<{ detail: string }>`explain query plan ${text}`.execute(db);
      plan = rows.map((r) => r.detail).join("\n");
    }
    expect(plan).toMatch(/orders_status_ship_on/);
    expect(plan).not.toMatch(/TEMP B-TREE|Sort\b/);
  });
});
