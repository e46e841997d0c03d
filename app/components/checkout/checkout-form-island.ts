import { islandRoot } from "#app/components/island-root";
import { CheckoutForm } from "./checkout-form";

/** Loaded on first use: hydrates the server's HTML of the checkout form in place. */
export const mountCheckoutForm = islandRoot(CheckoutForm);
