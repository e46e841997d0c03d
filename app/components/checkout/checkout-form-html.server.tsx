import { EMPTY_CART } from "#app/domain/cart-state";
import { islandHtml } from "#app/utils/island-html.server";
import { CheckoutForm, type CheckoutFormProps } from "./checkout-form";

/** What the form looks like before the browser has read the cart: the island hydrates this first. */
export type CheckoutFormView = Omit<CheckoutFormProps, "cart" | "ready" | "clear" | "navigate">;

/** The checkout form's HTML, as its island `id` (app/routes/checkout.tsx) hydrates it. */
export function checkoutFormHtml(id: string, view: CheckoutFormView): string {
  const ignore = () => undefined;
  return islandHtml(id, <CheckoutForm {...view} cart={EMPTY_CART} ready={false} clear={ignore} navigate={ignore} />);
}
