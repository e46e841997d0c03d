import { Router } from "express";
import { z } from "zod";
import { priceCart } from "~/domain/cart";
import { cartFromItems, CartItemsSchema } from "~/domain/cart-items";
import { quoteJson } from "~/models/cart-json";
import { loadCatalogueSnapshot } from "~/models/catalogue-snapshot.server";
import { ApiError } from "../errors";
import { parseBody } from "../validate";
import type { AppServices } from "../services";

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
