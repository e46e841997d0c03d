import { Form, Link, useSearchParams } from "react-router";
import { AdminPage } from "#app/components/admin/admin-page";
import { DataTable, Td } from "#app/components/admin/data-table";
import { Pager } from "#app/components/admin/pager";
import { OrderStatusBadge } from "#app/components/admin/status-badge";
import { formatDateTime } from "#app/domain/dates";
import { formatCents } from "#app/domain/money";
import { ORDER_STATUSES, STATUS_LABELS } from "#app/domain/order-status";
import { describePaymentFailure } from "#app/domain/payment-failures";
import { requireAdmin } from "#app/models/back-office/access.server";
import { listOrders, OrderFiltersSchema } from "#app/models/back-office/orders.server";
import type { Route } from "./+types/orders";

export const meta: Route.MetaFunction = () => [{ title: "Orders | Back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.services, request);
  const filters = OrderFiltersSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return { filters, ...(await listOrders(context.services.database.reader, filters)) };
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { orders, filters, total, totalExact, page, pages, next, prev } = loaderData;
  const abandoned = filters.view === "abandoned";
  const [params] = useSearchParams();
  // Pages follow the rows they start from (keyset), so the next page is as quick as the first.
  const pageLink = (n: number, cursor: { after: string } | { before: string }) => {
    const link = new URLSearchParams(params);
    link.delete("after");
    link.delete("before");
    link.set("page", String(n));
    for (const [k, v] of Object.entries(cursor)) link.set(k, v);
    return `?${link.toString()}`;
  };
  return (
    <AdminPage
      headingId="orders-heading"
      title={abandoned ? "Abandoned checkouts" : "Orders"}
      actions={
        <Link to="/admin/orders/new" className="btn-primary">
          Record an order
        </Link>
      }
    >
      <nav aria-label="Orders or abandoned checkouts" className="mt-4 flex flex-wrap gap-2 text-sm">
        {(
          [
            ["orders", "Orders", "?"],
            ["abandoned", "Abandoned checkouts", "?view=abandoned"],
          ] as const
        ).map(([view, label, to]) => (
          <Link
            key={view}
            to={to}
            aria-current={filters.view === view ? "page" : undefined}
            className={`rounded-full px-3 py-1.5 ${filters.view === view ? "bg-ink text-white" : "bg-paper hover:bg-sand-deep"}`}
          >
            {label}
          </Link>
        ))}
      </nav>
      {abandoned ? (
        <p className="mt-3 text-sm text-ink-soft">
          Checkouts that were never paid: declined cards and failed 3-D Secure attempts (their stock went back at once),
          and reservations that ran out. They are not orders; nothing ships and nobody was charged.
        </p>
      ) : null}
      <Form
        method="get"
        className="card mt-4 grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_1.5fr_auto] lg:items-end"
      >
        <div>
          <label htmlFor="status" className="field-label">
            Status
          </label>
          <input type="hidden" name="view" value={filters.view} />
          <select id="status" name="status" defaultValue={filters.status ?? ""} className="field-input">
            <option value="">Any status</option>
            {ORDER_STATUSES.filter((s) =>
              abandoned ? s === "pending_payment" || s === "expired" : s !== "expired",
            ).map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="from" className="field-label">
            From
          </label>
          <input id="from" name="from" type="date" defaultValue={filters.from} className="field-input" />
        </div>
        <div>
          <label htmlFor="to" className="field-label">
            To
          </label>
          <input id="to" name="to" type="date" defaultValue={filters.to} className="field-input" />
        </div>
        <div>
          <label htmlFor="q" className="field-label">
            Order number or email
          </label>
          <input
            id="q"
            name="q"
            type="search"
            defaultValue={filters.q}
            className="field-input"
            placeholder="LR-… or name@example.com"
          />
        </div>
        <button type="submit" className="btn-secondary">
          Filter
        </button>
      </Form>
      <p className="mt-4 text-sm text-ink-soft">
        {totalExact ? total : `More than ${total.toLocaleString("en-US")}`}{" "}
        {abandoned ? (total === 1 ? "abandoned checkout" : "abandoned checkouts") : total === 1 ? "order" : "orders"}
        {totalExact ? "" : " (narrow them by status, date, number or address)"}
      </p>
      <DataTable
        columns={[
          { label: "Order" },
          { label: "Status" },
          { label: "Customer" },
          { label: "Total", align: "right" },
          { label: "Placed" },
        ]}
        isEmpty={orders.length === 0}
        emptyMessage={abandoned ? "No abandoned checkouts match these filters." : "No orders match these filters."}
        className="mt-3"
        testId="orders-table"
        label={abandoned ? "Abandoned checkouts" : "Orders"}
      >
        {orders.map((o) => (
          <tr key={o.id} className="hover:bg-sand/60">
            <Td className="font-semibold whitespace-nowrap">
              <Link to={`/admin/orders/${o.id}`} className="text-reef-dark underline">
                {o.number}
              </Link>
              {o.source !== "web" ? (
                <span className="block text-xs font-normal text-ink-soft">({o.source})</span>
              ) : null}
            </Td>
            <Td>
              <OrderStatusBadge status={o.status} />
              {abandoned && o.paymentFailure ? (
                <span className="block text-xs text-ink-soft">
                  last attempt: {describePaymentFailure(o.paymentFailure)}
                </span>
              ) : null}
            </Td>
            <Td>
              {o.customerName}
              <span className="block text-xs text-ink-soft">{o.email}</span>
            </Td>
            <Td align="right" className="font-semibold">
              {formatCents(o.totalCents)}
            </Td>
            <Td className="whitespace-nowrap">{formatDateTime(o.createdAt)}</Td>
          </tr>
        ))}
      </DataTable>
      {prev || next || page > 1 ? (
        <Pager
          page={page}
          pages={pages}
          previous={prev ? pageLink(page - 1, { before: prev }) : null}
          next={next ? pageLink(page + 1, { after: next }) : null}
        />
      ) : null}
    </AdminPage>
  );
}
