import { formatCents } from "~/domain/money";
import type { Order } from "~/models/order-types";

export function OrderSummary({ order }: { order: Order }) {
  return (
    <div>
      <ul className="divide-y divide-line" aria-label="Items in this order">
        {order.lines.map((line, i) => (
          <li key={i} className="flex justify-between gap-4 py-3 text-sm">
            <span>
              <span className="font-semibold">{line.quantity} ×</span> {line.title}
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
            <dt>You saved</dt>
            <dd>{formatCents(order.discountCents)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between">
          <dt>Shipping</dt>
          <dd>{order.requiresShipping ? "Free" : "Digital, no shipping"}</dd>
        </div>
        <div className="flex justify-between text-base font-semibold">
          <dt>Total</dt>
          <dd data-testid="order-total">{formatCents(order.totalCents)}</dd>
        </div>
      </dl>
    </div>
  );
}
