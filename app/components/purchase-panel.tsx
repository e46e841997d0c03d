import { ShoppingBag } from "lucide";
import { useEffect, useState, type ReactNode } from "react";
import { useCart } from "#app/components/cart/cart-context";
import { Icon } from "#app/components/ui/icon";
import { whenIdle } from "#app/components/ui/idle";
import { QuantityStepper } from "./quantity-stepper";
import type { StockState } from "#app/domain/availability";

// The cart's rules (~/domain/cart) are fetched when the browser is idle or the shopper reaches for
// the button, not before the page can be used (decision 015). A tap before hydration is held by
// the early-tap script; one after hydration but before the code is in waits for it.
const loadActions = () => import("#app/components/cart/cart-actions");
type ActionsModule = Awaited<ReturnType<typeof loadActions>>;

interface PurchasePanelProps {
  itemId: string;
  kind: "product" | "bundle";
  stock: StockState;
  /** How it is bought, when there is a choice: subscribe & save's `plan` and `everyWeeks` fields. */
  children?: ReactNode;
}

/**
 * Quantity and the buy button of an item that can be bought. What the stock is (and why an item
 * cannot be bought) is markup the server renders above it (`PurchaseStock`).
 */
export function PurchasePanel({ itemId, kind, stock, children }: PurchasePanelProps) {
  const [quantity, setQuantity] = useState(1);
  const core = useCart();
  const [actions, setActions] = useState<ActionsModule | null>(null);
  // A tap while the rules are still on their way: the button shows it is busy, and a second tap
  // waits with the first rather than adding twice.
  const [waiting, setWaiting] = useState(false);
  const load = () => loadActions().then((m) => (setActions(m), m));
  useEffect(() => whenIdle(() => void load()), []);
  const shown = stock.kind === "in-stock" || stock.kind === "low-stock" ? stock.quantity : 0;
  // What is already in the cart counts against the stock shown.
  const max = core.ready && actions ? Math.min(shown, actions.cartActions(core).remainingFor(kind, itemId)) : shown;
  return (
    // A form for the choice's fields, never sent: its disabled default button keeps Enter from posting it.
    <form>
      <button type="submit" disabled hidden />
      {children}
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
          onPointerEnter={() => void load()}
          onFocus={() => void load()}
          aria-busy={waiting || undefined}
          onClick={(e) => {
            if (waiting) return;
            const wanted = Math.min(quantity, max);
            const plan = e.currentTarget.form?.elements;
            const every =
              (plan?.namedItem("plan") as RadioNodeList | null)?.value === "every"
                ? Number((plan!.namedItem("everyWeeks") as HTMLSelectElement).value)
                : undefined;
            if (!actions) setWaiting(true);
            void load()
              .then((m) => {
                if (m.cartActions(core).addItem(kind, itemId, wanted, every)) setQuantity(1);
              })
              .finally(() => setWaiting(false));
          }}
        >
          <Icon icon={ShoppingBag} aria-hidden="true" className="h-5 w-5" />{" "}
          {max < 1 ? "All in your cart" : "Add to cart"}
        </button>
      </div>
    </form>
  );
}
