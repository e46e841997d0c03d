import crypto from "node:crypto";
import { fromNodeHeaders } from "better-auth/node";
import { Router, type Response } from "express";
import { z } from "zod";
import { priceCart } from "~/domain/cart";
import { cartFromItems } from "~/domain/cart-items";
import {
  CheckoutRequestSchema,
  IdempotencyKeySchema,
  paymentIdempotencyKey,
  type CheckoutRequest,
} from "~/domain/checkout";
import { checkTestCard, normaliseCardNumber, type CardProblem } from "~/domain/test-cards";
import { loadCatalogueSnapshot } from "~/models/catalogue-snapshot.server";
import { abandonIdempotent, beginIdempotent, finishIdempotent } from "~/models/idempotency.server";
import { orderJson } from "~/models/order-json";
import { transitionIfAllowed } from "~/models/order-lifecycle.server";
import { orderUrl } from "~/models/order-mails.server";
import {
  findOrderByIdempotencyKey,
  getOrderForToken,
  IdempotentOrderExistsError,
  orderToken,
  OutOfStockError,
  placeOrder,
  setPaymentReference,
} from "~/models/orders.server";
import { CHECKOUT_ATTEMPTS, CHECKOUT_DECLINES } from "~/models/rate-limit.server";
import { getUser } from "~/models/session.server";
import { DECLINE_MESSAGES } from "~/services/payments/provider";
import { ApiError, errorBody } from "../errors";
import { parseBody } from "../validate";
import type { AppServices } from "../services";
import type { Order } from "~/models/order-types";

const CARD_PROBLEMS: Record<CardProblem, string> = {
  "invalid-number": "The card number is not valid.",
  "not-a-test-card": "This shop is in test mode: use one of the test card numbers shown on the checkout page.",
  "invalid-expiry": "The expiry date is not valid.",
  "card-expired": "This card has expired.",
  "invalid-cvc": "The security code (CVC) must be 3 or 4 digits.",
};

const CheckoutChallengeSchema = z.object({ token: z.string().min(16).max(64), outcome: z.enum(["complete", "fail"]) });

type Card = NonNullable<NonNullable<CheckoutRequest["payment"]>["card"]>;

interface Answer {
  status: number;
  body: unknown;
}

/** This request's hold on its Idempotency-Key; `stored` once its answer is stored for replays. */
interface KeyHold {
  key: string;
  scopedKey: string;
  claim: string;
  stored: boolean;
}

/** A request fingerprint for idempotency that never includes the card number itself. */
export function checkoutRequestHash(body: CheckoutRequest): string {
  const card = body.payment?.card;
  const safe = {
    ...body,
    payment: card
      ? { last4: normaliseCardNumber(card.number).slice(-4), expMonth: card.expMonth, expYear: card.expYear }
      : null,
  };
  return crypto.createHash("sha256").update(JSON.stringify(safe)).digest("hex");
}

