import { ShoppingBag } from "lucide";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { Icon } from "#app/components/ui/icon";
import { readLastOrder, type LastOrder } from "./last-order";

/** The empty cart, in the panel and at checkout: where to go next. */
export function EmptyCart({ onNavigate }: { onNavigate?: () => void }) {
  // Read after hydration: the server cannot know what this tab placed.
  const [lastOrder, setLastOrder] = useState<LastOrder | null>(null);
  useEffect(() => setLastOrder(readLastOrder()), []);
  return (
    <div className="flex flex-col items-center px-6 py-12 text-center" data-testid="cart-empty">
      <Icon icon={ShoppingBag} aria-hidden="true" className="h-10 w-10 text-ink-soft" />
      <p className="mt-4 text-xl font-semibold">Your cart is empty</p>
      <p className="mt-2 max-w-xs text-ink-soft">
        Live chaeto, coral food and bundles are a click away. Shipping is always free.
      </p>
      {lastOrder ? (
        <p className="mt-4" data-testid="last-order">
          Just ordered?{" "}
          <Link to={lastOrder.url} className="font-semibold text-reef-dark underline" onClick={onNavigate}>
            View order <span className="whitespace-nowrap">{lastOrder.number}</span>
          </Link>
        </p>
      ) : null}
      <Link to="/products" className="btn-primary mt-6" onClick={onNavigate}>
        Browse products
      </Link>
    </div>
  );
}
