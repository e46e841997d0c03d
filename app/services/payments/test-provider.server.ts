import crypto from "node:crypto";
import fs from "node:fs";
import {
  cardLabel,
  checkTestCard,
  savedTestCardOutcome,
  TEST_CARDS,
  normaliseCardNumber,
} from "#app/domain/test-cards";
import {
  DECLINE_MESSAGES,
  type ChargeInput,
  type ChargeResult,
  type PaymentProvider,
  type SavedMethod,
} from "./provider";

/** One charge as the test provider remembers it, under its idempotency key. */
export interface TestCharge {
  idempotencyKey: string;
  orderId: string;
  amountCents: number;
  result: ChargeResult;
  /** How many charge requests carried this key (the first one charged, the others were answered from here). */
  requests: number;
}

/** One refund as the test provider remembers it, under its idempotency key. */
export interface TestRefund {
  idempotencyKey: string;
  reference: string;
  amountCents: number;
  refundId: string;
  requests: number;
}

export interface TestPaymentProvider extends PaymentProvider {
  readonly name: "test";
  /** The charges this process made, oldest first (for tests and diagnostics). */
  charges(): TestCharge[];
  /** The refunds it made, oldest first: one per idempotency key, however often it was asked. */
  refunds(): TestRefund[];
}

export interface TestProviderOptions {
  /**
   * A JSON-lines file of every charge and refund: read at start, so that a key seen by a
   * process that died is remembered by the next one, as Stripe would (crash drills).
   */
  ledgerFile?: string | null;
  /**
   * Waits this long after acting and before answering, like a provider whose answer is slow to
   * come back: crash drills kill the process meanwhile, when the charge or refund is done at
   * the provider but not yet recorded by the shop.
   */
  delayMs?: number;
}

interface SavedBy {
  reference: string;
  method: SavedMethod;
}

/** Like Stripe's 24-hour key window, but bounded by count: a long demo or soak run must not grow without end. */
const REMEMBERED_CHARGES = 10_000;

/**
 * Offline provider for development, demos and tests: Stripe's published test numbers only,
 * with their documented outcomes. The caller has already validated the card with checkTestCard.
 *
 * Like Stripe, it dedupes by idempotency key: a second charge with a key it has seen answers
 * the first result again and charges nothing, and the same key with another order or amount is
 * refused. Its memory is the process's: a charge made by a process that then died is not
 * remembered by the next one (the reference, derived from the key, is the same all the same).
 */