export function checkoutRoutes(services: AppServices): Router {
  const router = Router();
  const { db } = services.database;

  /**
   * Charges a pending order and answers as a checkout does. The payment key is the order's own
   * (paymentIdempotencyKey): when a retry continues an order whose first attempt died after the
   * charge, the provider answers that charge again instead of charging twice.
   */
  async function payOrder(order: Order, hold: KeyHold, card: Card | undefined): Promise<Answer> {
    const { key } = hold;
    const token = orderToken(services.secret, order.id);
    const url = `/order-confirmation?order=${order.id}&token=${token}`;
    // No transaction or lock is held while the provider works.
    const result = await services.payments.charge({
      orderId: order.id,
      orderNumber: order.number,
      amountCents: order.totalCents,
      currency: order.currency,
      email: order.email,
      idempotencyKey: paymentIdempotencyKey(key, order.id),
      card,
    });

    switch (result.status) {
      case "succeeded": {
        let answer: Answer | undefined;
        let stored = false;
        const paid = await transitionIfAllowed(
          db,
          order,
          { type: "pay", reference: result.reference },
          {
            now: services.clock(),
            actor: "checkout",
            shopEmail: services.config.shopEmail,
            // The answer is stored in the payment's own transaction: one commit fewer, and a
            // crash right after it leaves a replayable answer rather than a takeover.
            alsoInTransaction: async (trx, paidOrder) => {
              answer = { status: 201, body: { order: orderJson(paidOrder), orderUrl: url } };
              stored = await finishIdempotent(trx, hold.scopedKey, hold.claim, answer.status, answer.body);
            },
          },
        );
        hold.stored = stored;
        return answer ?? { status: 201, body: { order: orderJson(paid.order!), orderUrl: url } };
      }
      case "requires_action": {
        await setPaymentReference(db, order.id, result.reference);
        return {
          status: 201,
          body: {
            order: orderJson(order),
            orderUrl: url,
            nextAction: { type: "three_d_secure", url: `/checkout/challenge?order=${order.id}&token=${token}` },
          },
        };
      }
      case "pending": {
        await setPaymentReference(db, order.id, result.reference);
        return { status: 201, body: { order: orderJson(order), orderUrl: url, clientSecret: result.clientSecret } };
      }
      case "declined": {
        // An attempt on the pending order, not a cancelled order: the customer keeps the cart and
        // may retry with another card; this attempt's stock goes back now.
        await transitionIfAllowed(
          db,
          order,
          { type: "decline", reason: result.reason, reference: result.reference ?? null },
          { now: services.clock(), actor: "checkout", shopEmail: services.config.shopEmail },
        );
        return { status: 402, body: errorBody(402, result.message, result.reason) };
      }
    }
  }

  /**
   * The answer for an order an earlier attempt of this checkout placed (it died or failed before
   * storing its answer): a paid one is answered as it is, an unpaid one is paid now; null when it
   * was cancelled or expired, and a new order is placed.
   */
  async function continueOrder(order: Order, hold: KeyHold, card: Card | undefined): Promise<Answer | null> {
    switch (order.status) {
      case "pending_payment":
        // Its attempt was declined (the answer was lost): the same answer again.
        if (!order.stockHeld) {
          const reason = order.paymentFailure ?? "card-declined";
          const message = DECLINE_MESSAGES[reason] ?? DECLINE_MESSAGES["card-declined"]!;
          return { status: 402, body: errorBody(402, message, reason) };
        }
        return payOrder(order, hold, card);
      case "cancelled":
      case "expired":
        return null;
      default: {
        const url = `/order-confirmation?order=${order.id}&token=${orderToken(services.secret, order.id)}`;
        return { status: 201, body: { order: orderJson(order), orderUrl: url } };
      }
    }
  }

  /** The answer for the order an earlier attempt of this checkout placed, if it is still good. */
  async function continueEarlier(hold: KeyHold, card: Card | undefined): Promise<Answer | null> {
    const earlier = await findOrderByIdempotencyKey(db, hold.scopedKey);
    return earlier ? continueOrder(earlier, hold, card) : null;
  }

  /**
   * `fresh`: this request's claim on the key is new. An earlier order under the key is then rare
   * (its attempt failed and gave the key up), so it is looked for only when this attempt cannot
   * go on by itself: a cart that no longer validates, or placeOrder meeting the key's index.
   */
  async function checkout(
    body: CheckoutRequest,
    hold: KeyHold,
    userId: string | null,
    fresh: boolean,
  ): Promise<Answer> {
    const card = body.payment?.card;
    if (!fresh) {
      const continued = await continueEarlier(hold, card);
      if (continued) return continued;
    }
    const answer = await placeAndPay(body, hold, userId, card);
    if (!fresh || answer.status < 400 || answer.status === 402) return answer;
    return (await continueEarlier(hold, card)) ?? answer;
  }

  async function placeAndPay(
    body: CheckoutRequest,
    hold: KeyHold,
    userId: string | null,
    card: Card | undefined,
  ): Promise<Answer> {
    const now = services.clock();
    const catalogue = await loadCatalogueSnapshot(db);
    const built = cartFromItems(body.items, catalogue, now);
    if ("problem" in built) {
      const status = built.problem.reason === "out-of-stock" ? 409 : 400;
      return { status, body: errorBody(status, built.problem.message, built.problem.reason) };
    }
    const quote = priceCart(built.cart, catalogue);
    if (quote.requiresShipping && !body.shippingAddress) {
      return {
        status: 400,
        body: errorBody(400, "A shipping address is required for physical items.", "address-required"),
      };
    }

    if (services.payments.name === "test") {
      if (!card) return { status: 400, body: errorBody(400, "Card details are required.", "card-required") };
      const checked = checkTestCard(card, now);
      if (!checked.ok) return { status: 400, body: errorBody(400, CARD_PROBLEMS[checked.problem], checked.problem) };
    }

    let placed;
    try {
      placed = await placeOrder(db, {
        cart: built.cart,
        quote,
        customer: body.customer,
        shippingAddress: quote.requiresShipping ? (body.shippingAddress ?? null) : null,
        paymentProvider: services.payments.name,
        userId,
        now,
        reservationMinutes: services.config.reservationMinutes,
        secret: services.secret,
        idempotencyKey: hold.scopedKey,
      });
    } catch (err) {
      if (err instanceof OutOfStockError) return { status: 409, body: errorBody(409, err.message, "out-of-stock") };
      if (err instanceof IdempotentOrderExistsError) {
        // The attempt we took over from was alive after all and placed its order meanwhile: continue that one.
        const answer = await continueEarlier(hold, card);
        if (answer) return answer;
      }
      throw err;
    }
    return payOrder(placed.order, hold, card);
  }

  router.post("/checkout", async (req, res) => {
    const key = IdempotencyKeySchema.safeParse(req.get("Idempotency-Key"));
    if (!key.success)
      throw new ApiError(
        400,
        "Send an Idempotency-Key header (8–200 letters, digits, _ . : -).",
        "idempotency-key-required",
      );
    const body = parseBody(CheckoutRequestSchema, req.body);
    const scopedKey = `checkout:${key.data}`;
    const start = await beginIdempotent(
      db,
      scopedKey,
      checkoutRequestHash(body),
      services.clock(),
      services.config.idempotencyLeaseMs,
    );
    if (start.kind === "reused")
      throw new ApiError(
        409,
        "This Idempotency-Key was already used for a different request.",
        "idempotency-key-reused",
      );
    if (start.kind === "in-progress")
      throw new ApiError(409, "A request with this Idempotency-Key is still being processed.", "request-in-progress");
    if (start.kind === "replay") return send(res, { status: start.status, body: start.body }, true);
    const { claim } = start;
    const hold: KeyHold = { key: key.data, scopedKey, claim, stored: false };
    if (start.kind === "takeover")
      req.log?.warn(
        { idempotencyKey: key.data },
        "checkout: took over a claim whose lease ran out (its attempt died); continuing its order, if any",
      );

    // Card testing: limit attempts per address and per email; pause both after repeated declines.
    const email = body.customer.email.toLowerCase();
    const keys = [`checkout-ip:${req.ip}`, `checkout-email:${email}`];
    const declineKeys = [`declines-ip:${req.ip}`, `declines-email:${email}`];
    for (const k of declineKeys) {
      if (await services.rateLimiter.isBlocked(k, CHECKOUT_DECLINES)) {
        await abandonIdempotent(db, scopedKey, claim);
        throw new ApiError(
          429,
          "Too many declined payments. Please wait 30 minutes or contact us.",
          "too-many-declines",
        );
      }
    }
    for (const k of keys) {
      const hit = await services.rateLimiter.hit(k, CHECKOUT_ATTEMPTS);
      if (!hit.allowed) {
        await abandonIdempotent(db, scopedKey, claim);
        throw new ApiError(
          429,
          `Too many checkout attempts. Try again in ${Math.ceil(hit.retryAfterSeconds / 60)} minutes.`,
          "too-many-requests",
        );
      }
    }

    let answer: Answer;
    try {
      const user = await getUser(services, fromNodeHeaders(req.headers));
      answer = await checkout(body, hold, user?.id ?? null, start.kind === "new");
    } catch (err) {
      await abandonIdempotent(db, scopedKey, claim).catch(() => {});
      throw err;
    }
    if (answer.status === 402) for (const k of declineKeys) await services.rateLimiter.hit(k, CHECKOUT_DECLINES);
    const stored = hold.stored || (await finishIdempotent(db, scopedKey, claim, answer.status, answer.body));
    // Our lease ran out and a retry took over; it continued the same order, so the answers agree.
    if (!stored) req.log?.warn({ idempotencyKey: key.data }, "checkout: answered after a retry took over the claim");
    send(res, answer, false);
  });

  // The 3-D Secure challenge of the test provider: "complete" pays the order, "fail" declines it.
  router.post("/orders/:id/challenge", async (req, res) => {
    const { token, outcome } = parseBody(CheckoutChallengeSchema, req.body);
    const order = await getOrderForToken(db, String(req.params.id), token);
    if (!order || services.payments.name !== "test") throw new ApiError(404, "No such order.");
    if (order.status !== "pending_payment" || !order.stockHeld) {
      if (order.status === "paid" || order.status === "delivered")
        return void res.json({
          order: orderJson(order),
          orderUrl: `/order-confirmation?order=${order.id}&token=${token}`,
        });
      throw new ApiError(409, "This order can no longer be paid.", "order-closed");
    }
    const ctx = { now: services.clock(), actor: "checkout", shopEmail: services.config.shopEmail };
    if (outcome === "fail") {
      // A failed challenge is a declined attempt on the pending order; its stock goes back.
      await transitionIfAllowed(db, order, { type: "decline", reason: "authentication-failed" }, ctx);
      throw new ApiError(
        402,
        "The card issuer could not confirm it's you. Your cart is still here: try again or use another card.",
        "authentication-failed",
      );
    }
    const paid = await transitionIfAllowed(
      db,
      order,
      { type: "pay", reference: order.paymentReference ?? `test_3ds_${order.id}` },
      ctx,
    );
    if (!paid.order || (paid.order.status !== "paid" && paid.order.status !== "delivered"))
      throw new ApiError(409, "This order can no longer be paid.", "order-closed");
    res.json({ order: orderJson(paid.order), orderUrl: `/order-confirmation?order=${order.id}&token=${token}` });
  });

  router.get("/orders/:id", async (req, res) => {
    const token = typeof req.query.token === "string" ? req.query.token : "";
    const order = await getOrderForToken(db, String(req.params.id), token);
    if (!order) throw new ApiError(404, "No such order.");
    res.json({
      order: orderJson(order),
      orderUrl: orderUrl(services.config, services.secret, order.id).replace(services.config.publicUrl, ""),
    });
  });

  return router;
}

function send(res: Response, answer: Answer, replayed: boolean) {
  if (replayed) res.setHeader("Idempotent-Replayed", "true");
  res.status(answer.status).json(answer.body);
}
