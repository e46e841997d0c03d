/**
 * Running totals behind the dashboard's dead-on-arrival rate (migration 0027): per UTC day of
 * delivery and the weather the order was packed for, the shipped orders delivered and how many
 * of them have an approved claim. The order lifecycle counts a delivery, and the claim decision
 * an approval, each in its own transaction, so the dashboard reads a few rows per day instead of
 * every delivery.
 */
import { sql, type Kysely, type Transaction } from "kysely";
import { arrivalWeatherOf, type ArrivalWeather, type DeliveryDay } from "#app/domain/claims";
import { utcDay } from "#app/domain/sales-by-day";
import { toIso } from "#database/values";
import type { Database } from "#database/schema";

type Db = Kysely<Database> | Transaction<Database>;

async function bump(trx: Db, day: string, weather: ArrivalWeather, delivered: number, approved: number) {
  await trx
    .insertInto("deliveries_by_day")
    .values({ day, weather, delivered, approved_claims: approved })
    .onConflict((oc) =>
      oc.columns(["day", "weather"]).doUpdateSet({
        delivered: sql`deliveries_by_day.delivered + excluded.delivered`,
        approved_claims: sql`deliveries_by_day.approved_claims + excluded.approved_claims`,
      }),
    )
    .execute();
}

async function weatherOf(trx: Db, orderId: string): Promise<ArrivalWeather> {
  const row = await trx
    .selectFrom("order_weather")
    .select("outcome")
    .where("order_id", "=", orderId)
    .executeTakeFirst();
  return arrivalWeatherOf(row?.outcome);
}

/** A shipped order delivered at `at`, inside the lifecycle's transaction. */
export async function countDelivery(trx: Db, orderId: string, at: Date): Promise<void> {
  await bump(trx, utcDay(at), await weatherOf(trx, orderId), 1, 0);
}

/**
 * A claim on `orderId` approved, inside the decision's transaction (after the claim is marked):
 * the order counts once, on its day of delivery, however many of its claims are approved.
 */
export async function countApprovedClaim(trx: Db, orderId: string): Promise<void> {
  // Takes the order's row lock first (a write that changes nothing): two claims on one order
  // approved at once on PostgreSQL would otherwise each count only themselves and both add one.
  await trx
    .updateTable("orders")
    .set({ updated_at: sql.ref("updated_at") })
    .where("id", "=", orderId)
    .execute();
  const approved = await trx
    .selectFrom("claims")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("order_id", "=", orderId)
    .where("status", "=", "approved")
    .executeTakeFirstOrThrow();
  if (Number(approved.n) !== 1) return;
  const delivery = await firstDelivery(trx, orderId);
  if (delivery) await bump(trx, delivery, await weatherOf(trx, orderId), 0, 1);
}

async function firstDelivery(trx: Db, orderId: string): Promise<string | null> {
  const row = await trx
    .selectFrom("order_events")
    .innerJoin("orders", "orders.id", "order_events.order_id")
    .select("order_events.created_at")
    .where("order_events.order_id", "=", orderId)
    .where("order_events.to_status", "=", "delivered")
    .where("order_events.from_status", "<>", "delivered")
    .where("orders.requires_shipping", "=", 1)
    .orderBy("order_events.id")
    .executeTakeFirst();
  return row ? utcDay(new Date(toIso(row.created_at)!)) : null;
}

/** The stored totals of the days from `from` ("YYYY-MM-DD") on. */
export async function readDeliveriesByDay(db: Db, from = "0000-00-00"): Promise<DeliveryDay[]> {
  const rows = await db
    .selectFrom("deliveries_by_day")
    .select(["day", "weather", "delivered", "approved_claims"])
    .where("day", ">=", from)
    .orderBy("day")
    .orderBy("weather")
    .execute();
  return rows.map((r) => ({
    day: r.day,
    weather: arrivalWeatherOf(r.weather),
    delivered: Number(r.delivered),
    approvedClaims: Number(r.approved_claims),
  }));
}

/** The same totals counted from every delivery and claim: what the running totals must always equal. */
export async function countDeliveriesByDay(db: Db): Promise<DeliveryDay[]> {
  const rows = await db
    .selectFrom("order_events")
    .innerJoin("orders", "orders.id", "order_events.order_id")
    .leftJoin("order_weather", "order_weather.order_id", "order_events.order_id")
    .select((eb) => [
      "order_events.created_at",
      "order_weather.outcome",
      eb
        .exists(
          eb
            .selectFrom("claims")
            .select("claims.id")
            .whereRef("claims.order_id", "=", "order_events.order_id")
            .where("claims.status", "=", "approved"),
        )
        .as("approved"),
    ])
    .where("order_events.to_status", "=", "delivered")
    .where("order_events.from_status", "<>", "delivered")
    .where("orders.requires_shipping", "=", 1)
    .execute();
  const totals = new Map<string, DeliveryDay>();
  for (const r of rows) {
    const day = utcDay(new Date(toIso(r.created_at)!));
    const weather = arrivalWeatherOf(r.outcome);
    const t = totals.get(`${day}|${weather}`) ?? { day, weather, delivered: 0, approvedClaims: 0 };
    t.delivered++;
    if (r.approved) t.approvedClaims++;
    totals.set(`${day}|${weather}`, t);
  }
  return [...totals.values()].sort((a, b) => a.day.localeCompare(b.day) || a.weather.localeCompare(b.weather));
}

/** Counts the totals again from scratch (history written around the lifecycle, as the scale benchmark's fill does). */
export async function rebuildDeliveriesByDay(db: Kysely<Database>): Promise<void> {
  const days = await countDeliveriesByDay(db);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("deliveries_by_day").execute();
    for (let i = 0; i < days.length; i += 1000)
      await trx
        .insertInto("deliveries_by_day")
        .values(
          days.slice(i, i + 1000).map((d) => ({
            day: d.day,
            weather: d.weather,
            delivered: d.delivered,
            approved_claims: d.approvedClaims,
          })),
        )
        .execute();
  });
}
