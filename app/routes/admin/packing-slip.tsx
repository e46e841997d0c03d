import { data } from "react-router";
import { PostalAddress } from "~/components/postal-address";
import { formatDate } from "~/domain/dates";
import { requireAdmin } from "~/models/admin-access.server";
import { getOrder } from "~/models/orders.server";
import type { Route } from "./+types/packing-slip";

export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: `Packing slip ${d?.order.number ?? ""} | Back office` },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(context.services, request);
  const order = /^[0-9a-f-]{36}$/.test(params.orderId)
    ? await getOrder(context.services.database.db, params.orderId)
    : null;
  if (!order) throw data(null, { status: 404 });
  return { order, shopName: context.services.config.shopName };
}

/** Printable: no prices (a slip travels in the box), items with tick boxes, the address large. */
export default function PackingSlip({ loaderData }: Route.ComponentProps) {
  const { order, shopName } = loaderData;
  const a = order.shippingAddress;
  return (
    <article className="mx-auto max-w-2xl bg-white p-8 text-ink print:p-0" data-testid="packing-slip">
      <div className="flex items-start justify-between">
        <div>
          <p className="font-display text-2xl font-semibold">{shopName}</p>
          <p className="text-sm">Packing slip</p>
        </div>
        <div className="text-right text-sm">
          <p className="font-semibold">{order.number}</p>
          <p>{formatDate(order.createdAt, "long")}</p>
        </div>
      </div>
      {a ? <PostalAddress address={a} fallbackName={order.customerName} className="mt-8 text-lg" /> : null}
      <table className="mt-8 w-full border-collapse text-left text-sm">
        <thead>
          <tr className="border-b-2 border-ink">
            <th scope="col" className="py-2">
              Packed
            </th>
            <th scope="col" className="py-2">
              Qty
            </th>
            <th scope="col" className="py-2">
              Item
            </th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((l, i) => (
            <tr key={i} className="border-b border-line">
              <td className="py-2">
                <span aria-hidden="true" className="inline-block h-4 w-4 border border-ink" />
              </td>
              <td className="py-2 font-semibold">{l.quantity}</td>
              <td className="py-2">{l.title}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-8 text-sm">
        Live chaeto inside: unpack today, float the bag to match temperature, rinse in tank water. Questions? Reply to
        your order email.
      </p>
      <button type="button" onClick={() => window.print()} className="btn-primary mt-6 print:hidden">
        Print
      </button>
    </article>
  );
}
