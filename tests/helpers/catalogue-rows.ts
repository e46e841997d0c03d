import { invalidateCatalogueSnapshot } from "#app/models/catalogue/catalogue-snapshot.server";
import type { Database } from "#database/schema";
import type { Kysely, Updateable } from "kysely";

/**
 * Changes a product row behind the back office's back, as a test's setup does, and forgets the
 * process's catalogue snapshot: without that, the next checkout in the same second prices and
 * validates against the row as it was (or, worse, a later test sees this one's sold-out stock).
 */
export async function setProductRow(
  db: Kysely<Database>,
  id: string,
  values: Updateable<Database["products"]>,
): Promise<void> {
  await db.updateTable("products").set(values).where("id", "=", id).execute();
  invalidateCatalogueSnapshot(db);
}
