/**
 * Subscribe & save (decision 049): which products may be subscribed, what a subscribed unit
 * costs, and what each change a buyer or the owner may make does to a subscription. Pure rules:
 * the use cases in `app/models/subscriptions` apply them to stored rows.
 */
import { z } from "zod";
import { formatCents, type Cents } from "./money";
import { addDays, formatShipDay } from "./ship-calendar";
import type { Product } from "./catalogue";

export const MIN_EVERY_WEEKS = 2;
export const MAX_EVERY_WEEKS = 12;
/** The saving the owner starts from when marking a product subscribable. */
export const DEFAULT_SAVING_PERCENT = 10;
/** The most units of one product a subscription delivers each time. */
export const MAX_SUBSCRIBED_QUANTITY = 10;
/** The reminder leaves this many days before each charge. */
export const REMINDER_DAYS_BEFORE = 3;
/** After a declined renewal: the two retries, in days after the first attempt; then it pauses. */
export const RETRY_AFTER_DAYS = [3, 7] as const;

export const EveryWeeksSchema = z
  .number("Choose how often, in weeks")
  .int("Choose a whole number of weeks")
  .min(MIN_EVERY_WEEKS, `Deliveries can be every ${MIN_EVERY_WEEKS} to ${MAX_EVERY_WEEKS} weeks`)
  .max(MAX_EVERY_WEEKS, `Deliveries can be every ${MIN_EVERY_WEEKS} to ${MAX_EVERY_WEEKS} weeks`);

export const SavingPercentSchema = z
  .number("Enter the saving in percent")
  .int("Enter a whole percent")
  .min(1, "A saving is at least 1 %")
  .max(50, "A saving is at most 50 %");

export type SubscriptionStatus = "pending" | "active" | "paused" | "cancelled";
export type SubscriptionAction = "skip" | "cancel" | "pause" | "resume";
export const SubscriptionActionSchema = z.object({
  action: z.enum(["skip", "cancel", "pause", "resume"], "The action is one of skip, cancel, pause or resume"),
});

/** The saving of one subscribed product, or null when the owner has not offered it. */
export function subscriptionSaving(product: Pick<Product, "subscribeSavingPercent">): number | null {
  const percent = product.subscribeSavingPercent ?? null;
  return percent !== null && percent > 0 ? percent : null;
}

/**
 * A subscribed unit's price: today's price less the saving, rounded to the cent (a half cent
 * goes to the buyer). Both figures are whole cents; `unitPrice + saving` is today's price.
 */
export function subscribedUnitPrice(priceCents: Cents, percent: number): { unitPrice: Cents; saving: Cents } {
  const saving = Math.floor((priceCents * percent + 50) / 100);
  return { unitPrice: priceCents - saving, saving };
}

/** "$31.49 every 4 weeks (save $3.50)" */
export function describeSubscribedPrice(unitPrice: Cents, saving: Cents, everyWeeks: number): string {
  return `${formatCents(unitPrice)} every ${everyWeeks} weeks (save ${formatCents(saving)})`;
}

/** The first renewal's date: `everyWeeks` after the day the first order was placed. */
export function firstChargeOn(today: string, everyWeeks: number): string {
  return addDays(today, everyWeeks * 7);
}

export interface SubscriptionState {
  status: SubscriptionStatus;
  everyWeeks: number;
  nextChargeOn: string;
  period: number;
}

export type ActionOutcome =
  | { ok: true; next: SubscriptionState; changed: boolean }
  | { ok: false; reason: "cancelled" | "not-active" | "not-paused" | "pending"; message: string };

/**
 * What an action does. Skip moves the next charge one interval on and gives up that period
 * (its number is never used, so a late worker cannot renew it); resume never leaves a charge
 * due before its reminder could reach the buyer. Doing again what is already done (cancel a
 * cancelled one, pause a paused one) changes nothing and is not an error.
 */
export function applyAction(state: SubscriptionState, action: SubscriptionAction, today: string): ActionOutcome {
  if (state.status === "cancelled")
    return action === "cancel"
      ? { ok: true, next: state, changed: false }
      : {
          ok: false,
          reason: "cancelled",
          message: "This subscription was cancelled. Start a new one from the product page.",
        };
  if (state.status === "pending" && action !== "cancel")
    return {
      ok: false,
      reason: "pending",
      message: "This subscription starts once its first order is paid.",
    };
  switch (action) {
    case "cancel":
      return { ok: true, next: { ...state, status: "cancelled" }, changed: true };
    case "pause":
      return state.status === "paused"
        ? { ok: true, next: state, changed: false }
        : { ok: true, next: { ...state, status: "paused" }, changed: true };
    case "resume": {
      if (state.status === "active") return { ok: true, next: state, changed: false };
      const earliest = addDays(today, REMINDER_DAYS_BEFORE);
      return {
        ok: true,
        next: {
          ...state,
          status: "active",
          nextChargeOn: state.nextChargeOn < earliest ? earliest : state.nextChargeOn,
        },
        changed: true,
      };
    }
    case "skip":
      if (state.status !== "active")
        return {
          ok: false,
          reason: "not-active",
          message: "Only an active subscription has a delivery to skip: resume it first.",
        };
      return {
        ok: true,
        next: { ...state, nextChargeOn: addDays(state.nextChargeOn, state.everyWeeks * 7), period: state.period + 1 },
        changed: true,
      };
  }
}

/**
 * The latest day the next charge may move to: one interval after the day it is due (or after
 * today, when that has passed), so a skipped delivery's later date stays where it is and can
 * still move on.
 */
export function latestChargeDate(today: string, nextChargeOn: string, everyWeeks: number): string {
  return addDays(nextChargeOn > today ? nextChargeOn : today, everyWeeks * 7);
}

/** The dates a buyer may move the next charge to: from tomorrow to `latestChargeDate`. */
export function chargeDateProblem(
  date: string,
  today: string,
  everyWeeks: number,
  nextChargeOn: string,
): string | null {
  // A real calendar day: "2026-02-30" does not come back from the Date it makes.
  const parsed = /^\d{4}-\d{2}-\d{2}$/.test(date) ? new Date(`${date}T00:00:00Z`) : null;
  if (!parsed || Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date)
    return "Choose a date like 2026-12-07.";
  if (date <= today) return "Choose a day after today.";
  const last = latestChargeDate(today, nextChargeOn, everyWeeks);
  if (date > last)
    return `Choose a day up to ${formatShipDay(last, { withYear: true })}: one interval after the next charge.`;
  return null;
}

/** When the next attempt of a declined renewal is due, or null when it has had its retries. */
export function nextRetryAt(firstAttemptAt: Date, attemptsMade: number): Date | null {
  const days = RETRY_AFTER_DAYS[attemptsMade - 1];
  return days === undefined ? null : new Date(firstAttemptAt.getTime() + days * 86_400_000);
}
