import { formatCents } from "./money";
import { ORDER_STATUSES, STATUS_LABELS, type OrderStatus } from "./order-status";

/**
 * The order lifecycle as data (decision 016): which event may happen in which state, what it
 * must satisfy (its guard) and what it does besides changing the status (its effects). In the
 * spirit of Vendure's order process: one table answers "can this happen?" for the back office's
 * buttons, the API's 409s, the tests and the diagram in docs/decisions; app/models/
 * order-lifecycle.server.ts carries the effects out, in the transaction of the status change.
 */

export const ORDER_EVENT_TYPES = [
  "pay",
  "decline",
  "fail-attempt",
  "expire",
  "cancel",
  "ship",
  "deliver",
  "refund",
  "partial-refund",
] as const;
export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number];

/** What happened, with what the transition needs to know about it. */
export type OrderEventInput =
  | { type: "pay"; reference: string }
  /** A card refused at checkout or a failed 3-D Secure challenge: this attempt is over. */
  | { type: "decline"; reason: string; reference?: string | null }
  /** The provider reports a failed try it lets the customer retry (Stripe's Payment Element). */
  | { type: "fail-attempt"; reason: string; reference?: string | null }
  | { type: "expire" }
  | { type: "cancel"; reason?: string }
  | { type: "ship"; carrier: string; trackingNumber: string }
  | { type: "deliver" }
  | { type: "refund"; reason?: string }
  | { type: "partial-refund"; amountCents: number; reason?: string };

/** The parts of an order the rules look at. */
export interface LifecycleOrder {
  status: OrderStatus;
  requiresShipping: boolean;
  totalCents: number;
  refundedCents: number;
  stockHeld: boolean;
  paymentReference: string | null;
  paidAt: string | null;
  reservedUntil: string | null;
}

/** The mails to the customer (and the shop's alert); each is queued once per order or refund. */
export type LifecycleMail =
  "order-confirmation" | "new-order-alert" | "order-shipped" | "order-delivered" | "order-cancelled" | "order-refunded";

export type LifecycleEffect =
  /** Give a pending order's reserved stock back (once: the order remembers it no longer holds it). */
  | { kind: "release-stock" }
  /** Give a paid, unshipped order's stock back. */
  | { kind: "restock" }
  | { kind: "record-payment" }
  | { kind: "record-attempt" }
  | { kind: "record-shipment" }
  /** An order with nothing to ship is delivered the moment it is paid. */
  | { kind: "deliver-digital"; when: "nothing-ships" }
  /** Recorded as "refund pending" in the transaction; the provider is called after the commit. */
  | { kind: "request-refund"; when?: "money-taken" }
  | { kind: "mail"; mail: LifecycleMail; when?: "money-taken" };

export interface TransitionRule {
  event: OrderEventType;
  from: readonly OrderStatus[];
  /** "same": the order keeps its status (an attempt, a partial refund) but the event is recorded. */
  to: OrderStatus | "same";
  /** A sentence for the history, the diagram and the docs. */
  summary: string;
  /** Why the event is refused for this order, or null when it may happen. */
  guard?: (order: LifecycleOrder, event: OrderEventInput | null, now: Date) => string | null;
  effects: readonly LifecycleEffect[];
}

/** How much a refund-requesting event gives back: what is left for a full one, the amount asked for a partial one. */
export function refundAmount(order: LifecycleOrder, event: OrderEventInput): number {
  if (event.type === "partial-refund") return event.amountCents;
  return Math.max(0, order.totalCents - order.refundedCents);
}

/**
 * A partial refund of everything left is the whole event: before the order ships it is a
 * cancellation (the goods go back on the shelf and nothing is left to ship), after it a full
 * refund. Any other event is itself.
 */
export function wholeEvent(order: LifecycleOrder, event: OrderEventInput): OrderEventInput {
  if (event.type !== "partial-refund" || event.amountCents !== order.totalCents - order.refundedCents) return event;
  const reason = event.reason;
  return order.status === "paid" ? { type: "cancel", reason } : { type: "refund", reason };
}

/**
 * Money was taken for this order (a provider's payment or one recorded from elsewhere) and not
 * all of it given back. A pending order may already carry a payment reference (a PaymentIntent
 * awaiting the customer): that is not money taken.
 */
export function moneyTaken(order: LifecycleOrder): boolean {
  return order.paidAt !== null && order.totalCents - order.refundedCents > 0;
}

