import { fromNodeHeaders } from "better-auth/node";
import express, { Router, type RequestHandler } from "express";
import { DiscountCodeInputSchema } from "#app/domain/discount-codes";
import { UuidSchema } from "#app/domain/ids";
import { OrderActionSchema } from "#app/domain/order-actions";
import { getUser, type SessionUser } from "#app/models/accounts/session.server";
import { isAdmin } from "#app/models/back-office/access.server";
import { updateCatalogueItem, CatalogueUpdateSchema } from "#app/models/back-office/catalogue.server";
import { newsletterCsv } from "#app/models/back-office/community.server";
import { listMessageThreads } from "#app/models/back-office/messages.server";
import {
  ActionRefused,
  listOrderNotes,
  listOrders,
  OrderFiltersSchema,
  performOrderAction,
} from "#app/models/back-office/orders.server";
import { listOutbox } from "#app/models/back-office/outbox.server";
import { getDashboardStats } from "#app/models/back-office/stats.server";
import { addProductPhoto, MAX_PRODUCT_IMAGE_BYTES } from "#app/models/catalogue/catalogue-images.server";
import {
  createDiscountCode,
  discountCodeJson,
  endDiscountCode,
  listDiscountCodes,
} from "#app/models/orders/discount-codes.server";
import { orderJson } from "#app/models/orders/order-json";
import { OrderTransitionError } from "#app/models/orders/order-lifecycle.server";
import { getOrder } from "#app/models/orders/orders.server";
import { StorageError } from "#app/services/storage/storage.server";
import { ApiError } from "#server/errors";
import { parseBody } from "#server/validate";
import { sendStorageError } from "./media";
import type { AppServices } from "#server/services";

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Locals {
      admin?: SessionUser;
    }
  }
}

/** 401 without a session, 403 without the admin role — for every /api/admin endpoint. */
export function adminOnly(services: AppServices): RequestHandler {
  return async (req, res, next) => {
    const user = await getUser(services, fromNodeHeaders(req.headers));
    if (!user) return next(new ApiError(401, "Sign in as an administrator.", "unauthenticated"));
    if (!isAdmin(user)) return next(new ApiError(403, "This is for the shop's administrators.", "permission-denied"));
    res.locals.admin = user;
    next();
  };
}

export function adminRoutes(services: AppServices): Router {
  const router = Router();
  const { db } = services.database;
  router.use("/admin", adminOnly(services));

  router.get("/admin/stats", async (_req, res) => {
    res.json(await getDashboardStats(db, services.clock()));
  });

  router.get("/admin/orders", async (req, res) => {
    const filters = OrderFiltersSchema.parse(req.query);
    const result = await listOrders(db, filters);
    res.json(result);
  });

  router.get("/admin/orders/:id", async (req, res) => {
    const id = UuidSchema.safeParse(req.params.id);
    const order = id.success ? await getOrder(db, id.data) : null;
    if (!order) throw new ApiError(404, "No such order.");
    res.json({
      order: {
        ...orderJson(order),
        events: order.events,
        carrier: order.carrier,
        trackingNumber: order.trackingNumber,
      },
      notes: await listOrderNotes(db, order.id),
    });
  });

  router.patch("/admin/orders/:id", async (req, res) => {
    const id = UuidSchema.safeParse(req.params.id);
    if (!id.success) throw new ApiError(404, "No such order.");
    const action = parseBody(OrderActionSchema, req.body);
    try {
      const order = await performOrderAction(services, id.data, action, res.locals.admin!.email);
      res.json({ order: orderJson(order) });
    } catch (err) {
      if (err instanceof OrderTransitionError) throw new ApiError(409, err.message, "illegal-transition");
      if (err instanceof ActionRefused) throw new ApiError(409, err.message, "order-changed");
      throw err;
    }
  });

  router.patch("/admin/products/:id", async (req, res) => {
    const update = parseBody(CatalogueUpdateSchema, req.body);
    const item = await updateCatalogueItem(
      db,
      "product",
      String(req.params.id),
      update,
      res.locals.admin!.email,
      services.clock(),
    );
    if (!item) throw new ApiError(404, "No such product.");
    res.json({ product: item });
  });

  router.post(
    "/admin/products/:id/images",
    express.raw({ type: () => true, limit: MAX_PRODUCT_IMAGE_BYTES + 1024 }),
    async (req, res) => {
      try {
        // A draft: the storefront shows it once the owner publishes it in the back office.
        const added = await addProductPhoto(
          db,
          services.storage,
          String(req.params.id),
          Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
          services.clock(),
        );
        if (!added) throw new ApiError(404, "No such product.");
        res.status(201).json({ id: added.id, key: added.key, status: added.status });
      } catch (err) {
        if (err instanceof StorageError) return sendStorageError(res, err);
        throw err;
      }
    },
  );

  router.patch("/admin/bundles/:id", async (req, res) => {
    const update = parseBody(CatalogueUpdateSchema, req.body);
    if (update.quantity !== undefined)
      throw new ApiError(
        400,
        "A bundle has no stock of its own: change the stock of the products it is made of.",
        "bundle-stock-follows-contents",
      );
    if (update.subscribeSavingPercent !== undefined)
      throw new ApiError(
        400,
        "A kit is not offered on subscription: offer the products it is made of.",
        "bundle-not-subscribable",
        { subscribeSavingPercent: "A kit is not offered on subscription." },
      );
    const item = await updateCatalogueItem(
      db,
      "bundle",
      String(req.params.id),
      update,
      res.locals.admin!.email,
      services.clock(),
    );
    if (!item) throw new ApiError(404, "No such bundle.");
    res.json({ bundle: item });
  });

  router.get("/admin/discount-codes", async (_req, res) => {
    res.json({ codes: (await listDiscountCodes(db)).map(discountCodeJson) });
  });

  router.post("/admin/discount-codes", async (req, res) => {
    const input = parseBody(DiscountCodeInputSchema, req.body);
    const created = await createDiscountCode(db, input, res.locals.admin!.email, services.clock());
    if (created.kind === "exists")
      throw new ApiError(409, `There is already a code ${created.code}: codes are not case-sensitive.`, "code-exists");
    res.status(201).json({ code: discountCodeJson(created.code) });
  });

  // Ends a code now: orders that used it keep it; no one can use it from here on.
  router.post("/admin/discount-codes/:id/end", async (req, res) => {
    const id = Number(req.params.id);
    if (!Number.isSafeInteger(id) || id <= 0 || !(await endDiscountCode(db, id, services.clock())))
      throw new ApiError(404, "No such code.");
    const code = (await listDiscountCodes(db)).find((c) => c.id === id)!;
    res.json({ code: discountCodeJson(code) });
  });

  router.get("/admin/outbox", async (req, res) => {
    const status = typeof req.query.status === "string" ? req.query.status : undefined;
    res.json({ mail: await listOutbox(db, { status }, services.config) });
  });

  router.get("/admin/messages", async (_req, res) => {
    res.json({ messages: await listMessageThreads(db) });
  });

  router.get("/admin/newsletter.csv", async (_req, res) => {
    res.setHeader("Content-Type", "text/csv; charset=utf-8");
    res.setHeader("Content-Disposition", 'attachment; filename="newsletter-subscribers.csv"');
    res.send(await newsletterCsv(db));
  });

  return router;
}
