import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "#app/domain/clock";
import { buy } from "../helpers/checkout-client";
import { testDatabaseKind } from "../helpers/test-database";
import { createTestServices, startTestServer } from "../helpers/test-services";
import type { AppServices } from "#server/services";
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from "kysely";

/**
 * The statements one paid checkout sends to the database. On PostgreSQL every statement is a
 * round trip that costs both processes a wake-up, and at 200 orders/s on two cores they were the
 * largest cost of a checkout (bench/results): this guards the count, so that a change adding
 * reads to the hot path shows up here rather than as a slower bench. BEGIN and COMMIT are not
 * counted (they do not pass through Kysely's plugins); a paid checkout commits three times.
 */

class StatementLog implements KyselyPlugin {
  readonly statements: string[] = [];
  recording = false;
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (this.recording) this.statements.push(statementOf(args.node));
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

/** "insert orders", "update products", …: the kind of statement and its table. */
function statementOf(node: RootOperationNode): string {
  const n = node as {
    kind: string;
    into?: { table: { identifier: { name: string } } };
    table?: { table: { identifier: { name: string } } };
    from?: { froms: { table: { identifier: { name: string } } }[] };
  };
  const table =
    n.into?.table.identifier.name ?? n.table?.table.identifier.name ?? n.from?.froms[0]?.table.identifier.name ?? "?";
  return `${n.kind.replace("QueryNode", "").toLowerCase()} ${table}`;
}
const NOW = new Date("2026-11-21T12:00:00Z");

describe(`the statements of one paid checkout, on ${testDatabaseKind()}`, () => {
  let services: AppServices;
  let server: { url: string; close(): Promise<void> };
  const log = new StatementLog();

  beforeAll(async () => {
    services = await createTestServices({ clock: fixedClock(NOW) });
    services.database.db = services.database.db.withPlugin(log);
    server = await startTestServer(services);
  });
  afterAll(async () => {
    await server?.close();
    await services?.database.destroy();
  });

  it("are these sixteen (plus BEGIN/COMMIT of two transactions): no order is read back", async () => {
    // A first checkout warms the catalogue snapshot every checkout of the next second shares.
    expect((await buy(server.url, [{ kind: "product", id: "premium-chaeto", quantity: 1 }])).status).toBe(201);
    log.recording = true;
    const res = await buy(server.url, [
      { kind: "product", id: "premium-chaeto", quantity: 1 },
      { kind: "product", id: "refugium-starter-kit", quantity: 1 },
    ]);
    log.recording = false;
    expect(res.status).toBe(201);
    expect(log.statements).toEqual([
      "insert idempotency_keys", // the claim (its own commit: it must hold before any work)
      "select orders", // the units this buyer already holds unpaid (one indexed read, no lock)
      // placeOrder's transaction
      "insert orders",
      "insert order_lines",
      "insert order_events",
      "insert stock_movements",
      "update products",
      "update products",
      // markOrderPaid's transaction, with the stored answer
      "update orders",
      "insert order_events",
      "insert item_sales", // the running units-sold totals the paid order moves, in one statement
      "insert item_sales_by_day", // each item's running units and cents of the day, in one statement
      "insert sales_by_day", // the day's running revenue, orders and units, in one statement
      "insert customer_totals", // the buyer's running orders, spent and last order, in one statement
      "insert outbox",
      "update idempotency_keys",
    ]);
  });
});
