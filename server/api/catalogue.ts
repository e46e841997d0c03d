import { Router } from "express";
import { z } from "zod";
import { bundleJson, productJson } from "#app/models/catalogue/catalogue-json";
import { loadCatalogueSnapshot } from "#app/models/catalogue/catalogue-snapshot.server";
import { getProduct } from "#app/models/catalogue/catalogue.server";
import { ApiError } from "#server/errors";
import type { AppServices } from "#server/services";

const IdSchema = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[a-z0-9-]+$/);

export function catalogueRoutes(services: AppServices): Router {
  const router = Router();
  const { db } = services.database;

  // The list and bundles come from the shared catalogue snapshot (at most a second old, as the
  // prices a checkout charges: docs/decisions/011-checkout-hot-path.md).
  router.get("/products", async (_req, res) => {
    const now = services.clock();
    const { products } = await loadCatalogueSnapshot(db);
    res.json({ products: products.map((p) => productJson(p, now)) });
  });

  router.get("/products/:id", async (req, res) => {
    const id = IdSchema.safeParse(req.params.id);
    const product = id.success ? await getProduct(db, id.data) : null;
    if (!product || !product.active)
      throw new ApiError(404, `No product with id "${String(req.params.id).slice(0, 100)}".`);
    res.json({ product: productJson(product, services.clock()) });
  });

  router.get("/bundles", async (_req, res) => {
    const now = services.clock();
    const { bundles } = await loadCatalogueSnapshot(db);
    res.json({ bundles: bundles.map((b) => bundleJson(b, now)) });
  });

  return router;
}
