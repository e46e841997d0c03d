import { fromNodeHeaders } from "better-auth/node";
import { Router, type Response } from "express";
import { z } from "zod";
import { CheckoutRequestSchema, IdempotencyKeySchema } from "#app/domain/checkout";
import { codeFromCookie, codeSavedMessage, discountCodeCookie } from "#app/domain/discount-codes";
import { centsToDollars } from "#app/domain/money";
import { orderConfirmationPath } from "#app/domain/order-links";
import { getUser } from "#app/models/accounts/session.server";
import { declineKeys, declineWait, recordDecline } from "#app/models/orders/card-testing.server";
import {
  checkoutRequestHash,
  checkoutUseCase,
  completePaymentStep,
  withIdempotencyKey,
  type CheckoutAnswer,
  type CheckoutOutcome,
  type RefusalKind,
} from "#app/models/orders/checkout.server";
import { codeGuesses, TOO_MANY_GUESSES } from "#app/models/orders/discount-codes.server";
import { orderJson } from "#app/models/orders/order-json";
import { orderUrl } from "#app/models/orders/order-mails.server";
import { clientKey, getOrder, getOrderForToken, startPaymentStep } from "#app/models/orders/orders.server";
import { creditEmailOf } from "#app/models/orders/store-credit.server";
import { CHECKOUT_ATTEMPTS } from "#app/services/rate-limit.server";
import { ApiError, errorBody } from "#server/errors";
import { parseBody } from "#server/validate";
import type { AppServices } from "#server/services";

/** The status each kind of checkout refusal answers with (the envelope's code follows from it). */
const REFUSAL_STATUS = {
  invalid: 400,
  declined: 402,
  conflict: 409,
  limited: 429,
  unavailable: 503,
} as const satisfies Record<RefusalKind, number>;

/** The HTTP answer for a checkout's outcome: what is sent, and what its Idempotency-Key replays. */
function checkoutAnswer(outcome: CheckoutOutcome): CheckoutAnswer {
  if (outcome.kind === "refused") {
    const status = REFUSAL_STATUS[outcome.refusal];
    return {
      status,
      body: errorBody(status, outcome.message, outcome.reason),
      ...(outcome.retryAfterSeconds ? { retryAfterSeconds: outcome.retryAfterSeconds } : {}),
      ...(outcome.transient ? { transient: true } : {}),
    };
  }
  const { order } = outcome;
  const body = {
    order: orderJson(order),
    orderUrl: outcome.orderUrl,
    ...(order.discountCode
      ? {
          codeDiscount: centsToDollars(order.codeDiscountCents),
          codeResult: codeSavedMessage(order.discountCode, order.codeDiscountCents),
        }
      : {}),
  };
  if (outcome.challengeUrl)
    return { status: 201, body: { ...body, nextAction: { type: "three_d_secure", url: outcome.challengeUrl } } };
  if (outcome.clientSecret) return { status: 201, body: { ...body, clientSecret: outcome.clientSecret } };
  return { status: 201, body };
}

const CheckoutChallengeSchema = z.object({ token: z.string().min(16).max(64), outcome: z.enum(["complete", "fail"]) });
const PaymentStepSchema = z.object({ token: z.string().min(16).max(64) });

/**
 * The checkout's HTTP adapter: parses the request, runs the checkout use case
 * (app/models/orders/checkout.server.ts) under its Idempotency-Key, and answers. Card-testing limits
 * are per address, account and card, so they live here, applied once the key is held.
 */
