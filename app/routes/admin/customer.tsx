import { data, Link, useNavigation } from "react-router";
import { AdminPage, AdminRouteError } from "#app/components/admin/admin-page";
import { CustomerActions } from "#app/components/admin/customer-actions";
import { DataTable, Td } from "#app/components/admin/data-table";
import { MessageThreadCard } from "#app/components/admin/message-thread";
import { OrderStatusBadge } from "#app/components/admin/status-badge";
import { formatDate, formatDateTime } from "#app/domain/dates";
import { resultFor } from "#app/domain/forms";
import { formatCents } from "#app/domain/money";
import { messageIntent } from "#app/forms/admin-messages";
import { requireAdmin } from "#app/models/back-office/access.server";
import { getCustomer } from "#app/models/back-office/customers.server";
import { listMessageThreads } from "#app/models/back-office/messages.server";
import { mailIsSent } from "#app/models/mail-setup.server";
import { answerMessageForm } from "#app/routes/edge/message-reply.server";
import type { OrderStatus } from "#app/domain/order-status";
import type { Route } from "./+types/customer";

export const meta: Route.MetaFunction = ({ data: page }) => [
  { title: `${page && "customer" in page ? page.customer.name : "Customer"} | Back office` },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(context.services, request);
  const email = (new URL(request.url).searchParams.get("email") ?? "").replace(/\0/g, "").slice(0, 320);
  const { db } = context.services.database;
  const customer = email ? await getCustomer(db, email) : null;
  if (!customer) throw data({ message: "No customer has that email address." }, { status: 404 });
  const threads = await listMessageThreads(db, { email: customer.email });
  return { customer, threads, me: admin.email.toLowerCase(), mailSent: mailIsSent(context.services.config) };
}

/** The message threads' reply and "mark handled" forms post here, as on the messages screen. */
export const action = ({ request, context }: Route.ActionArgs) => answerMessageForm(context, request);

export default function AdminCustomer({ loaderData, actionData }: Route.ComponentProps) {
  const { customer, threads, me } = loaderData;
  const resultOn = (id: number) =>
    resultFor(actionData, messageIntent("reply", id)) ?? resultFor(actionData, messageIntent("handled", id));
  const busy = useNavigation().state === "submitting";
  const { account } = customer;
  return (
    <AdminPage
      headingId="customer-heading"
      title={customer.name}
      intro={
        <>
          {customer.email} ·{" "}
          {account
            ? `${account.role === "admin" ? "admin" : "account"} since ${formatDate(account.createdAt)}, ${account.emailVerified ? "verified" : "unverified"}${account.banned ? ", banned" : ""}`
            : "guest (no account)"}
        </>
      }
      actions={
        <Link to="/admin/customers" className="btn-secondary">
          All customers
        </Link>
      }
    >
      <dl className="mt-4 grid grid-cols-2 gap-3 sm:max-w-md">
        <div className="card p-4">
          {/* The list below also holds cancelled orders and unpaid checkouts: this counts what was bought. */}
          <dt className="text-sm text-ink-soft">Orders bought</dt>
          <dd className="text-2xl font-semibold">{customer.boughtCount}</dd>
        </div>
        <div className="card p-4">
          <dt className="text-sm text-ink-soft">Total spent</dt>
          <dd className="text-2xl font-semibold">{formatCents(customer.spentCents)}</dd>
        </div>
      </dl>
      {account && customer.email !== me ? (
        <div className="mt-4">
          <CustomerActions account={account} busy={busy} action="/admin/customers" />
        </div>
      ) : null}

      <div className="mt-8 flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-xl font-semibold">{customer.moreOrders ? "Latest orders" : "Orders"}</h2>
        {customer.moreOrders ? (
          <Link
            to={`/admin/orders?${new URLSearchParams({ customer: customer.email })}`}
            className="text-sm text-reef-dark underline"
          >
            All their orders
          </Link>
        ) : null}
      </div>
      <DataTable
        columns={[{ label: "Order" }, { label: "Placed" }, { label: "Status" }, { label: "Total", align: "right" }]}
        isEmpty={customer.orders.length === 0}
        emptyMessage="No orders yet."
        testId="customer-orders"
      >
        {customer.orders.map((o) => (
          <tr key={o.id}>
            <Td>
              <Link to={`/admin/orders/${o.id}`} className="font-mono font-semibold text-reef-dark underline">
                {o.number}
              </Link>
            </Td>
            <Td>{formatDateTime(o.createdAt)}</Td>
            <Td>
              <OrderStatusBadge status={o.status as OrderStatus} />
            </Td>
            <Td align="right">
              {formatCents(o.totalCents)}
              {o.refundedCents > 0 ? (
                <span className="block text-xs text-ink-soft">{formatCents(o.refundedCents)} refunded</span>
              ) : null}
            </Td>
          </tr>
        ))}
      </DataTable>

      <h2 className="mt-8 text-xl font-semibold">Messages</h2>
      {threads.length === 0 ? (
        <p className="card mt-4 p-8 text-center text-ink-soft">No messages from this address.</p>
      ) : (
        <ul className="mt-4 space-y-4">
          {threads.map((thread) => (
            <MessageThreadCard
              key={thread.id}
              thread={thread}
              result={resultOn(thread.id)}
              headingLevel={3}
              mailSent={loaderData.mailSent}
            />
          ))}
        </ul>
      )}
    </AdminPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} list={{ to: "/admin/customers", label: "All customers" }} />;
}
