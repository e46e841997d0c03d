import { ShoppingBag } from "lucide";
import { useState } from "react";
import { Icon } from "~/components/ui/icon";
import { stockLabel, type StockState } from "~/domain/availability";
import { useCart } from "./cart/cart-context";
import { QuantityStepper } from "./quantity-stepper";
import { StockBadge } from "./stock-badge";

interface PurchasePanelProps {
  itemId: string;
  kind: "product" | "bundle";
  stock: StockState;
  purchasable: boolean;
}

/** Quantity and the buy button; an ended offer or empty stock says so and cannot be bought. */
export function PurchasePanel({ itemId, kind, stock, purchasable }: PurchasePanelProps) {
  const [quantity, setQuantity] = useState(1);
  const { addItem, remainingFor, ready } = useCart();
  const shown = stock.kind === "in-stock" || stock.kind === "low-stock" ? stock.quantity : 0;
  // What is already in the cart counts against the stock shown.
  const max = ready ? Math.min(shown, remainingFor(kind, itemId)) : shown;
  return (
    <div className="mt-6 rounded-2xl border border-line bg-paper p-5">
      <StockBadge state={stock} />
      {purchasable ? (
        <div className="mt-4 flex flex-wrap items-end gap-4">
          <QuantityStepper
            id={`qty-${itemId}`}
            label="Quantity"
            value={Math.min(quantity, Math.max(1, max))}
            max={max}
            onChange={setQuantity}
          />
          <button
            type="button"
            className="btn-primary min-h-11 flex-1 text-base whitespace-nowrap sm:flex-none"
            data-kind={kind}
            data-early-add={itemId}
            data-qty-input={`qty-${itemId}`}
            disabled={max < 1}
            onClick={() => {
              if (addItem(kind, itemId, Math.min(quantity, max))) setQuantity(1);
            }}
          >
            <Icon icon={ShoppingBag} aria-hidden="true" className="h-5 w-5" />{" "}
            {max < 1 ? "All in your cart" : "Add to cart"}
          </button>
        </div>
      ) : (
        <p className="mt-3 text-sm text-ink-soft" role="note">
          {stock.kind === "offer-ended"
            ? "This offer has ended and can no longer be bought. Have a look at our current products instead."
            : `${stockLabel(stock)}. Check back soon, we restock live plants every week.`}
        </p>
      )}
    </div>
  );
}
