import { Layers } from "lucide";
import { useId, useState } from "react";
import { cartActions } from "#app/components/cart/cart-actions";
import { Icon } from "#app/components/ui/icon";
import { isPurchasable } from "#app/domain/availability";
import { MIN_COMBO_PRODUCTS, priceCombo } from "#app/domain/cart";
import { formatCents } from "#app/domain/money";
import type { CartCore } from "#app/components/cart/cart-core";
import type { CatalogueSnapshot } from "#app/domain/cart-state";

/**
 * Pick products, watch the combo discount and price update, add the combo to the cart. An island
 * (app/components/island.tsx): the page hands it the cart, which the server's HTML is drawn without.
 */
export function ComboBuilder({
  initial = [],
  catalogue,
  now,
  cart,
}: {
  initial?: string[];
  catalogue: CatalogueSnapshot;
  now: Date;
  cart?: CartCore;
}) {
  const headingId = useId();
  const candidates = catalogue.products.filter((p) => p.metadata.comboEligible && isPurchasable(p, now));
  const [picked, setPicked] = useState<string[]>(initial.filter((id) => candidates.some((p) => p.id === id)));
  const priced = priceCombo(picked, catalogue);
  const ready = priced.products.length >= MIN_COMBO_PRODUCTS;
  const toggle = (id: string) =>
    setPicked((list) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id]));
  if (candidates.length < MIN_COMBO_PRODUCTS) return null;

  return (
    <section aria-labelledby={headingId} className="card p-6 sm:p-8" data-testid="combo-builder">
      <div className="flex items-center gap-2">
        <Icon icon={Layers} aria-hidden="true" className="h-6 w-6 text-chaeto" />
        <h2 id={headingId} className="text-2xl font-semibold">
          Build your own combo
        </h2>
      </div>
      <p className="mt-2 text-ink-soft">Pick two products for 20% off, three or more for 30% off.</p>
      <fieldset className="mt-5">
        <legend className="sr-only">Products in your combo</legend>
        <ul className="grid gap-2 sm:grid-cols-2">
          {candidates.map((p) => {
            const checked = picked.includes(p.id);
            return (
              <li key={p.id}>
                <label
                  className={`flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border px-4 py-2 ${checked ? "border-reef bg-reef-light/40" : "border-line bg-white hover:border-ink/30"}`}
                >
                  <input
                    type="checkbox"
                    checked={checked}
                    onChange={() => toggle(p.id)}
                    className="h-5 w-5 accent-reef"
                  />
                  <span className="flex-1 text-sm font-medium">{p.title}</span>
                  <span className="text-sm text-ink-soft">{formatCents(p.priceCents)}</span>
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <div className="mt-5 flex flex-wrap items-center justify-between gap-4 rounded-xl bg-sand p-4" aria-live="polite">
        <p className="text-sm">
          {picked.length === 0 ? (
            "No products picked yet."
          ) : !ready ? (
            // One product is not a combo: no saving is promised until it can be bought as one.
            `${priced.products.length} picked · add one more for 20% off`
          ) : (
            <>
              {priced.products.length} picked ·{" "}
              <span className="font-semibold text-chaeto" data-testid="combo-discount">
                {priced.discount}% off
              </span>{" "}
              · <span className="text-ink-soft line-through">{formatCents(priced.originalTotal)}</span>{" "}
              <span className="text-lg font-semibold" data-testid="combo-price">
                {formatCents(priced.price)}
              </span>
            </>
          )}
        </p>
        <button
          type="button"
          className="btn-primary"
          disabled={!ready}
          onClick={() => {
            if (cart && cartActions(cart).addCombo(picked)) setPicked([]);
          }}
        >
          {ready ? "Add combo to cart" : `Pick ${MIN_COMBO_PRODUCTS - priced.products.length} more`}
        </button>
      </div>
    </section>
  );
}
