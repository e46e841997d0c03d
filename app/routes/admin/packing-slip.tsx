import { Printer } from "lucide";
import { data, Link } from "react-router";
import { AdminRouteError } from "#app/components/admin/admin-page";
import { PostalAddress } from "#app/components/postal-address";
import { Icon } from "#app/components/ui/icon";
import { formatDate, formatDateTime } from "#app/domain/dates";
import { returnAddressLines, unitsToPick } from "#app/domain/packing";
import { describeDelivery } from "#app/domain/ship-calendar";
import { requireAdmin } from "#app/models/back-office/access.server";
import { setupWarnings } from "#app/models/mail-setup.server";
import { packingSlip } from "#app/models/orders/packing-slip.server";
import type { Route } from "./+types/packing-slip";

export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: `Packing slip ${d?.order.number ?? ""} | Back office` },
  { name: "robots", content: "noindex" },
];

/** A print page of its own: no storefront chrome and no back-office shell (see app/root.tsx). */
export const handle = { backOffice: true };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(context.services, request);
  const slip = /^[0-9a-f-]{36}$/.test(params.orderId)
    ? await packingSlip(context.services.database.db, params.orderId)
    : null;
  if (!slip) throw data("No such order.", { status: 404 });
  const { shopName, shopEmail, shopAddress, publicUrl } = context.services.config;
  return {
    ...slip,
    returnAddressMissing: setupWarnings(context.services.config).find((w) => w.id === "return-address") ?? null,
    shop: { name: shopName, email: shopEmail, address: returnAddressLines(shopName, shopAddress), url: publicUrl },
  };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Printable: no prices (a slip travels in the box), one tick box per product picked (kits and
 * combos expanded), the order number large in a monospace face. Order numbers use no 0/O, 1/I/L
 * (orders.server.ts), so a packer can read one back or type it without a mix-up.
 */
