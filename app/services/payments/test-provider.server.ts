import crypto from "node:crypto";
import { checkTestCard } from "~/domain/test-cards";
import { DECLINE_MESSAGES, type ChargeInput, type ChargeResult, type PaymentProvider } from "./provider";

/**
 * Offline provider for development, demos and tests: Stripe's published test numbers only,
 * with their documented outcomes. The caller has already validated the card with checkTestCard.
 */
export function createTestProvider(now: () => Date): PaymentProvider {
  return {
    name: "test",
    async charge(input: ChargeInput): Promise<ChargeResult> {
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
          return { status: "declined", reason: checked.outcome.reason, message: DECLINE_MESSAGES[checked.outcome.reason]!, reference };
      }
    },
    async refund({ idempotencyKey }) {
      return { refundId: `test_re_${crypto.createHash("sha256").update(idempotencyKey).digest("hex").slice(0, 24)}` };
    },
  };
}
