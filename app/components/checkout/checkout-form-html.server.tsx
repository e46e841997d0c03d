import { EMPTY_CART } from "#app/domain/cart-state";
import { TEST_CARDS } from "#app/domain/test-cards";
import { islandHtml } from "#app/utils/island-html.server";
import { CheckoutForm, type CheckoutFormProps } from "./checkout-form";
import { TestModeBanner } from "./test-mode-banner";
import type { AppLoadContext } from "react-router";

/** What the form looks like before the browser has read the cart: the island hydrates this first. */
export type CheckoutFormView = Omit<CheckoutFormProps, "cart" | "ready" | "clear" | "navigate">;

/** The checkout form's HTML, as its island `id` (app/routes/checkout.tsx) hydrates it. */
export function checkoutFormHtml(context: AppLoadContext, id: string, view: CheckoutFormView): string | undefined {
  const ignore = () => undefined;
  return islandHtml(
    context,
    id,
    <CheckoutForm {...view} cart={EMPTY_CART} ready={false} clear={ignore} navigate={ignore} />,
  );
}

/** The test-mode banner's HTML (markup only): shops on Stripe never send it. */
export function testModeBannerHtml(context: AppLoadContext, id: string): string | undefined {
  const cards = Object.entries(TEST_CARDS).map(([number, { label }]) => ({ number, label }));
  return islandHtml(context, id, <TestModeBanner cards={cards} />);
}
