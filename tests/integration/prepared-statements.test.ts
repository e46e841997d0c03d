import crypto from "node:crypto";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "#database/db.server";
import { migrateToLatest } from "#database/migrate.server";
import { testDatabaseKind, testPostgresUrl } from "../helpers/test-database";

/** PostgreSQL: writes go as named prepared statements (database/db.server.ts), reads do not. */
describe.skipIf(testDatabaseKind() !== "postgres")("prepared writes on PostgreSQL", () => {
  const handles: DatabaseHandle[] = [];
  afterAll(async () => {
    for (const h of handles) {
      await sql`drop schema if exists ${sql.id(h.schema!)} cascade`.execute(h.db);
      await h.destroy();
    }
  });

  async function open(preparedStatements: boolean) {
    const handle = await openDatabase(testPostgresUrl(), {
      schema: `lr_prep_${crypto.randomBytes(4).toString("hex")}`,
      maxConnections: 2,
      preparedStatements,
    });
    handles.push(handle);
    await migrateToLatest(handle.db, handle.schema);
    return handle.db;
  }

  /** On one connection: a write twice, a read, then what that session has prepared. */
  async function preparedAfterWork(db: Awaited<ReturnType<typeof open>>) {
    return db.connection().execute(async (c) => {
      for (const n of [1, 2]) {
        await c
          .insertInto("order_events")
          .values({
            order_id: `o${n}`,
            from_status: null,
            to_status: "paid",
            note: null,
            actor: "test",
            created_at: new Date().toISOString(),
          })
          .execute()
          .catch(() => {});
        await c
          .updateTable("products")
          .set({ updated_at: new Date().toISOString() })
          .where("id", "=", "premium-chaeto")
          .execute();
      }
      await c.selectFrom("products").select("id").execute();
      const { rows } = await sql<{
        name: string;
        statement: string;
      }>`select name, statement from pg_prepared_statements order by name`.execute(c);
      return rows;
    });
  }

  it("a write is prepared once per connection and reused; a read stays unnamed", async () => {
    const rows = await preparedAfterWork(await open(true));
    expect(rows.length).toBeGreaterThanOrEqual(1);
    expect(rows.every((r) => r.name.startsWith("lr_w") && /^(insert|update|delete) /.test(r.statement))).toBe(true);
    // Only the statement run twice above: the migrations, run on this pool, prepare writes of their own.
    expect(rows.filter((r) => r.statement.startsWith('update "products" set "updated_at" = $1'))).toHaveLength(1);
    expect(rows.some((r) => r.statement.startsWith("select"))).toBe(false);
  });

  it("with preparedStatements: false nothing is prepared", async () => {
    expect(await preparedAfterWork(await open(false))).toEqual([]);
  });
});
