import { sql, type Kysely } from "kysely";
import { columnTypes } from "./column-types";

/**
 * The dashboard's dead-on-arrival rate read every delivery of the last eight weeks on each view
 * (issue 39: about 77,000 at 1M orders). It is kept as running totals instead: per UTC day of
 * delivery and the weather the order was packed for (order_weather.outcome, "unknown" when never
 * checked), the shipped orders delivered and how many of them have an approved claim. The order
 * lifecycle and the claim decision move them in their own transactions
 * (app/models/orders/deliveries-by-day.server.ts); they are counted here once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("deliveries_by_day")
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("weather", "text", (c) => c.notNull())
    .addColumn("delivered", "integer", (c) => c.notNull())
    .addColumn("approved_claims", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("deliveries_by_day_pk", ["day", "weather"])
    .execute();
  const day = columnTypes(db).postgres
    ? sql`to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD')`
    : sql`substr(e.created_at, 1, 10)`;
  await sql`insert into deliveries_by_day (day, weather, delivered, approved_claims)
    select d.day, d.weather, count(*), sum(d.approved) from (
      select ${day} as day,
        case when w.outcome in ('hold', 'heat', 'cold', 'none') then w.outcome else 'unknown' end as weather,
        case when exists (select 1 from claims c where c.order_id = e.order_id and c.status = 'approved')
          then 1 else 0 end as approved
      from order_events e
      join orders o on o.id = e.order_id
      left join order_weather w on w.order_id = e.order_id
      where e.to_status = 'delivered' and e.from_status <> 'delivered' and o.requires_shipping = 1
    ) d
    group by d.day, d.weather`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("deliveries_by_day").execute();
}
