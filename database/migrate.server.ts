import { Migrator, type Kysely, type Migration, type MigrationResultSet } from "kysely";
import * as m0001 from "#database/migrations/0001-catalogue";
import * as m0002 from "#database/migrations/0002-orders";
import * as m0003 from "#database/migrations/0003-auth";
import * as m0004 from "#database/migrations/0004-newsletter-contact";
import * as m0005 from "#database/migrations/0005-admin";
import * as m0006 from "#database/migrations/0006-background-heartbeat";
import * as m0007 from "#database/migrations/0007-idempotency-lease";
import * as m0008 from "#database/migrations/0008-bundle-kits";
import * as m0010 from "#database/migrations/0010-order-lifecycle";
import * as m0011 from "#database/migrations/0011-product-photos";
import * as m0012 from "#database/migrations/0012-message-replies";
import * as m0013 from "#database/migrations/0013-guest-orders-to-accounts";
import * as m0014 from "#database/migrations/0014-order-holds";
import * as m0015 from "#database/migrations/0015-price-history";
import * as m0016 from "#database/migrations/0016-true-bundle-descriptions";
import * as m0017 from "#database/migrations/0017-history-at-scale-indexes";
import * as m0018 from "#database/migrations/0018-history-at-scale-item-sales";
import * as m0019 from "#database/migrations/0019-sales-by-day";
import * as m0020 from "#database/migrations/0020-customer-totals";
import * as m0021 from "#database/migrations/0021-ship-calendar";
import * as m0022 from "#database/migrations/0022-to-ship-index";
import * as m0023 from "#database/migrations/0023-weather-holds";
import * as m0024 from "#database/migrations/0024-claims";
import * as m0025 from "#database/migrations/0025-item-sales-by-day";
import * as m0026 from "#database/migrations/0026-orders-email-prefix";
import * as m0027 from "#database/migrations/0027-deliveries-by-day";
import * as m0028 from "#database/migrations/0028-fewer-order-indexes";
import * as m0029 from "#database/migrations/0029-customer-counts";
import * as m0030 from "#database/migrations/0030-customer-orders-in-order";
import * as m0031 from "#database/migrations/0031-waitlist";
import * as m0032 from "#database/migrations/0032-discount-codes";
import * as m0033 from "#database/migrations/0033-checkout-reminders";
import * as m0034 from "#database/migrations/0034-tanks";
import * as m0035 from "#database/migrations/0035-reorder-reminders";
import * as m0036 from "#database/migrations/0036-tank-counts-by-day";
import * as m0037 from "#database/migrations/0037-subscriptions";
import * as m0038 from "#database/migrations/0038-subscription-owner";
import * as m0039 from "#database/migrations/0039-subscription-renewals-live";

/**
 * One migration history for every table. Migrations are imported statically (not read from
 * a folder) so they travel inside the server bundle.
 */
export const migrations: Record<string, Migration> = {
  "0001-catalogue": m0001,
  "0002-orders": m0002,
  "0003-auth": m0003,
  "0004-newsletter-contact": m0004,
  "0005-admin": m0005,
  "0006-background-heartbeat": m0006,
  "0007-idempotency-lease": m0007,
  "0008-bundle-kits": m0008,
  "0010-order-lifecycle": m0010,
  "0011-product-photos": m0011,
  "0012-message-replies": m0012,
  "0013-guest-orders-to-accounts": m0013,
  "0014-order-holds": m0014,
  "0015-price-history": m0015,
  "0016-true-bundle-descriptions": m0016,
  "0017-history-at-scale-indexes": m0017,
  "0018-history-at-scale-item-sales": m0018,
  "0019-sales-by-day": m0019,
  "0020-customer-totals": m0020,
  "0021-ship-calendar": m0021,
  "0022-to-ship-index": m0022,
  "0023-weather-holds": m0023,
  "0024-claims": m0024,
  "0025-item-sales-by-day": m0025,
  "0026-orders-email-prefix": m0026,
  "0027-deliveries-by-day": m0027,
  "0028-fewer-order-indexes": m0028,
  "0029-customer-counts": m0029,
  "0030-customer-orders-in-order": m0030,
  "0031-waitlist": m0031,
  "0032-discount-codes": m0032,
  "0033-checkout-reminders": m0033,
  "0034-tanks": m0034,
  "0035-reorder-reminders": m0035,
  "0036-tank-counts-by-day": m0036,
  "0037-subscriptions": m0037,
  "0038-subscription-owner": m0038,
  "0039-subscription-renewals-live": m0039,
};

/**
 * `schema` names the PostgreSQL schema that holds the migration tables when the connection's
 * search path is not `public` (tests); without it Kysely would look for them in any schema.
 */
function migrator(db: Kysely<any>, schema?: string) {
  return new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
}

export async function migrateToLatest(db: Kysely<any>, schema?: string): Promise<MigrationResultSet> {
  const result = await migrator(db, schema).migrateToLatest();
  if (result.error) throw result.error instanceof Error ? result.error : new Error(JSON.stringify(result.error));
  return result;
}

export async function currentMigration(db: Kysely<any>, schema?: string): Promise<string | null> {
  const list = await migrator(db, schema).getMigrations();
  const executed = list.filter((m) => m.executedAt);
  return executed.at(-1)?.name ?? null;
}