export function checkoutRoutes(services: AppServices): Router {
  const router = Router();
  const { db } = services.database;

  router.post("/checkout", async (req, res) => {
    const key = IdempotencyKeySchema.safeParse(req.get("Idempotency-Key"));
    if (!key.success)
      throw new ApiError(
        400,
        "Send an Idempotency-Key header (8–200 letters, digits, _ . : -).",
        "idempotency-key-required",
      );
    const parsed = parseBody(CheckoutRequestSchema, req.body);
    // The code the body names, else the one the checkout page's form keeps in its cookie.
    const cookieCode = parsed.discountCode ? undefined : codeFromCookie(req.get("Cookie"));
    const body = cookieCode ? { ...parsed, discountCode: cookieCode } : parsed;
    const guesses = codeGuesses(services.rateLimiter, req.ip);
    if (body.discountCode && (await guesses.blocked())) throw new ApiError(429, TOO_MANY_GUESSES, "too-many-requests");
    const user = await getUser(services, fromNodeHeaders(req.headers));
    const address = req.ip ?? null;
    const card = body.payment?.card;
    // Declines count against the address, the account and the card; never the email. In test
    // mode every card is one of the documented test cards: their declines count against no one.
    const declineSubject = declineKeys(services.secret, {
      clientKey: address ? clientKey(services.secret, address) : null,
      userId: user?.id ?? null,
      cardNumber: card?.number ?? null,
    });
    const countsDeclines = services.payments.name !== "test";

    // Card testing: attempts per address; a growing wait after repeated declines.
    const admit = async (): Promise<CheckoutAnswer | null> => {
      const wait = await declineWait(services.rateLimiter, declineSubject);
      if (wait > 0)
        return {
          status: 429,
          body: errorBody(
            429,
            `Several payments were declined in a row. Please wait ${wait} seconds, then try again.`,
            "too-many-declines",
          ),
          retryAfterSeconds: wait,
        };
      const hit = await services.rateLimiter.hit(`checkout-ip:${address}`, CHECKOUT_ATTEMPTS);
      if (!hit.allowed)
        return {
          status: 429,
          body: errorBody(
            429,
            `Too many checkout attempts. Try again in ${Math.ceil(hit.retryAfterSeconds / 60)} minutes.`,
            "too-many-requests",
          ),
          retryAfterSeconds: hit.retryAfterSeconds,
        };
      return null;
    };
    const result = await withIdempotencyKey(
      services,
      key.data,
      checkoutRequestHash(body),
      async (hold) =>
        checkoutAnswer(
          await checkoutUseCase(
            services,
            body,
            hold,
            { userId: user?.id ?? null, address, creditEmail: creditEmailOf(user) },
            checkoutAnswer,
          ),
        ),
      admit,
    );
    if (result.kind === "refused") throw new ApiError(REFUSAL_STATUS[result.refusal], result.message, result.reason);
    const { answer } = result;
    if (result.tookOver)
      req.log?.warn(
        { idempotencyKey: key.data },
        "checkout: took over a claim whose lease ran out (its attempt died); continued its order, if any",
      );
    // Our lease ran out and a retry took over; it continued the same order, so the answers agree.
    if (result.lostClaim)
      req.log?.warn({ idempotencyKey: key.data }, "checkout: answered after a retry took over the claim");
    if (answer.status === 400 && !result.replayed)
      await guesses.count((answer.body as { error?: { reason?: string } }).error?.reason);
    // The page's kept code is spent on this order: the next checkout starts without it.
    if (cookieCode && answer.status === 201)
      res.append("Set-Cookie", discountCodeCookie(null, services.config.publicUrl.startsWith("https:")));
    if (answer.status === 402 && !result.replayed && countsDeclines)
      await recordDecline(services.rateLimiter, declineSubject);
    send(res, answer, result.replayed);
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
          orderUrl: orderConfirmationPath(order.id, token),
        });
      throw new ApiError(409, "This order can no longer be paid.", "order-closed");
    }
    // The issuer's answer is the charge's outcome: the checkout's last step completes the payment.
    const reference = order.paymentReference ?? `test_3ds_${order.id}`;
    const completed = await completePaymentStep(
      services,
      order,
      outcome === "fail"
        ? { status: "declined", reason: "authentication-failed", message: "", reference }
        : { status: "succeeded", reference },
      { actor: "checkout" },
    );
    if (completed.kind === "declined")
      throw new ApiError(
        402,
        "The card issuer could not confirm it's you. Your cart is still here: try again or use another card.",
        "authentication-failed",
      );
    if (completed.order.status !== "paid" && completed.order.status !== "delivered")
      throw new ApiError(409, "This order can no longer be paid.", "order-closed");
    res.json({ order: orderJson(completed.order), orderUrl: orderConfirmationPath(order.id, token) });
  });

  // The buyer was shown the payment form (Stripe's Payment Element): the short first hold becomes
  // the full reservation, so a slow buyer is not cut off while typing the card.
  router.post("/orders/:id/payment-step", async (req, res) => {
    const { token } = parseBody(PaymentStepSchema, req.body);
    const order = await getOrderForToken(db, String(req.params.id), token);
    if (!order) throw new ApiError(404, "No such order.");
    if (order.status !== "pending_payment" || !order.stockHeld)
      throw new ApiError(409, "This order can no longer be paid.", "order-closed");
    const now = services.clock();
    await startPaymentStep(db, order, now, services.config.reservationMinutes);
    const reservedUntil = (await getOrder(db, order.id))?.reservedUntil ?? null;
    if (!reservedUntil || Date.parse(reservedUntil) <= now.getTime())
      throw new ApiError(
        409,
        "This checkout ran out of time and nothing was charged. Your cart is unchanged: place the order again.",
        "order-closed",
      );
    res.json({ reservedUntil });
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

function send(res: Response, answer: CheckoutAnswer, replayed: boolean) {
  if (replayed) res.setHeader("Idempotent-Replayed", "true");
  if (answer.retryAfterSeconds) res.setHeader("Retry-After", String(answer.retryAfterSeconds));
  res.status(answer.status).json(answer.body);
}
