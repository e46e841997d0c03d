import { z } from "zod";
import { priceCart } from "~/domain/cart";
import { cartFromItems, type CartItem } from "~/domain/cart-items";
import { CustomerSchema, ShippingAddressSchema } from "~/domain/checkout";
import { ORDER_SOURCES } from "~/domain/order-sources";
import { loadCatalogueSnapshot } from "./catalogue-snapshot.server";
import { transition } from "./order-lifecycle.server";
import { OutOfStockError, placeOrder } from "./orders.server";
import type { AppServices } from "../../server/services";

export const ExternalOrderSchema = z.object({
  customer: CustomerSchema,
  shippingAddress: ShippingAddressSchema.optional(),
  source: z.enum(ORDER_SOURCES),
  externalReference: z.string().trim().max(120).optional(),
});

/**
 * Records an order taken elsewhere (phone, an external marketplace…): priced from the catalogue,
 * stock reserved exactly like checkout, payment recorded as external, confirmation mail queued.
 */
export async function recordExternalOrder(
  services: AppServices,
  input: z.infer<typeof ExternalOrderSchema> & { items: CartItem[] },
  actor: string,
): Promise<{ ok: true; orderId: string } | { ok: false; message: string }> {
  const { db } = services.database;
  const now = services.clock();
  const catalogue = await loadCatalogueSnapshot(db, { fresh: true }); // the owner sees stock as it is now
  const built = cartFromItems(input.items, catalogue, now);
  if ("problem" in built) return { ok: false, message: built.problem.message };
  const quote = priceCart(built.cart, catalogue);
  if (quote.requiresShipping && !input.shippingAddress)
    return { ok: false, message: "A shipping address is needed for physical items." };
  try {
    const { order } = await placeOrder(db, {
      cart: built.cart,
      quote,
      customer: input.customer,
      shippingAddress: quote.requiresShipping ? (input.shippingAddress ?? null) : null,
      paymentProvider: "external",
      source: input.source,
      now,
      reservationMinutes: services.config.reservationMinutes,
      secret: services.secret,
    });
    if (input.externalReference)
      await db
        .updateTable("orders")
        .set({ external_reference: input.externalReference })
        .where("id", "=", order.id)
        .execute();
    await transition(
      db,
      order,
      {
        type: "pay",
        reference: `external:${input.source}${input.externalReference ? `:${input.externalReference}` : ""}`,
      },
      { now, actor, shopEmail: services.config.shopEmail },
    );
    return { ok: true, orderId: order.id };
  } catch (err) {
    if (err instanceof OutOfStockError) return { ok: false, message: err.message };
    throw err;
  }
}
