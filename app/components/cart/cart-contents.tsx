import { Trash2 } from "lucide";
import { Link } from "react-router";
import { ProductImage } from "#app/components/product-image";
import { QuantityStepper } from "#app/components/quantity-stepper";
import { Icon } from "#app/components/ui/icon";
import { subscribedLineNote, type PricedLine } from "#app/domain/cart";
import { formatCents } from "#app/domain/money";
import { MAX_EVERY_WEEKS, MIN_EVERY_WEEKS, subscriptionSaving } from "#app/domain/subscriptions";
import { useCartActions } from "./cart-actions";
import { EmptyCart } from "./empty-cart";

/** The intervals a subscribed line may have: every 2 to 12 weeks. */
const EVERY_WEEKS = Array.from({ length: MAX_EVERY_WEEKS - MIN_EVERY_WEEKS + 1 }, (_, i) => MIN_EVERY_WEEKS + i);

/** One cart component for the slide-over panel and the checkout page. */
export function CartContents({ layout, onNavigate }: { layout: "drawer" | "page"; onNavigate?: () => void }) {
  const { quote, ready, undo } = useCartActions();
  if (!ready) return <p className="p-6 text-ink-soft">Loading your cart…</p>;
  const undoBar = undo ? (
    <div
      role="status"
      className="mx-5 mt-4 flex items-center justify-between gap-3 rounded-xl bg-sand-deep px-4 py-2 text-sm"
    >
      <span>{undo.label}</span>
      <button
        type="button"
        onClick={undo.restore}
        className="min-h-9 rounded-full px-3 font-semibold text-reef-dark underline hover:bg-white/60"
      >
        Undo
      </button>
    </div>
  ) : null;
  if (quote.lines.length === 0) {
    return (
      <div>
        {undoBar}
        <EmptyCart onNavigate={onNavigate} />
      </div>
    );
  }
  return (
    <div className={layout === "drawer" ? "flex min-h-0 flex-1 flex-col" : ""}>
      {undoBar}
      <ul
        className={`divide-y divide-line ${layout === "drawer" ? "min-h-0 flex-1 overflow-y-auto px-5" : ""}`}
        aria-label="Items in your cart"
      >
        {quote.lines.map((line) => (
          <CartLineRow key={`${line.kind}-${line.id}`} line={line} onNavigate={onNavigate} />
        ))}
      </ul>
      <CartSummary layout={layout} onNavigate={onNavigate} />
    </div>
  );
}

