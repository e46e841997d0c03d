import { sql, type Kysely } from "kysely";
import { columnTypes } from "./column-types";

/**
 * The customers list says how many customers the shop has: the buyers (customer_totals rows),
 * plus the accounts that never bought. Counting customer_totals on every view read 200,000 index
 * entries at a million orders (issue 39), so the database keeps the two counts it needs, moved by
 * triggers in the statement that moves the rows, whichever code path writes them.
 *
 * PostgreSQL spreads the counts over COUNT_SHARDS rows by a hash of the address, so concurrent
 * checkouts of new customers rarely wait on one row; rows that come and go move them once per
 * statement (transition tables), so a bulk rebuild does one update, not one per row. SQLite has
 * one writer at a time and row triggers only: one row.
 */
const COUNT_SHARDS = 16;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("customer_counts")
    .addColumn("shard", "integer", (c) => c.primaryKey())
    .addColumn("buyers", "integer", (c) => c.notNull())
    .addColumn("linked", "integer", (c) => c.notNull())
    .execute();
  if (columnTypes(db).postgres) await postgres(db);
  else await sqlite(db);
}

async function postgres(db: Kysely<any>) {
  const shard = (alias: string) => `(hashtext(${alias}.email_key) & ${COUNT_SHARDS - 1})`;
  await sql`insert into customer_counts (shard, buyers, linked)
    select s, coalesce(t.buyers, 0), coalesce(t.linked, 0) from generate_series(0, ${sql.lit(COUNT_SHARDS - 1)}) s
    left join (select ${sql.raw(shard("c"))} as shard, count(*) as buyers, count(c.user_id) as linked
      from customer_totals c group by 1) t on t.shard = s`.execute(db);
  // Rows that came in count +1 and rows that went out -1, summed per shard, once per statement.
  const moved = (rows: string) =>
    sql.raw(`select ${shard("r")} as shard, count(*) as buyers, count(r.user_id) as linked from ${rows} r group by 1`);
  for (const [op, delta] of [
    ["insert", sql`${moved("new_rows")}`],
    ["delete", sql`select shard, -buyers as buyers, -linked as linked from (${moved("old_rows")}) g`],
  ] as const) {
    await sql`create function ${sql.raw(`customer_counts_${op}`)}() returns trigger language plpgsql as $$
      begin
        update customer_counts c set buyers = c.buyers + d.buyers, linked = c.linked + d.linked
        from (${delta}) d where c.shard = d.shard;
        return null;
      end $$`.execute(db);
    await sql`create trigger ${sql.raw(`customer_counts_${op}`)} after ${sql.raw(op)} on customer_totals
      referencing ${sql.raw(op === "insert" ? "new" : "old")} table as ${sql.raw(op === "insert" ? "new_rows" : "old_rows")}
      for each statement execute function ${sql.raw(`customer_counts_${op}`)}()`.execute(db);
  }
  // Every paid order updates its customer's row; only a change of account link moves a count, so
  // the update trigger is a row trigger that fires for those alone (a few per account change).
  await sql`create function customer_counts_update() returns trigger language plpgsql as $$
    begin
      update customer_counts set linked = linked + (case when new.user_id is null then 0 else 1 end)
        - (case when old.user_id is null then 0 else 1 end)
      where shard = ${sql.raw(shard("new"))};
      return null;
    end $$`.execute(db);
  await sql`create trigger customer_counts_update after update of user_id on customer_totals
    for each row when (old.user_id is distinct from new.user_id) execute function customer_counts_update()`.execute(db);
}

async function sqlite(db: Kysely<any>) {
  await sql`insert into customer_counts (shard, buyers, linked)
    select 0, count(*), count(user_id) from customer_totals`.execute(db);
  await sql`create trigger customer_counts_insert after insert on customer_totals begin
    update customer_counts set buyers = buyers + 1, linked = linked + (new.user_id is not null);
  end`.execute(db);
  await sql`create trigger customer_counts_update after update of user_id on customer_totals
    when (old.user_id is null) <> (new.user_id is null) begin
    update customer_counts set linked = linked + (new.user_id is not null) - (old.user_id is not null);
  end`.execute(db);
  await sql`create trigger customer_counts_delete after delete on customer_totals begin
    update customer_counts set buyers = buyers - 1, linked = linked - (old.user_id is not null);
  end`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (columnTypes(db).postgres) {
    for (const name of ["insert", "update", "delete"]) {
      await sql`drop trigger customer_counts_${sql.raw(name)} on customer_totals`.execute(db);
      await sql`drop function customer_counts_${sql.raw(name)}()`.execute(db);
    }
  } else {
    for (const name of ["insert", "update", "delete"])
      await sql`drop trigger customer_counts_${sql.raw(name)}`.execute(db);
  }
  await db.schema.dropTable("customer_counts").execute();
}
