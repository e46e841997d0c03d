import { Router } from "express";
import { z } from "zod";
import { getProduct, listBundles, listProducts } from "~/models/catalogue.server";
import { bundleJson, productJson } from "~/models/catalogue-json";
import { ApiError } from "../errors";
import type { AppServices } from "../services";

const IdSchema = z.string().min(1).max(100).regex(/^[a-z0-9-]+$/);

export function catalogueRoutes(services: AppServices): Router {
  const router = Router();
  const { db } = services.database;

  router.get("/products", async (_req, res) => {
    const now = services.clock();
    const products = await listProducts(db);
    res.json({ products: products.filter((p) => p.active).map((p) => productJson(p, now)) });
  });

  router.get("/products/:id", async (req, res) => {
    const id = IdSchema.safeParse(req.params.id);
    const product = id.success ? await getProduct(db, id.data) : null;
    if (!product || !product.active) throw new ApiError(404, `No product with id "${String(req.params.id).slice(0, 100)}".`);
    res.json({ product: productJson(product, services.clock()) });
  });

  router.get("/bundles", async (_req, res) => {
    const now = services.clock();
    const bundles = await listBundles(db);
    res.json({ bundles: bundles.filter((b) => b.active).map((b) => bundleJson(b, now)) });
  });

  return router;
}
