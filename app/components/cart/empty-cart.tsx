import { ShoppingBag } from "lucide";
import { Link } from "react-router";
import { Icon } from "#app/components/ui/icon";

/** The empty cart, in the panel and at checkout: where to go next. */
export function EmptyCart({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <div className="flex flex-col items-center px-6 py-12 text-center" data-testid="cart-empty">
      <Icon icon={ShoppingBag} aria-hidden="true" className="h-10 w-10 text-ink-soft" />
      <p className="mt-4 text-xl font-semibold">Your cart is empty</p>
      <p className="mt-2 max-w-xs text-ink-soft">
        Live chaeto, coral food and bundles are a click away. Shipping is always free.
      </p>
      <Link to="/products" className="btn-primary mt-6" onClick={onNavigate}>
        Browse products
      </Link>
    </div>
  );
}
