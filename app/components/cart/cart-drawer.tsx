import * as Dialog from "@radix-ui/react-dialog";
import { ShoppingBag, X } from "lucide-react";
import { itemCount } from "~/domain/cart";
import { CartContents } from "./cart-contents";
import { useCart } from "./cart-context";

/** The header's cart button (with a count badge) and the slide-over panel it opens. */
export function CartDrawer() {
  const { open, setOpen, cart, ready } = useCart();
  const count = ready ? itemCount(cart) : 0;
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button type="button" className="btn-secondary relative min-h-10 px-3" aria-label={`Open cart, ${count} ${count === 1 ? "item" : "items"}`}>
          <ShoppingBag aria-hidden="true" className="h-5 w-5" />
          <span className="hidden sm:inline">Cart</span>
          {count > 0 ? (
            <span data-testid="cart-count" className="absolute -top-1.5 -right-1.5 grid h-5 min-w-5 place-items-center rounded-full bg-coral-text px-1 text-xs font-bold text-white">
              {count}
            </span>
          ) : null}
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/40 data-[state=open]:animate-[lr-fade-in_150ms_ease-out]" />
        <Dialog.Content
          className="fixed inset-y-0 right-0 z-50 flex w-full max-w-md flex-col bg-sand shadow-2xl focus:outline-none data-[state=open]:animate-[lr-slide-in_200ms_ease-out]"
          aria-describedby={undefined}
        >
          <div className="flex items-center justify-between border-b border-line px-5 py-4">
            <Dialog.Title className="font-display text-2xl font-semibold">Your cart</Dialog.Title>
            <Dialog.Close className="grid h-11 w-11 place-items-center rounded-full hover:bg-sand-deep" aria-label="Close cart">
              <X aria-hidden="true" className="h-5 w-5" />
            </Dialog.Close>
          </div>
          <CartContents layout="drawer" onNavigate={() => setOpen(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
