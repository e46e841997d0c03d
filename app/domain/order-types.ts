import type { OrderStatus } from "#app/domain/order-status";

export interface ShippingAddress {
  name?: string;
  line1: string;
  line2?: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
}

export interface OrderLine {
  kind: "product" | "bundle" | "combo";
  id: string | null;
  productIds: string[] | null;
  /** A combo's products' prices when it was bought, by `productIds` (how its cents split among them). */
  partPricesCents: number[] | null;
  title: string;
  quantity: number;
  unitPriceCents: number;
  totalCents: number;
}

export interface OrderEvent {
  fromStatus: OrderStatus | null;
  toStatus: OrderStatus;
  note: string | null;
  actor: string | null;
  createdAt: string;
}

export interface Order {
  id: string;
  number: string;
  status: OrderStatus;
  email: string;
  customerName: string;
  shippingAddress: ShippingAddress | null;
  requiresShipping: boolean;
  lines: OrderLine[];
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  totalCents: number;
  currency: string;
  source: string;
  paymentProvider: string;
  paymentReference: string | null;
  paymentFailure: string | null;
  reservedUntil: string | null;
  paidAt: string | null;
  createdAt: string;
  updatedAt: string;
  events: OrderEvent[];
  carrier: string | null;
  trackingNumber: string | null;
  shippedAt: string | null;
  externalReference: string | null;
  refundedCents: number;
  userId: string | null;
  /** A pending order still holds its stock reservation (false once a declined attempt gave it back). */
  stockHeld: boolean;
  /** The shop's local dates the box leaves and is due ("YYYY-MM-DD"); null when nothing ships. */
  shipOn: string | null;
  arriveOn: string | null;
  /** Store credit the checkout spent on it: subtotal − discount + shipping − storeCreditCents = totalCents. */
  storeCreditCents: number;
  /**
   * The discount code used (upper-cased), and what it took off:
   * subtotal + shipping − codeDiscountCents − storeCreditCents = totalCents.
   */
  discountCode: string | null;
  codeDiscountCents: number;
  /** The subscribe & save subscription the order started or renewed (decision 049). */
  subscriptionId?: string | null;
}
