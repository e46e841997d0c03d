import { z } from "zod";
import { type CartItem } from "#app/domain/cart-items";
import { CustomerSchema, ShippingAddressSchema } from "#app/domain/checkout";
import { ORDER_SOURCES } from "#app/domain/order-sources";
import { PAID_ELSEWHERE } from "#app/domain/paid-elsewhere";
import { completePaymentStep, placeStep, priceStep } from "#app/models/orders/checkout.server";
import type { AppServices } from "#app/services/container";

export const ExternalOrderSchema = z.object({
  customer: CustomerSchema,
  shippingAddress: ShippingAddressSchema.optional(),
  source: z.enum(ORDER_SOURCES),
  externalReference: z.string().trim().max(120).optional(),
});

/**
 * Records an order taken elsewhere (phone, an external marketplace…) with the checkout's own
 * steps: priced from the catalogue as it is now, placed with stock reserved exactly like
 * checkout, and its payment completed as recorded elsewhere (the lifecycle queues the
 * confirmation). There is no charge step: the money was taken outside the shop.
 */
export async function recordExternalOrder(
  services: AppServices,
  input: z.infer<typeof ExternalOrderSchema> & { items: CartItem[] },
  actor: string,
): Promise<{ ok: true; orderId: string } | { ok: false; message: string }> {
  const priced = await priceStep(services, {
    items: input.items,
    shippingAddress: input.shippingAddress ?? null,
    fresh: true, // the owner sees stock as it is now
    paidElsewhere: true,
  });
  if (priced.kind === "refused")
    return {
      ok: false,
      message:
        priced.reason === "address-required" ? "A shipping address is needed for physical items." : priced.message,
    };
  const placed = await placeStep(services, priced, {
    customer: input.customer,
    shippingAddress: input.shippingAddress ?? null,
    source: input.source,
    paymentProvider: PAID_ELSEWHERE,
  });
  if (placed.kind !== "placed")
    return { ok: false, message: placed.kind === "out-of-stock" ? placed.message : "Try again." };
  const { order } = placed;
  if (input.externalReference)
    await services.database.db
      .updateTable("orders")
      .set({ external_reference: input.externalReference })
      .where("id", "=", order.id)
      .execute();
  const reference = `external:${input.source}${input.externalReference ? `:${input.externalReference}` : ""}`;
  await completePaymentStep(services, order, { status: "succeeded", reference }, { actor });
  return { ok: true, orderId: order.id };
}
