import * as Dialog from "@radix-ui/react-dialog";
import { X } from "lucide";
import { Icon } from "#app/components/ui/icon";
import { CartContents } from "./cart-contents";
import type { RefObject } from "react";

/**
 * The slide-over cart panel. Loaded on demand by CartDrawer (the dialog library is the largest
 * piece of it), so a storefront page does not pay for it before the shopper opens the cart.
 */
export default function CartPanel({
  open,
  onOpenChange,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/40 data-[state=open]:animate-[lr-fade-in_150ms_ease-out]" />
        <Dialog.Content
          className="fixed inset-y-0 right-0 z-50 flex w-full max-w-md flex-col bg-sand shadow-2xl focus:outline-none data-[state=open]:animate-[lr-slide-in_200ms_ease-out]"
          aria-describedby={undefined}
          // There is no Dialog.Trigger (the button lives outside this lazy module): send focus back to it.
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
        >
          <div className="flex items-center justify-between border-b border-line px-5 py-4">
            <Dialog.Title className="font-display text-2xl font-semibold">Your cart</Dialog.Title>
            <Dialog.Close
              className="grid h-11 w-11 place-items-center rounded-full hover:bg-sand-deep"
              aria-label="Close cart"
            >
              <Icon icon={X} aria-hidden="true" className="h-5 w-5" />
            </Dialog.Close>
          </div>
          <CartContents layout="drawer" onNavigate={() => onOpenChange(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
