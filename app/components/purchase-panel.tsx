import { ShoppingBag } from "lucide-react";
import { useState } from "react";
import { stockLabel, type StockState } from "~/domain/availability";
import { QuantityStepper } from "./quantity-stepper";
import { StockBadge } from "./stock-badge";

interface PurchasePanelProps {
  itemId: string;
  kind: "product" | "bundle";
  stock: StockState;
  purchasable: boolean;
  onAdd?: (quantity: number) => void;
}

/** Quantity and the buy button; an ended offer or empty stock says so and cannot be bought. */
export function PurchasePanel({ itemId, kind, stock, purchasable, onAdd }: PurchasePanelProps) {
  const [quantity, setQuantity] = useState(1);
  const max = stock.kind === "in-stock" || stock.kind === "low-stock" ? stock.quantity : 0;
  return (
    <div className="mt-6 rounded-2xl border border-line bg-paper p-5">
      <StockBadge state={stock} />
      {purchasable ? (
        <div className="mt-4 flex flex-wrap items-end gap-4">
          <QuantityStepper id={`qty-${itemId}`} label="Quantity" value={quantity} max={max} onChange={setQuantity} />
          <button
            type="button"
            className="btn-primary min-h-11 flex-1 text-base sm:flex-none"
            data-kind={kind}
            onClick={() => onAdd?.(quantity)}
          >
            <ShoppingBag aria-hidden="true" className="h-5 w-5" /> Add to cart
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
