import { Printer } from "lucide";
import { data, Form, Link, useNavigation } from "react-router";
import { ActionResult, AdminRouteError } from "#app/components/admin/admin-page";
import { OrderStatusBadge } from "#app/components/admin/status-badge";
import { OrderSummary } from "#app/components/order-summary";
import { PostalAddress } from "#app/components/postal-address";
import { Field, TextAreaField } from "#app/components/ui/field";
import { Icon } from "#app/components/ui/icon";
import { formatDateTime } from "#app/domain/dates";
import { formIntent, parseForm, resultFor } from "#app/domain/forms";
import { formatCents } from "#app/domain/money";
import { STATUS_LABELS } from "#app/domain/order-status";
import { describePaymentFailure } from "#app/domain/payment-failures";
import { describeDelivery } from "#app/domain/ship-calendar";
import { ORDER_FORM_LIMITS as LIMITS, OrderFormSchema } from "#app/forms/admin-order";
import { requireAdmin } from "#app/models/back-office/access.server";
import {
  ActionRefused,
  availableActions,
  listOrderNotes,
  orderHistory,
  performOrderAction,
} from "#app/models/back-office/orders.server";
import { ownerNoMailNotice, queuedMailNote } from "#app/models/mail-setup.server";
import { OrderTransitionError } from "#app/models/orders/order-lifecycle.server";
import { getOrder } from "#app/models/orders/orders.server";
import { listPaymentAttempts, listRefunds } from "#app/models/orders/refunds.server";
import { weatherOf } from "#app/models/shipping/weather-holds.server";
import { formError, formSuccess, invalidForm } from "#app/utils/form-response";
import type { Route } from "./+types/order";

const REFUND_LABELS: Record<string, string> = {
  pending: "refund pending",
  submitted: "sent to the provider, settling",
  succeeded: "refunded",
  failed: "failed: refund by hand",
};

export const meta: Route.MetaFunction = ({ data: d }) => [{ title: `${d?.order.number ?? "Order"} | Back office` }];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(context.services, request);
  const order = /^[0-9a-f-]{36}$/.test(params.orderId)
    ? await getOrder(context.services.database.db, params.orderId)
    : null;
  if (!order) throw data(null, { status: 404 });
  return {
    order,
    history: orderHistory(order.events),
    notes: await listOrderNotes(context.services.database.db, order.id),
    refunds: await listRefunds(context.services.database.db, order.id),
    attempts: await listPaymentAttempts(context.services.database.db, order.id),
    actions: availableActions(order, context.services.clock()),
    noMailNotice: ownerNoMailNotice(context.services.config),
    ...(await weatherOf(context.services.database.db, order)),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requireAdmin(context.services, request);
  const form = await request.formData();
  const intent = formIntent(form);
  const parsed = parseForm(OrderFormSchema, form, intent);
  if (!parsed.success) return invalidForm(parsed.result);
  try {
    await performOrderAction(context.services, params.orderId, parsed.data, admin.email);
    // Every action but a note mails the customer.
    return formSuccess(`Done.${intent === "note" ? "" : queuedMailNote(context.services.config)}`, { intent });
  } catch (err) {
    if (err instanceof OrderTransitionError && intent === "partial-refund")
      // The amount is what the lifecycle refused (more than is left, or all of it): say so at the field.
      return formError(err.message, { intent, status: 409, fieldErrors: { amount: err.message } });
    if (err instanceof OrderTransitionError || err instanceof ActionRefused)
      return formError(err.message, { intent, status: 409 });
    throw err;
  }
}

