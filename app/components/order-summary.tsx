import { formatCents } from "#app/domain/money";
import { ProductImage } from "./product-image";

/** What a summary shows: the order's lines and figures as the shop priced them, in cents. */
export interface PricedSummary {
  /**
   * `contents`: what a combo or bundle holds, listed under its title; `note`: a word on the line
   * (a subscribed line's schedule and saving).
   */
  lines: {
    title: string;
    contents?: string[];
    note?: string;
    quantity: number;
    totalCents: number;
    imageKey?: string;
  }[];
  subtotalCents: number;
  discountCents: number;
  requiresShipping: boolean;
  /** Store credit taken off: totalCents is what is left to pay. */
  storeCreditCents?: number;
  /** A discount code and what it took off (already out of totalCents). */
  discountCode?: string | null;
  codeDiscountCents?: number;
  totalCents: number;
}

/**
 * An order's lines and totals: on the confirmation page, in the back office, and at checkout, where
 * the cart is drawn from the shop's quote (every figure the server's), not priced in the browser.
 */
export function OrderSummary({
  order,
  itemsLabel = "Items in this order",
  totalTestId = "order-total",
  savingsLabel,
}: {
  order: PricedSummary;
  itemsLabel?: string;
  totalTestId?: string;
  /** Who reads it decides the words: a shopper ("You saved"), the owner ("Discount"). */
  savingsLabel: string;
}) {
  return (
    <div>
      <ul className="divide-y divide-line" aria-label={itemsLabel}>
        {order.lines.map((line, i) => (
          <li key={i} className="flex items-center justify-between gap-4 py-3 text-sm" data-testid="summary-line">
            {line.imageKey ? (
              <span className="h-12 w-12 shrink-0 overflow-hidden rounded-lg bg-sand-deep">
                <ProductImage imageKey={line.imageKey} alt="" sizes="3rem" />
              </span>
            ) : null}
            <span className="min-w-0 flex-1">
              <span className="font-semibold">{line.quantity} ×</span> {line.title}
              {line.contents && line.contents.length > 0 ? (
                <span className="block text-ink-soft" data-testid="summary-line-contents">
                  {line.contents.join(" + ")}
                </span>
              ) : null}
              {line.note ? (
                <span className="block font-medium text-chaeto" data-testid="summary-line-note">
                  {line.note}
                </span>
              ) : null}
            </span>
            <span className="font-semibold">{formatCents(line.totalCents)}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-3 space-y-1.5 border-t border-line pt-3 text-sm">
        <div className="flex justify-between">
          <dt>Subtotal</dt>
          <dd>{formatCents(order.subtotalCents)}</dd>
        </div>
        {order.discountCents > 0 ? (
          <div className="flex justify-between text-chaeto">
            <dt>{savingsLabel}</dt>
            <dd>{formatCents(order.discountCents)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between">
          <dt>Shipping</dt>
          <dd>{order.requiresShipping ? "Free" : "Digital, no shipping"}</dd>
        </div>
        {order.discountCode ? (
          <div className="flex justify-between text-chaeto">
            <dt>Code {order.discountCode}</dt>
            <dd data-testid="summary-code">−{formatCents(order.codeDiscountCents ?? 0)}</dd>
          </div>
        ) : null}
        {order.storeCreditCents ? (
          <div className="flex justify-between text-chaeto">
            <dt>Store credit</dt>
            <dd data-testid="summary-store-credit">−{formatCents(order.storeCreditCents)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between text-base font-semibold">
          <dt>Total</dt>
          <dd data-testid={totalTestId}>{formatCents(order.totalCents)}</dd>
        </div>
      </dl>
    </div>
  );
}
