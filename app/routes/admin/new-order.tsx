import { Form, redirect, useNavigation } from "react-router";
import { ActionResult, AdminPage } from "#app/components/admin/admin-page";
import { Field, SelectField } from "#app/components/ui/field";
import { inShopWindow } from "#app/domain/availability";
import { isComboEligible } from "#app/domain/cart";
import { parseForm } from "#app/domain/forms";
import { formatCents } from "#app/domain/money";
import { ORDER_SOURCES } from "#app/domain/order-sources";
import { NEW_ORDER_LIMITS as LIMITS, NEW_ORDER_ROWS, NewOrderFormSchema } from "#app/forms/admin-new-order";
import { requireAdmin } from "#app/models/back-office/access.server";
import { recordExternalOrder } from "#app/models/back-office/new-order.server";
import { loadCatalogueSnapshot } from "#app/models/catalogue/catalogue-snapshot.server";
import { formError, invalidForm } from "#app/utils/form-response";
import type { Route } from "./+types/new-order";

export const meta: Route.MetaFunction = () => [{ title: "Record an order | Back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.services, request);
  const catalogue = await loadCatalogueSnapshot(context.services.database.db, { fresh: true });
  const now = context.services.clock();
  // Only what can be sold today: an ended offer or an unlisted item would be refused on submit.
  return {
    products: catalogue.products
      .filter((p) => inShopWindow(p, now))
      .map((p) => ({
        id: p.id,
        title: p.title,
        priceCents: p.priceCents,
        quantity: p.quantity,
        comboEligible: isComboEligible(p),
      })),
    bundles: catalogue.bundles
      .filter((b) => inShopWindow(b, now))
      .map((b) => ({
        id: b.id,
        title: b.name,
        priceCents: b.priceCents,
        quantity: b.quantity,
      })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(context.services, request);
  const parsed = parseForm(NewOrderFormSchema, await request.formData(), "record");
  if (!parsed.success) return invalidForm(parsed.result);
  const result = await recordExternalOrder(context.services, parsed.data, admin.email);
  if (!result.ok) return formError(result.message, { intent: "record", status: 409 });
  throw redirect(`/admin/orders/${result.orderId}`);
}

export default function NewOrder({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const errors = actionData?.fieldErrors ?? {};
  const options = [
    ...loaderData.products.map((p) => ({
      value: `product:${p.id}`,
      label: `${p.title} — ${formatCents(p.priceCents)} (${p.quantity} in stock)`,
    })),
    ...loaderData.bundles.map((b) => ({
      value: `bundle:${b.id}`,
      label: `Bundle: ${b.title} — ${formatCents(b.priceCents)} (${b.quantity} in stock)`,
    })),
  ];
  return (
    <AdminPage
      headingId="new-order-heading"
      title="Record an order"
      intro="For orders taken by phone or on a marketplace. Prices come from the catalogue; stock is reserved as at checkout; payment is recorded as external."
    >
      <ActionResult result={actionData} />
      <Form method="post" className="mt-4 space-y-6">
        <fieldset className="card space-y-3 p-5">
          <legend className="px-1 font-display text-xl font-semibold">Items</legend>
          {Array.from({ length: NEW_ORDER_ROWS }, (_, i) => (
            <div key={i} className="grid gap-3 sm:grid-cols-[1fr_7rem]">
              <SelectField
                name={`item${i}`}
                label={`Item ${i + 1}`}
                defaultValue=""
                options={[{ value: "", label: "—" }, ...options]}
                error={errors[`item${i}`]}
              />
              <Field
                name={`qty${i}`}
                label="Quantity"
                type="number"
                min={1}
                max={LIMITS.quantity}
                defaultValue={1}
                error={errors[`qty${i}`]}
              />
            </div>
          ))}
          <fieldset aria-describedby={errors.combo ? "combo-error" : undefined}>
            <legend className="field-label">Custom combo (pick 2 or more; 20–30 % off)</legend>
            <div className="grid gap-1 sm:grid-cols-2">
              {loaderData.products
                .filter((p) => p.comboEligible)
                .map((p) => (
                  <label key={p.id} className="flex items-center gap-2 text-sm">
                    <input type="checkbox" name="combo" value={p.id} className="h-4 w-4 accent-reef" /> {p.title}
                  </label>
                ))}
            </div>
            {errors.combo ? (
              <p id="combo-error" className="mt-1 text-sm font-medium text-coral-text">
                {errors.combo}
              </p>
            ) : null}
          </fieldset>
        </fieldset>
        <fieldset className="card grid gap-3 p-5 sm:grid-cols-2">
          <legend className="px-1 font-display text-xl font-semibold">Customer and source</legend>
          <Field name="name" label="Customer name" required maxLength={LIMITS.name} error={errors.name} />
          <Field
            name="email"
            label="Customer email"
            type="email"
            required
            maxLength={LIMITS.email}
            error={errors.email}
          />
          <SelectField
            name="source"
            label="Source"
            defaultValue="phone"
            options={ORDER_SOURCES.map((s) => ({ value: s, label: s }))}
            error={errors.source}
          />
          <Field
            name="externalReference"
            label="Marketplace item or order id (optional)"
            maxLength={LIMITS.externalReference}
            error={errors.externalReference}
          />
        </fieldset>
        <fieldset className="card grid gap-3 p-5 sm:grid-cols-2">
          <legend className="px-1 font-display text-xl font-semibold">Shipping address</legend>
          <Field
            name="line1"
            label="Street address"
            className="sm:col-span-2"
            maxLength={LIMITS.line1}
            error={errors.line1}
          />
          <Field
            name="line2"
            label="Apartment, suite (optional)"
            className="sm:col-span-2"
            maxLength={LIMITS.line2}
            error={errors.line2}
          />
          <Field name="city" label="City" maxLength={LIMITS.city} error={errors.city} />
          <Field name="state" label="State" maxLength={LIMITS.state} error={errors.state} />
          <Field name="postalCode" label="ZIP code" maxLength={LIMITS.postalCode} error={errors.postalCode} />
          <Field
            name="country"
            label="Country"
            defaultValue="US"
            minLength={2}
            maxLength={LIMITS.country}
            error={errors.country}
          />
        </fieldset>
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? "Recording…" : "Record order"}
        </button>
      </Form>
    </AdminPage>
  );
}
