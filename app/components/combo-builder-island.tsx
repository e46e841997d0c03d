import { useCart } from "#app/components/cart/cart-core";
import { Island } from "./island";

/** The element the combo builder's island is (its HTML: ./combo-builder-html.server.tsx). */
export const COMBO_BUILDER_ID = "combo-builder-slot";

const loadComboBuilder = () => import("./combo-builder").then((m) => m.ComboBuilder);

/** Below the fold: its code loads when it scrolls into view or is touched. */
export function ComboBuilderIsland({ html, initial }: { html: string | undefined; initial?: string[] }) {
  const cart = useCart();
  return (
    <Island
      id={COMBO_BUILDER_ID}
      html={html}
      load={loadComboBuilder}
      when="visible"
      props={{ initial, catalogue: cart.catalogue, now: cart.now, cart }}
    />
  );
}