function CartLineRow({ line, onNavigate }: { line: PricedLine; onNavigate?: () => void }) {
  const { setQuantity, setDelivery, removeItem, setComboQuantity, removeCombo, remainingFor, catalogue } =
    useCartActions();
  // Subscribe & save: a product its owner offers on a schedule can be switched here (decision 049).
  const percent =
    line.kind === "product" ? subscriptionSaving(catalogue.products.find((p) => p.id === line.id) ?? {}) : null;
  const isCombo = line.kind === "combo";
  const max = isCombo ? 99 : line.quantity + remainingFor(line.kind as "product" | "bundle", line.id);
  const change = (q: number) =>
    isCombo ? setComboQuantity(line.id, q) : setQuantity(line.kind as "product" | "bundle", line.id, q);
  const remove = () => (isCombo ? removeCombo(line.id) : removeItem(line.kind as "product" | "bundle", line.id));
  const saving = (line.unitOriginalPrice - line.unitPrice) * line.quantity;
  return (
    <li className="flex gap-4 py-4" data-testid="cart-line">
      <div className="h-16 w-16 shrink-0 self-start sm:h-20 sm:w-20 overflow-hidden rounded-xl bg-sand-deep">
        <ProductImage imageKey={line.imageKey} alt="" sizes="5rem" />
      </div>
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            {isCombo ? (
              <p className="font-semibold">{line.title}</p>
            ) : (
              <Link to={`/product/${line.id}`} className="font-semibold hover:underline" onClick={onNavigate}>
                {line.title}
              </Link>
            )}
            {isCombo && line.productTitles ? (
              <p className="text-sm text-ink-soft">
                {line.productTitles.join(" + ")} ·{" "}
                <span className="font-semibold text-chaeto">{line.discountPercent}% off</span>
              </p>
            ) : null}
            <p className="text-sm text-ink-soft">
              {formatCents(line.unitPrice)} each
              {line.reference === "earlier" && line.unitOriginalPrice > line.unitPrice ? (
                <>
                  {" "}
                  · was <span className="line-through">{formatCents(line.unitOriginalPrice)}</span>
                </>
              ) : null}
            </p>
            {line.subscription ? (
              <p className="text-sm font-medium text-chaeto" data-testid="line-subscription">
                {subscribedLineNote(line.subscription, line.quantity)}
              </p>
            ) : null}
          </div>
          <p className="text-right font-semibold" data-testid="line-total">
            {formatCents(line.total)}
            {saving > 0 ? (
              <span className="block text-xs font-medium text-chaeto" data-testid="line-saving">
                You save {formatCents(saving)}
              </span>
            ) : null}
          </p>
        </div>
        {percent !== null ? (
          <label className="mt-2 flex flex-wrap items-center gap-x-2 text-sm">
            <span className="font-medium">Delivery (subscribe &amp; save {percent}%)</span>
            <select
              className="field-input min-h-11 w-auto py-1"
              value={line.subscription?.everyWeeks ?? 0}
              onChange={(e) => setDelivery("product", line.id, Number(e.target.value) || null)}
              aria-label={`Delivery of ${line.title}`}
            >
              <option value={0}>Once</option>
              {EVERY_WEEKS.map((weeks) => (
                <option key={weeks} value={weeks}>
                  Every {weeks} weeks
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
          <QuantityStepper
            id={`cart-qty-${line.kind}-${line.id}`}
            label={`Quantity of ${line.title}`}
            hideLabel
            value={line.quantity}
            max={max}
            onChange={change}
          />
          <button
            type="button"
            onClick={remove}
            className="inline-flex min-h-11 items-center gap-1 rounded-full px-3 text-sm font-medium text-ink-soft hover:bg-sand hover:text-ink"
          >
            <Icon icon={Trash2} aria-hidden="true" className="h-4 w-4" /> Remove
            <span className="sr-only"> {line.title}</span>
          </button>
        </div>
      </div>
    </li>
  );
}

function CartSummary({ layout, onNavigate }: { layout: "drawer" | "page"; onNavigate?: () => void }) {
  const { quote, clear } = useCartActions();
  return (
    <div className={`border-t border-line bg-paper ${layout === "drawer" ? "px-5 py-4" : "mt-4 rounded-2xl p-5"}`}>
      <dl className="space-y-1.5 text-sm">
        <div className="flex justify-between">
          <dt>Subtotal</dt>
          <dd data-testid="cart-subtotal">{formatCents(quote.subtotal)}</dd>
        </div>
        {quote.discount > 0 ? (
          <div className="flex justify-between text-chaeto">
            {/* Already in the line prices: the total does not take it off again. */}
            <dt>Savings included</dt>
            <dd data-testid="cart-savings">{formatCents(quote.discount)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between">
          <dt>Shipping</dt>
          <dd>{quote.requiresShipping ? "Free" : "Digital, no shipping"}</dd>
        </div>
        <div className="flex justify-between border-t border-line pt-2 text-base font-semibold">
          <dt>Total</dt>
          <dd data-testid="cart-total">{formatCents(quote.total)}</dd>
        </div>
      </dl>
      {layout === "drawer" ? (
        <div className="mt-4 flex flex-col gap-2">
          <Link to="/checkout" className="btn-primary w-full text-base" onClick={onNavigate}>
            Checkout
          </Link>
          <button
            type="button"
            className="text-sm font-medium text-ink-soft underline hover:text-ink"
            onClick={() => clear()}
          >
            Clear cart
          </button>
        </div>
      ) : null}
    </div>
  );
}
