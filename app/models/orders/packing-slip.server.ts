import { needsShipping } from "#app/domain/availability";
import { pickList } from "#app/domain/packing";
import { listOrderNotes } from "#app/models/back-office/orders.server";
import { weatherOf } from "#app/models/shipping/weather-holds.server";
import { parseJson } from "#database/values";
import { getOrder } from "./orders.server";
import type { FulfillmentType, ProductMetadata } from "#app/domain/catalogue";
import type { Database } from "#database/schema";
import type { Kysely } from "kysely";

/**
 * Everything the packing slip prints: the order, what to pick (kits and combos expanded into
 * their products) and the staff notes. A bundle's contents are read as the kit is defined now.
 */
export async function packingSlip(db: Kysely<Database>, orderId: string) {
  const order = await getOrder(db, orderId);
  if (!order) return null;
  const bundleIds = order.lines.flatMap((l) => (l.kind === "bundle" && l.id ? [l.id] : []));
  const components =
    bundleIds.length === 0
      ? []
      : await db
          .selectFrom("bundle_products")
          .select(["bundle_id", "product_id", "quantity"])
          .where("bundle_id", "in", bundleIds)
          .orderBy("bundle_id")
          .orderBy("position")
          .execute();
  const kits = new Map<string, { productId: string; quantity: number }[]>();
  for (const c of components) {
    const kit = kits.get(c.bundle_id) ?? [];
    kit.push({ productId: c.product_id, quantity: c.quantity });
    kits.set(c.bundle_id, kit);
  }
  const productIds = [
    ...new Set([
      ...components.map((c) => c.product_id),
      ...order.lines.flatMap((l) => l.productIds ?? []),
      ...order.lines.flatMap((l) => (l.kind === "product" && l.id ? [l.id] : [])),
    ]),
  ];
  const products =
    productIds.length === 0
      ? []
      : await db
          .selectFrom("products")
          .select(["id", "title", "fulfillment_type", "metadata"])
          .where("id", "in", productIds)
          .execute();
  const digital = new Set(
    products
      .filter(
        (p) =>
          !needsShipping({
            fulfillmentType: p.fulfillment_type as FulfillmentType,
            metadata: parseJson<ProductMetadata>(p.metadata, {}),
          }),
      )
      .map((p) => p.id),
  );
  const { pack } = await weatherOf(db, order);
  return {
    order,
    /** The heat or cold pack the morning's forecast put in this box. */
    pack,
    picks: pickList(order.lines, kits, new Map(products.map((p) => [p.id, p.title])), digital),
    notes: await listOrderNotes(db, order.id),
  };
}