export default function PackingSlip({ loaderData }: Route.ComponentProps) {
  const { order, picks, notes, shop, returnAddressMissing, pack } = loaderData;
  const a = order.shippingAddress;
  const units = unitsToPick(picks);
  let tick = 0;
  return (
    <main id="main" className="min-h-dvh bg-sand py-6 print:bg-white print:py-0">
      {/* Paper margins: the printer's own are often too narrow for the tick boxes at the edge. */}
      <style>{"@page { margin: 14mm }"}</style>
      <div className="mx-auto mb-4 flex max-w-3xl flex-wrap items-center gap-3 px-4 print:hidden">
        <Link to={`/admin/orders/${order.id}`} className="text-sm font-medium text-reef-dark underline">
          Back to order {order.number}
        </Link>
        <button type="button" onClick={() => window.print()} className="btn-primary ml-auto">
          <Icon icon={Printer} aria-hidden="true" className="h-4 w-4" /> Print
        </button>
      </div>
      {returnAddressMissing ? (
        <p
          className="mx-auto mb-4 max-w-3xl rounded-xl bg-gold-light px-4 py-3 text-sm text-[#7a5300] print:hidden"
          role="note"
          data-testid="return-address-missing"
        >
          <strong>{returnAddressMissing.title}.</strong> {returnAddressMissing.text}
        </p>
      ) : null}
      <article
        className="mx-auto max-w-3xl bg-white p-6 text-ink shadow-[var(--shadow-card)] sm:p-10 print:max-w-none print:p-0 print:shadow-none"
        data-testid="packing-slip"
        aria-labelledby="slip-heading"
      >
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="text-sm">
            <p className="font-display text-2xl font-semibold">{shop.name}</p>
            {shop.address.map((line, i) => (
              <span key={i} className="block">
                {line}
              </span>
            ))}
            <span className="block">{shop.email}</span>
            <span className="block">{shop.url.replace(/^https?:\/\//, "")}</span>
          </div>
          <div className="text-right">
            <h1 id="slip-heading" className="text-sm font-semibold tracking-wide uppercase">
              Packing slip
            </h1>
            <p className="mt-1 font-mono text-3xl font-bold tracking-[0.12em] sm:text-4xl" data-testid="slip-number">
              {order.number}
            </p>
            <p className="text-sm">Ordered {formatDate(order.createdAt, "long")}</p>
            {order.shipOn && order.arriveOn ? (
              <p className="text-sm font-semibold" data-testid="slip-delivery">
                {describeDelivery({ shipOn: order.shipOn, arriveOn: order.arriveOn })}
              </p>
            ) : null}
            {pack ? (
              // Large and boxed: the packer must not miss it, in colour or in black and white.
              <p
                className="mt-2 inline-block rounded-lg border-2 border-ink px-3 py-1 text-lg font-bold tracking-wide uppercase"
                data-testid="slip-pack"
              >
                {pack === "heat" ? "Add a heat pack" : "Add a cold pack"}
              </p>
            ) : null}
          </div>
        </div>

        <section aria-labelledby="ship-to" className="mt-8">
          <h2 id="ship-to" className="text-xs font-semibold tracking-wide text-ink-soft uppercase">
            Ship to
          </h2>
          {a ? (
            <PostalAddress address={a} fallbackName={order.customerName} className="mt-1 text-lg" />
          ) : (
            <p className="mt-1 text-lg">
              {order.customerName} <span className="text-sm">(digital order, nothing to ship)</span>
            </p>
          )}
        </section>

        <table className="mt-8 w-full border-collapse text-left" data-testid="pick-list">
          <caption className="mb-2 text-left text-sm text-ink-soft">
            {plural(units, "unit", "units")} to pick from {plural(order.lines.length, "line", "lines")} ordered
          </caption>
          <thead>
            <tr className="border-b-2 border-ink text-sm">
              <th scope="col" className="w-16 py-2">
                Picked
              </th>
              <th scope="col" className="w-16 py-2">
                Qty
              </th>
              <th scope="col" className="py-2">
                Item
              </th>
            </tr>
          </thead>
          {picks.map((group, g) => {
            const expanded =
              group.kind !== "product" && (group.items.length > 1 || group.items[0]?.title !== group.title);
            return (
              <tbody key={g} className="break-inside-avoid border-b border-line">
                {expanded ? (
                  <tr>
                    <td />
                    <td className="pt-3 font-semibold">{group.quantity}</td>
                    <th scope="rowgroup" className="pt-3 text-left font-semibold">
                      {group.title}{" "}
                      <span className="text-sm font-normal text-ink-soft">
                        ({group.kind === "bundle" ? "kit" : "combo"}: pick the products below)
                      </span>
                    </th>
                  </tr>
                ) : null}
                {group.items.map((item, i) => {
                  if (!item.ships)
                    // On the order, but nothing goes in the box: no tick box to look for it.
                    return (
                      <tr key={i} data-testid="digital-line" className="text-ink-soft">
                        <td className="py-2 align-top" aria-hidden="true">
                          –
                        </td>
                        <td className="py-2 align-top tabular-nums">{item.quantity}</td>
                        <td className={`py-2 align-top ${expanded ? "pl-4" : ""}`}>
                          {item.title} <span className="text-sm">(digital: nothing to pack)</span>
                        </td>
                      </tr>
                    );
                  const id = `pick-${++tick}`;
                  return (
                    <tr key={i} data-testid="pick-line">
                      <td className="py-2 align-top">
                        <input
                          id={id}
                          type="checkbox"
                          className="mt-0.5 h-5 w-5 accent-reef print:appearance-none print:border print:border-ink"
                        />
                      </td>
                      <td className="py-2 align-top text-lg font-bold tabular-nums">{item.quantity}</td>
                      <td className={`py-2 align-top ${expanded ? "pl-4" : ""}`}>
                        <label htmlFor={id}>{item.title}</label>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            );
          })}
        </table>

        {notes.length > 0 ? (
          <section aria-labelledby="slip-notes" className="mt-8 break-inside-avoid">
            <h2 id="slip-notes" className="text-xs font-semibold tracking-wide text-ink-soft uppercase">
              Order notes
            </h2>
            <ul className="mt-1 space-y-2 text-sm">
              {notes.map((n) => (
                <li key={n.id}>
                  <p className="whitespace-pre-wrap">{n.body}</p>
                  <p className="text-xs text-ink-soft">
                    {n.author}, {formatDateTime(n.createdAt)}
                  </p>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <p className="mt-8 text-sm">
          Live chaeto inside: unpack today, float the bag to match temperature, rinse in tank water. Questions? Reply to
          your order email.
        </p>
      </article>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} list={{ to: "/admin/orders", label: "All orders" }} />;
}
