import { ShoppingBag } from "lucide";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Icon } from "#app/components/ui/icon";
import { whenIdle } from "#app/components/ui/idle";
import { itemCount } from "#app/domain/cart-state";
import { useCart } from "./cart-context";

const loadPanel = () => import("./cart-panel");
const CartPanel = lazy(loadPanel);

/**
 * The header's cart button (with a count badge) and the slide-over panel it opens. The panel's
 * code is fetched when the browser is idle, on hover/focus of the button, or on first open.
 */
export function CartDrawer() {
  const { open, setOpen, cart, ready } = useCart();
  const count = ready ? itemCount(cart) : 0;
  const button = useRef<HTMLButtonElement>(null);
  const [mounted, setMounted] = useState(false);

  useEffect(() => whenIdle(() => void loadPanel()), []);
  useEffect(() => {
    if (open) setMounted(true);
  }, [open]);

  return (
    <>
      <button
        ref={button}
        type="button"
        className="btn-secondary relative min-h-10 px-3"
        aria-label={`Open cart, ${count} ${count === 1 ? "item" : "items"}`}
        aria-haspopup="dialog"
        aria-expanded={open}
        // Tapped before the page is ready: the panel opens once the cart is loaded (cart-context).
        data-early-open
        onClick={() => setOpen(true)}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
      >
        <Icon icon={ShoppingBag} aria-hidden="true" className="h-5 w-5" />
        <span className="hidden sm:inline">Cart</span>
        {count > 0 ? (
          <span
            data-testid="cart-count"
            className="absolute -top-1.5 -right-1.5 grid h-5 min-w-5 place-items-center rounded-full bg-coral-text px-1 text-xs font-bold text-white"
          >
            {count}
          </span>
        ) : null}
      </button>
      {open || mounted ? (
        <Suspense fallback={null}>
          <CartPanel open={open} onOpenChange={setOpen} returnFocusTo={button} />
        </Suspense>
      ) : null}
    </>
  );
}
