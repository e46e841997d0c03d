import { useEffect, useRef } from "react";
import { data, Link } from "react-router";
import { useCart } from "#app/components/cart/cart-context";
import { formatCents } from "#app/domain/money";
import { restoreLinkedCart } from "#app/models/orders/reorder-reminders.server";
import { pageMeta } from "#app/utils/seo";
import type { Route } from "./+types/cart-restore";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, {
    title: "Your cart is back",
    description: "The cart of a checkout that didn't go through, at today's prices.",
    path: "/cart/restore",
  }),
  { name: "robots", content: "noindex" },
];

/** A reminder's link (decisions 045, 048): the checkout's items or the food to reorder, re-quoted now; a link we did not sign is a 404. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context;
  const params = new URL(request.url).searchParams;
  const outcome = await restoreLinkedCart(
    { db: services.database.db, secret: services.secret, now: services.clock() },
    { order: params.get("order"), reorder: params.get("reorder"), until: params.get("until"), sig: params.get("sig") },
  );
  if (outcome.kind === "invalid-link") return data({ restored: null }, { status: 404 });
  const { cart, quote, unavailable } = outcome;
  return {
    restored: {
      reorder: params.has("reorder"),
      cart,
      lines: quote.lines.map((l) => ({ title: l.title, quantity: l.quantity, unitPrice: l.unitPrice, total: l.total })),
      subtotal: quote.subtotal,
      unavailable,
    },
  };
}

export default function CartRestore({ loaderData }: Route.ComponentProps) {
  const { restored } = loaderData;
  const { ready, setCart, cartRef, offerUndo } = useCart();
  const done = useRef(false);
  useEffect(() => {
    if (!ready || !restored || done.current) return;
    done.current = true;
    const previous = cartRef.current;
    setCart(restored.cart);
    if (previous.lines.length + previous.combos.length > 0)
      offerUndo(previous, restored.reorder ? "The reorder replaced the cart" : "Your saved checkout replaced the cart");
  }, [ready, restored, setCart, cartRef, offerUndo]);

  if (!restored)
    return (
      <section className="container-page py-20 text-center">
        <h1 className="text-4xl font-semibold">That link didn&apos;t work</h1>
        <p className="mx-auto mt-4 max-w-lg text-lg text-ink-soft">
          It is not a link we sent, or it was changed on the way. Your cart is as you left it.
        </p>
        <Link to="/products" className="btn-primary mt-8">
          Back to the shop
        </Link>
      </section>
    );
  return (
    <section className="container-page max-w-2xl py-12">
      <h1 className="text-4xl font-semibold">
        {restored.reorder ? "Your coral food is in the cart" : "Your cart is back"}
      </h1>
      <p className="mt-4 text-ink-soft">
        {restored.reorder
          ? "At today's price and stock, which may differ from what you paid last time."
          : "At today's prices and stock, which may differ from your checkout's."}
      </p>
      {restored.lines.length > 0 ? (
        <ul className="mt-6 divide-y divide-sand-deep" data-testid="restored-lines">
          {restored.lines.map((line, i) => (
            <li key={i} className="flex justify-between gap-4 py-3">
              <span>
                {line.quantity} × {line.title}{" "}
                <span className="text-sm text-ink-soft">({formatCents(line.unitPrice)} each)</span>
              </span>
              <span className="font-semibold">{formatCents(line.total)}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {restored.unavailable.length > 0 ? (
        <ul className="mt-4 space-y-1 text-sm text-coral-text" data-testid="restored-unavailable">
          {restored.unavailable.map((item, i) => (
            <li key={i}>
              {item.quantity} × {item.title}: {item.reason === "sold-out" ? "sold out right now" : "no longer sold"}
            </li>
          ))}
        </ul>
      ) : null}
      {restored.lines.length > 0 ? (
        <>
          <p className="mt-6 text-lg">
            Items: <strong data-testid="restored-subtotal">{formatCents(restored.subtotal)}</strong>
          </p>
          <Link to="/checkout" className="btn-primary mt-6">
            Go to checkout
          </Link>
        </>
      ) : (
        <Link to="/products" className="btn-primary mt-6">
          Back to the shop
        </Link>
      )}
    </section>
  );
}