export default function AdminOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { order, history, notes, actions, refunds, attempts, noMailNotice, weather, pack } = loaderData;
  const busy = useNavigation().state === "submitting";
  const a = order.shippingAddress;
  const errorOf = (intent: string, field: string) => resultFor(actionData, intent)?.fieldErrors?.[field];
  return (
    <section aria-labelledby="order-heading">
      <Link to="/admin/orders" className="text-sm font-semibold text-reef-dark underline">
        ← All orders
      </Link>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <h1 id="order-heading" className="text-3xl font-semibold">
          {order.number}
        </h1>
        <OrderStatusBadge status={order.status} />
        <Link to={`/admin/orders/${order.id}/slip`} className="btn-secondary ml-auto min-h-10">
          <Icon icon={Printer} aria-hidden="true" className="h-4 w-4" /> Packing slip
        </Link>
      </div>
      <p className="mt-1 text-sm text-ink-soft">
        Placed {formatDateTime(order.createdAt)} UTC · source {order.source}
        {order.externalReference ? ` (${order.externalReference})` : ""}
      </p>
      <div className="mt-4 grid gap-6 xl:grid-cols-[1.3fr_1fr]">
        <div className="space-y-6">
          <div className="card p-5">
            <h2 className="text-xl font-semibold">Items</h2>
            <OrderSummary order={order} savingsLabel="Discount" />
          </div>
          <div className="card p-5">
            <h2 className="text-xl font-semibold">History</h2>
            <ol className="mt-3 space-y-2 text-sm" data-testid="order-history-events">
              {history.map((e, i) => (
                <li key={i} className="flex flex-wrap gap-x-2">
                  <span className="text-ink-soft">{formatDateTime(e.createdAt, "short")}</span>
                  <strong>{STATUS_LABELS[e.toStatus]}</strong>
                  {/* A cancellation without a reason notes "Cancelled": not said twice. */}
                  {e.note && e.note !== STATUS_LABELS[e.toStatus] ? <span>— {e.note}</span> : null}
                  {e.actor ? <span className="text-ink-soft">({e.actor})</span> : null}
                </li>
              ))}
            </ol>
          </div>
          <div className="card p-5">
            <h2 className="text-xl font-semibold">Internal notes</h2>
            {notes.length === 0 ? <p className="mt-2 text-sm text-ink-soft">No notes yet.</p> : null}
            <ul className="mt-2 space-y-2 text-sm">
              {notes.map((n) => (
                <li key={n.id} className="rounded-lg bg-sand p-3">
                  <p className="whitespace-pre-wrap">{n.body}</p>
                  <p className="mt-1 text-xs text-ink-soft">
                    {n.author} · {formatDateTime(n.createdAt, "short")}
                  </p>
                </li>
              ))}
            </ul>
            <ActionResult result={resultFor(actionData, "note")} className="mt-3" />
            <Form method="post" className="mt-3 space-y-2">
              <input type="hidden" name="intent" value="note" />
              <TextAreaField
                id="note-body"
                label="Add a note"
                name="body"
                required
                maxLength={LIMITS.note}
                rows={2}
                error={errorOf("note", "body")}
              />
              <button type="submit" className="btn-secondary" disabled={busy}>
                Save note
              </button>
            </Form>
          </div>
        </div>
        <div className="space-y-6">
          <div className="card p-5 text-sm">
            <h2 className="text-xl font-semibold">Customer</h2>
            <p className="mt-2 font-semibold">{order.customerName}</p>
            <p>
              <a href={`mailto:${order.email}`} className="text-reef-dark underline">
                {order.email}
              </a>
            </p>
            {a ? (
              <>
                <PostalAddress address={a} fallbackName={order.customerName} className="mt-3 text-ink-soft" />
                {order.shipOn && order.arriveOn ? (
                  <p className="mt-2 font-semibold" data-testid="order-delivery">
                    {describeDelivery({ shipOn: order.shipOn, arriveOn: order.arriveOn })}
                  </p>
                ) : null}
                {weather ? (
                  <p className="mt-1" data-testid="order-weather" data-outcome={weather.outcome}>
                    {pack ? <strong>{pack === "heat" ? "Heat pack" : "Cold pack"} in the box. </strong> : null}
                    <span className="text-ink-soft">{weather.note}</span>
                  </p>
                ) : null}
              </>
            ) : (
              <p className="mt-3 text-ink-soft">Digital order: nothing to ship.</p>
            )}
            <h3 className="mt-4 font-sans text-sm font-semibold uppercase">Payment</h3>
            <p className="text-ink-soft">
              {order.paymentProvider} · {order.paymentReference ?? "no reference"}
              {order.paymentFailure ? ` · last failure: ${describePaymentFailure(order.paymentFailure)}` : ""}
              {order.refundedCents > 0 ? ` · refunded ${formatCents(order.refundedCents)}` : ""}
            </p>
            {attempts.length > 0 ? (
              <div className="mt-2" data-testid="payment-attempts">
                <h3 className="font-sans text-sm font-semibold uppercase">Payment attempts</h3>
                <ul className="text-ink-soft">
                  {attempts.map((t) => (
                    <li key={t.id}>
                      {formatDateTime(t.createdAt, "short")} · {t.outcome}
                      {t.reason ? `: ${t.reason}` : ""}
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            {refunds.length > 0 ? (
              <div className="mt-2" data-testid="refunds">
                <h3 className="font-sans text-sm font-semibold uppercase">Refunds</h3>
                <ul className="text-ink-soft">
                  {refunds.map((r) => (
                    <li key={r.id}>
                      {formatCents(r.amountCents)} ·{" "}
                      {r.status === "succeeded" && r.providerRefundId === "external"
                        ? "paid outside the shop: refund it there"
                        : (REFUND_LABELS[r.status] ?? r.status)}
                      {r.lastError ? ` (last error: ${r.lastError})` : ""}
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            {order.trackingNumber ? (
              <p className="mt-2">
                Shipped with {order.carrier}, tracking <strong>{order.trackingNumber}</strong>
              </p>
            ) : null}
          </div>
          <div className="card space-y-5 p-5" data-testid="order-actions">
            <h2 className="text-xl font-semibold">Actions</h2>
            {/* Beside the forms it answers: on a phone the top of the page is far above the button pressed. */}
            <ActionResult result={resultFor(actionData, "note") ? null : actionData} className="" />
            {noMailNotice && actions.length > 1 ? (
              <p className="rounded-xl bg-gold-light p-3 text-sm" data-testid="no-mail-notice">
                {noMailNotice}{" "}
                <Link to="/admin/outbox" className="font-semibold text-reef-dark underline">
                  Outbox
                </Link>
              </p>
            ) : null}
            {actions.includes("ship") ? (
              <Form method="post" className="space-y-3">
                <input type="hidden" name="intent" value="ship" />
                <Field
                  name="carrier"
                  label="Carrier"
                  required
                  minLength={2}
                  maxLength={LIMITS.carrier}
                  defaultValue="USPS"
                  error={errorOf("ship", "carrier")}
                />
                <Field
                  name="trackingNumber"
                  label="Tracking number"
                  required
                  minLength={4}
                  maxLength={LIMITS.trackingNumber}
                  error={errorOf("ship", "trackingNumber")}
                />
                <button type="submit" className="btn-primary" disabled={busy}>
                  {noMailNotice ? "Mark shipped" : "Mark shipped and email the customer"}
                </button>
              </Form>
            ) : null}
            {actions.includes("deliver") ? (
              <Form method="post">
                <input type="hidden" name="intent" value="deliver" />
                <button type="submit" className="btn-secondary" disabled={busy}>
                  Mark delivered
                </button>
              </Form>
            ) : null}
            {actions.includes("cancel") ? (
              <Form
                method="post"
                className="space-y-2"
                data-early-submit
                onSubmit={(e) =>
                  !confirm("Cancel this order? Stock goes back; a paid order is refunded.") && e.preventDefault()
                }
              >
                <input type="hidden" name="intent" value="cancel" />
                <Field
                  id="cancel-reason"
                  name="reason"
                  label="Cancellation reason (optional)"
                  maxLength={LIMITS.reason}
                  error={errorOf("cancel", "reason")}
                />
                <button type="submit" className="btn bg-coral-text text-white hover:bg-[#8f2e11]" disabled={busy}>
                  {order.status === "paid" ? "Cancel and refund" : "Cancel order"}
                </button>
              </Form>
            ) : null}
            {actions.includes("refund") ? (
              <Form
                method="post"
                className="space-y-2"
                data-early-submit
                onSubmit={(e) => !confirm("Refund this order in full?") && e.preventDefault()}
              >
                <input type="hidden" name="intent" value="refund" />
                <Field
                  id="refund-reason"
                  name="reason"
                  label="Refund reason (optional)"
                  maxLength={LIMITS.reason}
                  error={errorOf("refund", "reason")}
                />
                <button type="submit" className="btn bg-coral-text text-white hover:bg-[#8f2e11]" disabled={busy}>
                  Refund in full
                </button>
              </Form>
            ) : null}
            {actions.includes("partial-refund") ? (
              <Form
                // A new form after each refund: the amount just refunded is not left in the box to send again.
                key={order.refundedCents}
                method="post"
                className="space-y-2"
                data-early-submit
                onSubmit={(e) => !confirm("Refund this amount to the customer?") && e.preventDefault()}
              >
                <input type="hidden" name="intent" value="partial-refund" />
                <input type="hidden" name="refundedCents" value={order.refundedCents} />
                <Field
                  id="partial-refund-amount"
                  name="amount"
                  label={`Refund part of it (up to ${formatCents(order.totalCents - order.refundedCents)}, in dollars)`}
                  inputMode="decimal"
                  required
                  error={errorOf("partial-refund", "amount")}
                />
                <Field
                  id="partial-refund-reason"
                  name="reason"
                  label="Partial refund reason (optional)"
                  maxLength={LIMITS.reason}
                  error={errorOf("partial-refund", "reason")}
                />
                <button type="submit" className="btn-secondary" disabled={busy}>
                  Refund this amount
                </button>
              </Form>
            ) : null}
            {actions.length === 1 ? (
              <p className="text-sm text-ink-soft">This order is closed; only notes can be added.</p>
            ) : null}
          </div>
        </div>
      </div>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} list={{ to: "/admin/orders", label: "All orders" }} />;
}
