import { Router } from "express";
import { z } from "zod";
import { priceCart } from "#app/domain/cart";
import { cartFromItems, CartItemsSchema } from "#app/domain/cart-items";
import { loadCatalogueSnapshot } from "#app/models/catalogue/catalogue-snapshot.server";
import { quoteJson } from "#app/models/orders/cart-json";
import { ApiError } from "#server/errors";
import { parseBody } from "#server/validate";
import type { AppServices } from "#server/services";

const QuoteRequestSchema = z.object({ items: CartItemsSchema });

export function cartRoutes(services: AppServices): Router {
  const router = Router();

  // Prices come from the database only; any price the browser sends is ignored (not even read).
  router.post("/cart/quote", async (req, res) => {
    const { items } = parseBody(QuoteRequestSchema, req.body);
    const catalogue = await loadCatalogueSnapshot(services.database.db);
    const built = cartFromItems(items, catalogue, services.clock());
    if ("problem" in built) throw new ApiError(400, built.problem.message, built.problem.reason);
    res.json(quoteJson(priceCart(built.cart, catalogue)));
  });

  return router;
}