export function createTestProvider(now: () => Date, options: TestProviderOptions = {}): TestPaymentProvider {
  const ledger = new Map<string, TestCharge>();
  const refunds = new Map<string, TestRefund>();
  // The card a payment kept for later, by the payment's reference: a documented test
  // PaymentMethod id and a label, never the number.
  const savedBy = new Map<string, SavedMethod>();
  const file = options.ledgerFile ?? null;
  if (file && fs.existsSync(file)) {
    for (const line of fs.readFileSync(file, "utf8").split("\n")) {
      if (!line.trim()) continue;
      const entry = JSON.parse(line) as { charge?: TestCharge; refund?: TestRefund; saved?: SavedBy };
      if (entry.charge) ledger.set(entry.charge.idempotencyKey, entry.charge);
      if (entry.refund) refunds.set(entry.refund.idempotencyKey, entry.refund);
      if (entry.saved) savedBy.set(entry.saved.reference, entry.saved.method);
    }
  }
  // Appended synchronously before answering: a kill after this line means the provider did it.
  const remember = (entry: { charge?: TestCharge; refund?: TestRefund; saved?: SavedBy }) =>
    file && fs.appendFileSync(file, `${JSON.stringify(entry)}\n`);
  const pause = () => (options.delayMs ? new Promise((r) => setTimeout(r, options.delayMs)) : null);

  const customerFor = (email: string) =>
    `test_cus_${crypto.createHash("sha256").update(email.toLowerCase()).digest("hex").slice(0, 16)}`;
  const keepable = (number: string, email: string): SavedMethod | null => {
    const card = TEST_CARDS[normaliseCardNumber(number)];
    return card?.saved
      ? { customer: customerFor(email), paymentMethod: card.saved.paymentMethod, label: cardLabel(number) }
      : null;
  };

  /** The first answer again for a key seen before (nothing charged twice), as Stripe does. */
  function replayed(input: { idempotencyKey: string; orderId: string; amountCents: number }): ChargeResult | null {
    const seen = ledger.get(input.idempotencyKey);
    if (!seen) return null;
    // Stripe's answer to a key reused with other parameters (an idempotency_error).
    if (seen.orderId !== input.orderId || seen.amountCents !== input.amountCents)
      throw new Error(`Test payments: idempotency key ${input.idempotencyKey} was first used for another charge`);
    seen.requests++;
    return seen.result;
  }

  function decide(input: ChargeInput): ChargeResult {
    if (!input.card) return { status: "declined", reason: "card-declined", message: "A card is required." };
    const checked = checkTestCard(input.card, now());
    if (!checked.ok) return { status: "declined", reason: checked.problem, message: "This card cannot be used." };
    const reference = `test_pi_${crypto.createHash("sha256").update(input.idempotencyKey).digest("hex").slice(0, 24)}`;
    switch (checked.outcome.kind) {
      case "succeeded":
        return { status: "succeeded", reference };
      case "requires-action":
        return { status: "requires_action", reference };
      case "declined":
        return {
          status: "declined",
          reason: checked.outcome.reason,
          message: DECLINE_MESSAGES[checked.outcome.reason]!,
          reference,
        };
    }
  }

  return {
    name: "test",
    async charge(input: ChargeInput): Promise<ChargeResult> {
      const seen = replayed(input);
      if (seen) return seen;
      let result = decide(input);
      // Kept only by a payment that went through (or may, after 3-D Secure), as Stripe does.
      const kept =
        input.saveForLater && input.card && result.status !== "declined"
          ? keepable(input.card.number, input.email)
          : null;
      if (kept && (result.status === "succeeded" || result.status === "requires_action")) {
        result = { ...result, saved: kept };
        savedBy.set(result.reference, kept);
      }
      const charge = {
        idempotencyKey: input.idempotencyKey,
        orderId: input.orderId,
        amountCents: input.amountCents,
        result,
        requests: 1,
      };
      ledger.set(input.idempotencyKey, charge);
      remember({ charge });
      if (kept && "reference" in result && result.reference)
        remember({ saved: { reference: result.reference, method: kept } });
      await pause();
      if (ledger.size > REMEMBERED_CHARGES) ledger.delete(ledger.keys().next().value!);
      return result;
    },
    async refund({ reference, amountCents, idempotencyKey }) {
      const seen = refunds.get(idempotencyKey);
      if (seen) {
        if (seen.reference !== reference || seen.amountCents !== amountCents)
          throw new Error(`Test payments: idempotency key ${idempotencyKey} was first used for another refund`);
        seen.requests++;
        return { refundId: seen.refundId, status: "succeeded" };
      }
      const refundId = `test_re_${crypto.createHash("sha256").update(idempotencyKey).digest("hex").slice(0, 24)}`;
      const refund = { idempotencyKey, reference, amountCents, refundId, requests: 1 };
      refunds.set(idempotencyKey, refund);
      remember({ refund });
      await pause();
      return { refundId, status: "succeeded" };
    },
    async savedMethodOf(reference) {
      return savedBy.get(reference) ?? null;
    },
    async saveCard({ email, card }) {
      const checked = checkTestCard(card, now());
      if (!checked.ok) return { ok: false, reason: checked.problem, message: "This card cannot be used." };
      const method = keepable(card.number, email);
      if (!method) {
        const reason = checked.outcome.kind === "declined" ? checked.outcome.reason : "card-declined";
        return { ok: false, reason, message: DECLINE_MESSAGES[reason] ?? DECLINE_MESSAGES["card-declined"]! };
      }
      return { ok: true, method };
    },
    async chargeSaved(input) {
      const seen = replayed(input);
      if (seen) return seen;
      const reference = `test_pi_${crypto.createHash("sha256").update(input.idempotencyKey).digest("hex").slice(0, 24)}`;
      const outcome = savedTestCardOutcome(input.method.paymentMethod);
      const result: ChargeResult =
        outcome?.kind === "succeeded"
          ? { status: "succeeded", reference }
          : outcome?.kind === "requires-action"
            ? { status: "requires_action", reference }
            : {
                status: "declined",
                reason: outcome?.kind === "declined" ? outcome.reason : "card-declined",
                message: DECLINE_MESSAGES[outcome?.kind === "declined" ? outcome.reason : "card-declined"]!,
                reference,
              };
      const charge = {
        idempotencyKey: input.idempotencyKey,
        orderId: input.orderId,
        amountCents: input.amountCents,
        result,
        requests: 1,
      };
      ledger.set(input.idempotencyKey, charge);
      remember({ charge });
      // A renewal that passes 3-D Secure keeps the same card.
      if (result.status === "requires_action") {
        savedBy.set(reference, input.method);
        remember({ saved: { reference, method: input.method } });
      }
      await pause();
      return result;
    },
    async lookup(idempotencyKey) {
      return ledger.get(idempotencyKey)?.result ?? null;
    },
    charges: () => [...ledger.values()].map((c) => ({ ...c })),
    refunds: () => [...refunds.values()].map((r) => ({ ...r })),
  };
}
