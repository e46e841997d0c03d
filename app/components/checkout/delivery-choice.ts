import { ZIP_PATTERN } from "#app/domain/us-address";
import type { DeliveryChoice } from "#app/domain/ship-calendar";

/** Where the box goes, as far as the form knows it: what the shop's quote needs for ship days. */
export interface DeliveryDestination {
  postalCode: string;
  state?: string;
}

/**
 * The destination to ask ship days for, or null until the ZIP is complete (a half-typed ZIP is
 * not asked about). The state goes too once chosen: the shop prices the order's ship days by the
 * address's state, so the days offered are the days the order will be held to.
 */
export function deliveryDestination(postalCode: string, state: string): DeliveryDestination | null {
  const zip = postalCode.trim();
  if (!ZIP_PATTERN.test(zip)) return null;
  const code = state.trim().toUpperCase();
  return /^[A-Z]{2}$/.test(code) ? { postalCode: zip, state: code } : { postalCode: zip };
}

/**
 * The ship day the form shows as chosen: the buyer's pick while the shop still offers it, else the
 * shop's default (the first choice). Null when nothing is offered.
 */
export function shownShipOn(choices: readonly DeliveryChoice[], picked: string | null): string | null {
  if (picked && choices.some((c) => c.shipOn === picked)) return picked;
  return choices[0]?.shipOn ?? null;
}
