import { Form, Link, useSearchParams } from "react-router";
import { AdminPage } from "#app/components/admin/admin-page";
import { DataTable, Td } from "#app/components/admin/data-table";
import { Pager } from "#app/components/admin/pager";
import { OrderStatusBadge } from "#app/components/admin/status-badge";
import { RECOVERY_DAYS } from "#app/domain/checkout-reminder";
import { formatDateTime } from "#app/domain/dates";
import { formatCents } from "#app/domain/money";
import { ORDER_STATUSES, STATUS_LABELS } from "#app/domain/order-status";
import { describePaymentFailure } from "#app/domain/payment-failures";
import { formatShipDay, shopClock } from "#app/domain/ship-calendar";
import { requireAdmin } from "#app/models/back-office/access.server";
import { listOrders, OrderFiltersSchema } from "#app/models/back-office/orders.server";
import { reminderSummary } from "#app/models/orders/checkout-reminders.server";
import type { Route } from "./+types/orders";

export const meta: Route.MetaFunction = () => [{ title: "Orders | Back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.services, request);
  const filters = OrderFiltersSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  // The shop's date, against which a ship day is overdue (the server's own date may be tomorrow already).
  const { today } = shopClock(context.services.clock(), context.services.config.shopTimeZone);
  const { reader } = context.services.database;
  // The one reminder's effect (decision 045) belongs with the checkouts it is sent about.
  const reminders = filters.view === "abandoned" ? await reminderSummary(reader, { limit: 0 }) : null;
  return { filters, today, reminders, ...(await listOrders(reader, filters)) };
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { orders, filters, today, reminders, total, totalExact, page, pages, next, prev } = loaderData;
  const abandoned = filters.view === "abandoned";
  const toShip = filters.view === "to-ship";
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
      title={abandoned ? "Abandoned checkouts" : toShip ? "To ship" : "Orders"}
      actions={
        <Link to="/admin/orders/new" className="btn-primary">
          Record an order
        </Link>
      }
    >
      <nav aria-label="Order views" className="mt-4 flex flex-wrap gap-2 text-sm">
        {(
          [
            ["orders", "Orders", "?"],
            ["to-ship", "To ship", "?view=to-ship"],
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
      {reminders ? (
        <p className="mt-2 text-sm" data-testid="reminder-summary">
          Reminders sent (to buyers who asked, an hour after their checkout expired):{" "}
          <strong>{reminders.sent.toLocaleString("en-US")}</strong> · carts restored from the link:{" "}
          <strong>{reminders.opened.toLocaleString("en-US")}</strong> · orders recovered (the same address paid within{" "}
          {RECOVERY_DAYS} days of its reminder): <strong>{reminders.recovered.toLocaleString("en-US")}</strong>,{" "}
          {formatCents(reminders.recoveredCents)}
        </p>
      ) : null}
      {toShip ? (
        <p className="mt-3 text-sm text-ink-soft">
          Paid orders waiting to leave, by the day the calendar set for them: overdue ones first, then today&apos;s.
          Orders recorded without a ship day are under{" "}
          <Link to="?status=paid" className="text-reef-dark underline">
            Orders, status &ldquo;{STATUS_LABELS.paid}&rdquo;
          </Link>
          .
        </p>
      ) : null}
      <Form
        method="get"
        className="card mt-4 grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_1.5fr_auto] lg:items-end"
      >
        <input type="hidden" name="view" value={filters.view} />
        {filters.customer ? <input type="hidden" name="customer" value={filters.customer} /> : null}
        {/* Every order to ship is paid: no status to choose. */}
        {toShip ? null : (
          <div>
            <label htmlFor="status" className="field-label">
              Status
            </label>
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
        )}
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
      {filters.customer ? (
        <p className="mt-4 text-sm">
          Orders of{" "}
          <Link
            to={`/admin/customers/view?${new URLSearchParams({ email: filters.customer })}`}
            className="text-reef-dark underline"
          >
            {filters.customer}
          </Link>{" "}
          (placed with that address or signed in to its account) ·{" "}
          <Link to={`?${new URLSearchParams({ view: filters.view })}`} className="text-reef-dark underline">
            Everyone&apos;s orders
          </Link>
        </p>
      ) : null}
      <p className="mt-4 text-sm text-ink-soft">
        {totalExact ? total.toLocaleString("en-US") : `More than ${total.toLocaleString("en-US")}`}{" "}
        {abandoned
          ? total === 1
            ? "abandoned checkout"
            : "abandoned checkouts"
          : `${total === 1 ? "order" : "orders"}${toShip ? " to ship" : ""}`}
        {totalExact ? "" : " (narrow them by status, date, number or address)"}
      </p>
      <DataTable
        columns={[
          { label: "Order" },
          ...(toShip ? [{ label: "Ships" }, { label: "Arrives" }] : [{ label: "Status" }]),
          { label: "Customer" },
          { label: "Total", align: "right" as const },
          { label: "Placed" },
        ]}
        isEmpty={orders.length === 0}
        emptyMessage={
          abandoned
            ? "No abandoned checkouts match these filters."
            : toShip
              ? "Nothing to ship: every paid order has left."
              : "No orders match these filters."
        }
        className="mt-3"
        testId="orders-table"
        label={abandoned ? "Abandoned checkouts" : toShip ? "Orders to ship" : "Orders"}
      >
        {orders.map((o) => (
          <tr
            key={o.id}
            className={
              toShip && o.shipOn && o.shipOn < today ? "bg-coral-light/70 hover:bg-coral-light" : "hover:bg-sand/60"
            }
          >
            <Td className="font-semibold whitespace-nowrap">
              <Link to={`/admin/orders/${o.id}`} className="text-reef-dark underline">
                {o.number}
              </Link>
              {o.source !== "web" ? (
                <span className="block text-xs font-normal text-ink-soft">({o.source})</span>
              ) : null}
            </Td>
            {toShip ? (
              <>
                <Td className="whitespace-nowrap">
                  <ShipDay shipOn={o.shipOn} today={today} />
                </Td>
                <Td className="whitespace-nowrap">{o.arriveOn ? formatShipDay(o.arriveOn) : "—"}</Td>
              </>
            ) : (
              <Td>
                <OrderStatusBadge status={o.status} />
                {abandoned && o.paymentFailure ? (
                  <span className="block text-xs text-ink-soft">
                    last attempt: {describePaymentFailure(o.paymentFailure)}
                  </span>
                ) : null}
              </Td>
            )}
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
      {pages === null && page < filters.page && !filters.after && !filters.before ? (
        <p role="status" className="mt-4 text-sm">
          Page numbers reach back to page {page}. For older orders, set a date in “To”, or search by number or address.
        </p>
      ) : null}
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

/** An order's ship day, said as overdue or today where it is (in words, not by colour alone). */
function ShipDay({ shipOn, today }: { shipOn: string | null; today: string }) {
  if (!shipOn) return <>—</>;
  const day = formatShipDay(shipOn);
  if (shipOn < today)
    return (
      <>
        {day}
        <span className="ml-2 rounded-full bg-coral-text px-2 py-0.5 text-xs font-semibold text-white">Overdue</span>
      </>
    );
  if (shipOn === today)
    return (
      <>
        {day}
        <span className="ml-2 rounded-full bg-ink px-2 py-0.5 text-xs font-semibold text-white">Today</span>
      </>
    );
  return <>{day}</>;
}
