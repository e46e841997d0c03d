import { formatDate } from "./dates";
import { formatCents } from "./money";
import { isPaidElsewhere } from "./paid-elsewhere";
import { ARRIVE_ALIVE_RULE } from "./shop-policies";
import type { OrderStatus } from "./order-status";

/**
 * What a customer reads about an order, from what happened to it: its status, the history's
 * dates, the shipment and the refunds. The order page, the account's order list and every order
 * mail tell the order's state through this one function, so none of them can still promise
 * packing for an order that was cancelled, or leave out a tracking number or a refund.
 */

/** The parts of an order its story is told from. */
export interface StoryOrder {
  status: OrderStatus;
  requiresShipping: boolean;
  totalCents: number;
  refundedCents: number;
  paidAt: string | null;
  carrier: string | null;
  trackingNumber: string | null;
  shippedAt: string | null;
  /** Payments recorded from elsewhere (isPaidElsewhere) are refunded there, not to a card. */
  paymentProvider: string;
  /** The history, oldest first: the day each state began is read from it. */
  events: readonly { toStatus: OrderStatus; createdAt: string }[];
}

export interface Tracking {
  carrier: string;
  number: string;
  /** The carrier's tracking page, for the carriers the shop knows; null for any other. */
  url: string | null;
}

export interface OrderStory {
  /** A short status for lists and badges: "Shipped", "Delivered · partly refunded". */
  label: string;
  /** Whether the customer paid and the order goes (or went) ahead: the page thanks them. */
  goingAhead: boolean;
  /** One or two sentences on where the order stands. */
  headline: string;
  tracking: Tracking | null;
  /** What was refunded and where the money goes; null when nothing was. */
  refund: string | null;
  /** What happens next, only what still applies to this order. */
  nextSteps: string[];
}

export interface StoryOptions {
  /** Whether the shop sends email (a mail server is set up): only then may the story promise a mail. */
  mailSent: boolean;
}

const CARRIER_TRACKING: { match: RegExp; url: (n: string) => string }[] = [
  { match: /^usps$|postal/, url: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}` },
  { match: /^ups$/, url: (n) => `https://www.ups.com/track?tracknum=${n}` },
  { match: /^fedex$/, url: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}` },
  { match: /^dhl/, url: (n) => `https://www.dhl.com/us-en/home/tracking.html?tracking-id=${n}` },
];

/** The carrier's public tracking page for a number, or null for a carrier the shop does not know. */
export function trackingUrl(carrier: string, trackingNumber: string): string | null {
  const key = carrier.toLowerCase().replace(/[^a-z]/g, "");
  const number = encodeURIComponent(trackingNumber.replace(/\s+/g, ""));
  const known = CARRIER_TRACKING.find((c) => c.match.test(key));
  return known && number ? known.url(number) : null;
}

/** Where refunded money goes, said the same way wherever a refund is mentioned. */
export function refundArrival(order: { paymentProvider: string }): string {
  if (isPaidElsewhere(order)) return "It goes back the way you paid; we'll be in touch if we need anything from you.";
  return "It goes back to the card you paid with and usually shows on your statement within 5 to 10 business days, depending on your bank.";
}

/** The day the order last entered `status`, from its history (or the matching column). */
function since(order: StoryOrder, status: OrderStatus): string | null {
  for (let i = order.events.length - 1; i >= 0; i--) {
    const e = order.events[i]!;
    if (e.toStatus === status) return formatDate(e.createdAt);
  }
  const fallback = status === "shipped" ? order.shippedAt : status === "paid" ? order.paidAt : null;
  return fallback ? formatDate(fallback) : null;
}

const on = (day: string | null) => (day ? ` on ${day}` : "");

export function orderStory(order: StoryOrder, { mailSent }: StoryOptions): OrderStory {
  const tracking =
    order.carrier && order.trackingNumber
      ? { carrier: order.carrier, number: order.trackingNumber, url: trackingUrl(order.carrier, order.trackingNumber) }
      : null;
  const refunded = Math.min(order.refundedCents, order.totalCents);
  const partlyRefunded = refunded > 0 && refunded < order.totalCents;
  const arrival = refundArrival(order);
  const live = order.requiresShipping;
  const story = (
    label: string,
    headline: string,
    more: { goingAhead?: boolean; refund?: string | null; nextSteps?: string[] } = {},
  ): OrderStory => ({
    label: partlyRefunded && more.goingAhead ? `${label} · partly refunded` : label,
    goingAhead: more.goingAhead ?? false,
    headline,
    tracking,
    refund:
      more.refund !== undefined
        ? more.refund
        : partlyRefunded
          ? `${formatCents(refunded)} of the ${formatCents(order.totalCents)} you paid has been refunded. ${arrival}`
          : null,
    nextSteps: more.nextSteps ?? [],
  });

  switch (order.status) {
    case "pending_payment":
      return story(
        "Awaiting payment",
        "We have not received the payment for this order yet: nothing is packed or charged until it is paid.",
      );
    case "expired":
      return story(
        "Not paid, closed",
        "This checkout was not paid in time, so it was closed: no payment was taken and nothing will be sent.",
      );
    case "paid":
      if (!live)
        return story("Paid", `Paid${on(since(order, "paid"))}. It's a digital item: nothing to ship.`, {
          goingAhead: true,
        });
      return story(
        "Paid, being packed",
        `Paid${on(since(order, "paid"))}. We pack your order within 1–2 business days.`,
        {
          goingAhead: true,
          nextSteps: [
            "Live plants ship early in the week (Monday to Wednesday) so they never sit in a depot over a weekend.",
            mailSent
              ? "You'll get the tracking number by email as soon as it ships; it shows on this page too."
              : "The tracking number shows on this page as soon as it ships.",
            ARRIVE_ALIVE_RULE,
          ],
        },
      );
    case "shipped":
      return story(
        "Shipped",
        `Shipped${on(since(order, "shipped"))}${tracking ? ` with ${tracking.carrier}` : ""}: it is on its way to you.`,
        {
          goingAhead: true,
          nextSteps: [
            "Unpack live chaeto the day it arrives: float the bag to match temperature, rinse it in tank water and give it light.",
            ARRIVE_ALIVE_RULE,
          ],
        },
      );
    case "delivered":
      if (!live)
        return story("Delivered", `Paid${on(since(order, "paid"))}. It's a digital item: nothing to ship.`, {
          goingAhead: true,
        });
      return story("Delivered", `Delivered${on(since(order, "delivered"))}.`, {
        goingAhead: true,
        nextSteps: [ARRIVE_ALIVE_RULE],
      });
    case "cancelled":
      return story("Cancelled", `Cancelled${on(since(order, "cancelled"))}, before it shipped: nothing will be sent.`, {
        refund: !order.paidAt
          ? "No payment was taken."
          : refunded > 0
            ? `${formatCents(refunded)} ${refunded >= order.totalCents ? "(all you paid) " : ""}has been refunded. ${arrival}`
            : null,
      });
    case "refunded":
      return story("Refunded", `Refunded in full${on(since(order, "refunded"))}: ${formatCents(refunded)}.`, {
        refund: arrival,
      });
  }
}