export const LIFECYCLE: readonly TransitionRule[] = [
  {
    event: "pay",
    from: ["pending_payment"],
    to: "paid",
    summary: "payment captured",
    guard: (o) =>
      o.stockHeld ? null : "This checkout gave its stock back after a declined payment; it can no longer be paid.",
    effects: [
      { kind: "record-payment" },
      { kind: "mail", mail: "order-confirmation" },
      { kind: "mail", mail: "new-order-alert" },
      { kind: "deliver-digital", when: "nothing-ships" },
    ],
  },
  {
    event: "decline",
    from: ["pending_payment"],
    to: "same",
    summary: "payment attempt declined; stock given back",
    effects: [{ kind: "record-attempt" }, { kind: "release-stock" }],
  },
  {
    event: "fail-attempt",
    from: ["pending_payment"],
    to: "same",
    summary: "payment attempt failed; the customer may retry",
    effects: [{ kind: "record-attempt" }],
  },
  {
    event: "expire",
    from: ["pending_payment"],
    to: "expired",
    summary: "not paid in time: abandoned checkout",
    guard: (o, _e, now) =>
      o.reservedUntil && Date.parse(o.reservedUntil) <= now.getTime() ? null : "The reservation window is still open.",
    effects: [{ kind: "release-stock" }],
  },
  {
    event: "cancel",
    from: ["pending_payment", "paid"],
    to: "cancelled",
    summary: "cancelled before shipping; stock back, payment refunded",
    effects: [
      { kind: "release-stock" },
      { kind: "restock" },
      { kind: "request-refund", when: "money-taken" },
      { kind: "mail", mail: "order-cancelled", when: "money-taken" },
    ],
  },
  {
    event: "ship",
    from: ["paid"],
    to: "shipped",
    summary: "handed to the carrier",
    guard: (o, e) => {
      if (!o.requiresShipping) return "This order has nothing to ship.";
      if (e?.type === "ship" && (!e.carrier.trim() || !e.trackingNumber.trim()))
        return "Enter the carrier and the tracking number.";
      return null;
    },
    effects: [{ kind: "record-shipment" }, { kind: "mail", mail: "order-shipped" }],
  },
  {
    event: "deliver",
    from: ["paid", "shipped"],
    to: "delivered",
    summary: "delivered",
    guard: (o) => (o.status === "paid" && o.requiresShipping ? "Ship the order before marking it delivered." : null),
    effects: [{ kind: "mail", mail: "order-delivered" }],
  },
  {
    event: "refund",
    from: ["paid", "shipped", "delivered"],
    to: "refunded",
    summary: "refunded in full",
    guard: (o) => {
      if (o.status === "paid") return "Cancel an order that has not shipped: that refunds it and restocks.";
      return o.totalCents - o.refundedCents > 0 ? null : "Nothing is left to refund.";
    },
    effects: [{ kind: "request-refund" }, { kind: "mail", mail: "order-refunded" }],
  },
  {
    event: "partial-refund",
    from: ["paid", "shipped", "delivered"],
    to: "same",
    summary: "part of the payment refunded",
    guard: (o, e) => {
      const left = o.totalCents - o.refundedCents;
      if (left <= 0) return "Nothing is left to refund.";
      if (e?.type !== "partial-refund") return null;
      if (!Number.isInteger(e.amountCents) || e.amountCents <= 0) return "Enter an amount above zero.";
      if (e.amountCents > left) return `At most ${formatCents(left)} is left to refund on this order.`;
      return null;
    },
    effects: [{ kind: "request-refund" }, { kind: "mail", mail: "order-refunded" }],
  },
];

export type Decision = { ok: true; rule: TransitionRule; to: OrderStatus } | { ok: false; reason: string };

/**
 * Whether `event` may happen to `order` now, and by which rule. `event` may be only its type
 * (the back office asking which buttons to show): guards then skip what depends on the details.
 */
export function decide(order: LifecycleOrder, event: OrderEventInput | OrderEventType, now: Date): Decision {
  const input = typeof event === "string" ? null : event;
  const type = typeof event === "string" ? event : event.type;
  const rule = LIFECYCLE.find((r) => r.event === type && r.from.includes(order.status));
  if (!rule) return { ok: false, reason: `An order that is ${describeStatus(order.status)} cannot be ${PAST[type]}.` };
  const refused = rule.guard?.(order, input, now) ?? null;
  if (refused) return { ok: false, reason: refused };
  return { ok: true, rule, to: rule.to === "same" ? order.status : rule.to };
}

/** Whether an effect applies to this order (its `when`), judged on the order before the transition. */
export function effectApplies(effect: LifecycleEffect, before: LifecycleOrder): boolean {
  if (!("when" in effect) || !effect.when) return true;
  if (effect.when === "nothing-ships") return !before.requiresShipping;
  return moneyTaken(before);
}

const PAST: Record<OrderEventType, string> = {
  pay: "paid",
  decline: "declined",
  "fail-attempt": "given a failed attempt",
  expire: "expired",
  cancel: "cancelled",
  ship: "shipped",
  deliver: "delivered",
  refund: "refunded",
  "partial-refund": "partly refunded",
};

function describeStatus(status: OrderStatus): string {
  return status === "pending_payment" ? "awaiting payment" : status;
}

/** The lifecycle as a Mermaid state diagram (docs/decisions/016-order-lifecycle-diagram.md is generated from it). */
export function lifecycleMermaid(): string {
  const lines = ["stateDiagram-v2", ...ORDER_STATUSES.map((s) => `  ${s}: ${STATUS_LABELS[s]}`)];
  lines.push("  [*] --> pending_payment: placed, stock reserved");
  for (const rule of LIFECYCLE) {
    for (const from of rule.from) {
      const to = rule.to === "same" ? from : rule.to;
      const effects = rule.effects.map(effectLabel).join(", ");
      lines.push(`  ${from} --> ${to}: ${rule.event}${effects ? ` / ${effects}` : ""}`);
    }
  }
  lines.push("  paid --> delivered: (pay of a digital-only order, at once)");
  for (const end of ["delivered", "cancelled", "expired", "refunded"]) lines.push(`  ${end} --> [*]`);
  return lines.join("\n");
}

function effectLabel(effect: LifecycleEffect): string {
  const when = "when" in effect && effect.when ? ` if ${effect.when}` : "";
  return (effect.kind === "mail" ? `mail ${effect.mail}` : effect.kind) + when;
}
