import { data, Form, redirect, useNavigation } from "react-router";
import { ActionResult, AdminPage } from "~/components/admin/admin-page";
import { Field } from "~/components/ui/field";
import { formatCents } from "~/domain/money";
import { ORDER_SOURCES } from "~/domain/order-sources";
import { requireAdmin } from "~/models/admin-access.server";
import { ExternalOrderSchema, recordExternalOrder } from "~/models/admin-new-order.server";
import { loadCatalogueSnapshot } from "~/models/catalogue-snapshot.server";
import type { Route } from "./+types/new-order";
import type { CartItem } from "~/domain/cart-items";

export const meta: Route.MetaFunction = () => [{ title: "Record an order | Back office" }];

const ROWS = 4;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.services, request);
  const catalogue = await loadCatalogueSnapshot(context.services.database.db, { fresh: true });
  return {
    products: catalogue.products.map((p) => ({
      id: p.id,
      title: p.title,
      priceCents: p.priceCents,
      quantity: p.quantity,
    })),
    bundles: catalogue.bundles.map((b) => ({
      id: b.id,
      title: b.name,
      priceCents: b.priceCents,
      quantity: b.quantity,
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(context.services, request);
  const form = await request.formData();
  const get = (k: string) => String(form.get(k) ?? "").trim();
  const items: CartItem[] = [];
  for (let i = 0; i < ROWS; i++) {
    const [kind, id] = get(`item${i}`).split(":");
    const quantity = Number(get(`qty${i}`) || "1");
    if (id && (kind === "product" || kind === "bundle") && Number.isInteger(quantity) && quantity > 0)
      items.push({ kind, id, quantity });
  }
  const comboIds = form.getAll("combo").map(String).filter(Boolean);
  if (comboIds.length >= 2) items.push({ kind: "combo", productIds: comboIds, quantity: 1 });
  if (items.length === 0) return data({ error: "Add at least one item." }, { status: 400 });
  const parsed = ExternalOrderSchema.safeParse({
    customer: { email: get("email"), name: get("name") },
    shippingAddress: get("line1")
      ? {
          line1: get("line1"),
          line2: get("line2") || undefined,
          city: get("city"),
          state: get("state"),
          postalCode: get("postalCode"),
          country: get("country") || "US",
        }
      : undefined,
    source: get("source"),
    externalReference: get("externalReference") || undefined,
  });
  if (!parsed.success)
    return data(
      { error: `${parsed.error.issues[0]?.path.join(".")}: ${parsed.error.issues[0]?.message}` },
      { status: 400 },
    );
  const result = await recordExternalOrder(context.services, { ...parsed.data, items }, admin.email);
  if (!result.ok) return data({ error: result.message }, { status: 409 });
  throw redirect(`/admin/orders/${result.orderId}`);
}

export default function NewOrder({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
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
      <ActionResult error={actionData?.error} />
      <Form method="post" className="mt-4 space-y-6">
        <fieldset className="card space-y-3 p-5">
          <legend className="px-1 font-display text-xl font-semibold">Items</legend>
          {Array.from({ length: ROWS }, (_, i) => (
            <div key={i} className="grid gap-3 sm:grid-cols-[1fr_7rem]">
              <div>
                <label htmlFor={`item${i}`} className="field-label">
                  Item {i + 1}
                </label>
                <select id={`item${i}`} name={`item${i}`} className="field-input" defaultValue="">
                  <option value="">—</option>
                  {options.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
              </div>
              <Field name={`qty${i}`} label="Quantity" type="number" min={1} max={99} defaultValue={1} />
            </div>
          ))}
          <fieldset>
            <legend className="field-label">Custom combo (pick 2 or more; 20–30 % off)</legend>
            <div className="grid gap-1 sm:grid-cols-2">
              {loaderData.products.map((p) => (
                <label key={p.id} className="flex items-center gap-2 text-sm">
                  <input type="checkbox" name="combo" value={p.id} className="h-4 w-4 accent-reef" /> {p.title}
                </label>
              ))}
            </div>
          </fieldset>
        </fieldset>
        <fieldset className="card grid gap-3 p-5 sm:grid-cols-2">
          <legend className="px-1 font-display text-xl font-semibold">Customer and source</legend>
          <Field name="name" label="Customer name" required />
          <Field name="email" label="Customer email" type="email" required />
          <div>
            <label htmlFor="source" className="field-label">
              Source
            </label>
            <select id="source" name="source" className="field-input" defaultValue="phone">
              {ORDER_SOURCES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </div>
          <Field name="externalReference" label="Marketplace item or order id (optional)" />
        </fieldset>
        <fieldset className="card grid gap-3 p-5 sm:grid-cols-2">
          <legend className="px-1 font-display text-xl font-semibold">Shipping address</legend>
          <Field name="line1" label="Street address" className="sm:col-span-2" />
          <Field name="line2" label="Apartment, suite (optional)" className="sm:col-span-2" />
          <Field name="city" label="City" />
          <Field name="state" label="State" />
          <Field name="postalCode" label="ZIP code" />
          <Field name="country" label="Country" defaultValue="US" maxLength={2} />
        </fieldset>
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? "Recording…" : "Record order"}
        </button>
      </Form>
    </AdminPage>
  );
}
