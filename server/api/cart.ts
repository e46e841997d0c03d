import { fromNodeHeaders } from "better-auth/node";
import { Router } from "express";
import { z } from "zod";
import { priceCart } from "#app/domain/cart";
import { cartFromItems, CartItemsSchema } from "#app/domain/cart-items";
import { ShippingAddressSchema } from "#app/domain/checkout";
import { codeFromCookie, DiscountCodeEntrySchema, withCodeDiscount } from "#app/domain/discount-codes";
import { centsToDollars } from "#app/domain/money";
import { ZIP_PATTERN } from "#app/domain/us-address";
import { getUser } from "#app/models/accounts/session.server";
import { loadCatalogueSnapshot } from "#app/models/catalogue/catalogue-snapshot.server";
import { quoteJson } from "#app/models/orders/cart-json";
import { applyDiscountCode } from "#app/models/orders/checkout.server";
import { codeGuesses, TOO_MANY_GUESSES } from "#app/models/orders/discount-codes.server";
import { creditEmailOf, creditToSpend } from "#app/models/orders/store-credit.server";
import { deliveryFor, destinationState } from "#app/models/shipping/ship-calendar.server";
import { ApiError } from "#server/errors";
import { parseBody } from "#server/validate";
import type { AppServices } from "#server/services";

const QuoteRequestSchema = z.object({
  items: CartItemsSchema,
  // Where the box goes, as far as the buyer has typed it: a ZIP is enough for ship and arrival days.
  shippingAddress: ShippingAddressSchema.partial().optional(),
  postalCode: z.string().trim().regex(ZIP_PATTERN, "Enter a 5-digit ZIP code, or ZIP+4 like 33602-1234").optional(),
  discountCode: DiscountCodeEntrySchema.optional(),
});

export function cartRoutes(services: AppServices): Router {
  const router = Router();

  // Prices come from the database only; any price the browser sends is ignored (not even read).
  router.post("/cart/quote", async (req, res) => {
    const { items, shippingAddress, postalCode, discountCode } = parseBody(QuoteRequestSchema, req.body);
    const catalogue = await loadCatalogueSnapshot(services.database.db);
    const now = services.clock();
    const built = cartFromItems(items, catalogue, now);
    if ("problem" in built) throw new ApiError(400, built.problem.message, built.problem.reason);
    let quote = priceCart(built.cart, catalogue);
    // The code the body names, else the one the checkout page's form keeps in its cookie.
    const typed = discountCode ?? codeFromCookie(req.get("Cookie"));
    let code: { discountCode: string; codeResult: string } | null = null;
    if (typed) {
      const guesses = codeGuesses(services.rateLimiter, req.ip);
      if (await guesses.blocked()) throw new ApiError(429, TOO_MANY_GUESSES, "too-many-requests");
      const applied = await applyDiscountCode(services, typed, quote);
      if (applied.kind === "refused") {
        await guesses.count(applied.reason);
        throw new ApiError(400, applied.message, applied.reason);
      }
      code = { discountCode: applied.code.code, codeResult: applied.code.message };
      quote = withCodeDiscount(quote, applied.code.cents);
    }
    // A signed-in buyer's store credit, as the checkout will spend it: the summary shows what is left to pay.
    const user = await getUser(services, fromNodeHeaders(req.headers));
    const credit = await creditToSpend(services.database.db, creditEmailOf(user), quote.total);
    const priced = {
      ...quoteJson(quote),
      ...code,
      ...(credit > 0 ? { storeCredit: centsToDollars(credit), toPay: centsToDollars(quote.total - credit) } : {}),
    };
    const destination = { ...shippingAddress, ...(postalCode ? { postalCode } : {}) };
    if (!destination.state && !destination.postalCode) return void res.json(priced);
    const state = await destinationState(destination);
    const delivery = await deliveryFor(services.database.db, {
      quote,
      catalogue,
      state,
      timeZone: services.config.shopTimeZone,
      now,
    });
    res.json({ ...priced, delivery });
  });

  return router;
}
