import { Form, Link, useNavigation } from "react-router";
import { ActionResult, AdminPage } from "~/components/admin/admin-page";
import { ProductImageUpload } from "~/components/admin/product-image-upload";
import { Field, TextAreaField } from "~/components/ui/field";
import { formatDateTime } from "~/domain/dates";
import { formIntent, parseForm, resultFor } from "~/domain/forms";
import { centsToDollars, formatCents } from "~/domain/money";
import { CATALOGUE_LIMITS as LIMITS, CatalogueFormSchema, catalogueIntent } from "~/forms/admin-catalogue";
import { requireAdmin } from "~/models/admin-access.server";
import { listStockMovements, updateCatalogueItem } from "~/models/admin-catalogue.server";
import { bundleView, type BundleView } from "~/models/catalogue-view";
import { listBundles, listProducts } from "~/models/catalogue.server";
import { toIso } from "~/models/db-values";
import { formError, formSuccess, invalidForm } from "~/utils/form-response";
import type { Route } from "./+types/catalogue";

export const meta: Route.MetaFunction = () => [{ title: "Catalogue | Back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.services, request);
  const { db } = context.services.database;
  const now = context.services.clock();
  const [products, movements] = await Promise.all([listProducts(db), listStockMovements(db, 20)]);
  const bundles = await listBundles(db, products);
  return {
    items: [
      ...products.map((p) => ({
        kind: "product" as const,
        id: p.id,
        title: p.title,
        description: p.description,
        tags: p.tags.join(", "),
        metadata: JSON.stringify(p.metadata, null, 2),
        priceCents: p.priceCents,
        originalPriceCents: p.originalPriceCents,
        quantity: p.quantity,
        active: p.active,
        validUntil: p.metadata.validUntil ?? null,
        kit: null,
      })),
      ...bundles.map((b) => ({
        kind: "bundle" as const,
        id: b.id,
        title: b.name,
        description: b.description,
        tags: "",
        metadata: "",
        priceCents: b.listPriceCents,
        originalPriceCents: null,
        quantity: b.quantity,
        active: b.active,
        validUntil: null,
        kit: bundleKitSummary(bundleView(b, products, now)),
      })),
    ],
    movements: movements.map((m) => ({ ...m, created_at: toIso(m.created_at)! })),
  };
}

function bundleKitSummary(view: BundleView) {
  return {
    contents: view.productTitles.join(" + "),
    valueCents: view.valueCents,
    chargedCents: view.priceCents,
    savingPercent: view.savingPercent,
    limitedBy: view.limitedBy,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(context.services, request);
  const form = await request.formData();
  const intent = formIntent(form);
  const parsed = parseForm(CatalogueFormSchema, form, intent);
  if (!parsed.success) return invalidForm(parsed.result);
  const { kind, id, update } = parsed.data;
  const current = await updateCatalogueItem(
    context.services.database.db,
    kind,
    id,
    update,
    admin.email,
    context.services.clock(),
  );
  if (!current) return formError("This item no longer exists.", { intent, status: 404 });
  return formSuccess("Saved.", { intent });
}

export default function AdminCatalogue({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  // Every item has its own form: only the one posted shows the answer.
  const resultOf = (item: { kind: "product" | "bundle"; id: string }) => resultFor(actionData, catalogueIntent(item));
  const errorOf = (item: { kind: "product" | "bundle"; id: string }, field: string) =>
    resultOf(item)?.fieldErrors?.[field];
  return (
    <AdminPage
      headingId="catalogue-heading"
      title="Catalogue"
      intro="Prices in dollars. Every stock change needs a reason and is logged with your name."
    >
      <ul className="mt-6 space-y-4">
        {loaderData.items.map((item) => (
          <li key={`${item.kind}-${item.id}`} className="card p-5" data-testid={`catalogue-${item.id}`}>
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 className="text-lg font-semibold">
                <Link to={`/product/${item.id}`} className="hover:underline">
                  {item.title}
                </Link>{" "}
                <span className="text-sm font-normal text-ink-soft">({item.kind})</span>
              </h2>
              <p className="text-sm text-ink-soft">
                {formatCents(item.priceCents)} · {item.quantity} in stock
              </p>
            </div>
            {item.kit ? (
              <p className="mt-1 text-sm text-ink-soft" data-testid={`kit-${item.id}`}>
                Contents: {item.kit.contents} · worth {formatCents(item.kit.valueCents)} at current prices ·{" "}
                {item.kit.chargedCents !== item.priceCents
                  ? `charged ${formatCents(item.kit.chargedCents)} (kept within 70–100 % of the contents) · `
                  : ""}
                {item.kit.savingPercent !== null ? `saves ${item.kit.savingPercent}%` : "no saving"} · stock limited by{" "}
                {item.kit.limitedBy ?? "nothing (no contents)"}
              </p>
            ) : null}
            {resultOf(item) ? <ActionResult result={resultOf(item)} className="mt-3" /> : null}
            <Form
              method="post"
              className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-[8rem_8rem_7rem_1fr_auto] lg:items-end"
            >
              <input type="hidden" name="intent" value={catalogueIntent(item)} />
              <input type="hidden" name="id" value={item.id} />
              <input type="hidden" name="kind" value={item.kind} />
              {item.kind === "product" ? <input type="hidden" name="currentQuantity" value={item.quantity} /> : null}
              <Field
                id={`price-${item.id}`}
                label="Price ($)"
                name="price"
                type="number"
                step="0.01"
                min="0"
                max={LIMITS.maxDollars}
                defaultValue={centsToDollars(item.priceCents)}
                error={errorOf(item, "price")}
              />
              {item.kind === "product" ? (
                <Field
                  id={`was-${item.id}`}
                  label="Was ($)"
                  name="originalPrice"
                  type="number"
                  step="0.01"
                  min="0"
                  max={LIMITS.maxDollars}
                  defaultValue={item.originalPriceCents === null ? "" : centsToDollars(item.originalPriceCents)}
                  error={errorOf(item, "originalPrice")}
                />
              ) : (
                <span />
              )}
              {item.kind === "product" ? (
                <>
                  <Field
                    id={`qty-${item.id}`}
                    label="Stock"
                    name="quantity"
                    type="number"
                    min="0"
                    max={LIMITS.quantity}
                    step="1"
                    defaultValue={item.quantity}
                    error={errorOf(item, "quantity")}
                  />
                  <Field
                    id={`reason-${item.id}`}
                    label="Reason for a stock change"
                    name="stockReason"
                    placeholder="e.g. weekly harvest, stock count"
                    minLength={3}
                    maxLength={LIMITS.stockReason}
                    error={errorOf(item, "stockReason")}
                  />
                </>
              ) : (
                // A bundle's stock is what its contents make: change the products' stock instead.
                <>
                  <span />
                  <span />
                </>
              )}
              <button type="submit" className="btn-primary" disabled={busy}>
                Save
              </button>
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="active" defaultChecked={item.active} className="h-4 w-4 accent-reef" /> On
                sale
              </label>
              <details
                className="sm:col-span-2 lg:col-span-5"
                // Opened when a field inside needs a fix, so its message is seen.
                open={["title", "description", "tags", "metadata"].some((f) => errorOf(item, f)) ? true : undefined}
              >
                <summary className="cursor-pointer text-sm font-semibold text-reef-dark">
                  Title, description{item.kind === "product" ? ", tags and details" : ""}
                </summary>
                <div className="mt-3 grid gap-3">
                  <Field
                    id={`title-${item.id}`}
                    label="Title"
                    name="title"
                    defaultValue={item.title}
                    required
                    minLength={2}
                    maxLength={LIMITS.title}
                    error={errorOf(item, "title")}
                  />
                  <TextAreaField
                    id={`desc-${item.id}`}
                    label="Description"
                    name="description"
                    defaultValue={item.description}
                    rows={4}
                    required
                    minLength={10}
                    maxLength={LIMITS.description}
                    error={errorOf(item, "description")}
                  />
                  {item.kind === "product" ? (
                    <>
                      <Field
                        id={`tags-${item.id}`}
                        label="Tags (comma-separated)"
                        name="tags"
                        defaultValue={item.tags}
                        maxLength={LIMITS.tagsText}
                        error={errorOf(item, "tags")}
                      />
                      <TextAreaField
                        id={`meta-${item.id}`}
                        label="Details (metadata, JSON)"
                        name="metadata"
                        defaultValue={item.metadata}
                        rows={6}
                        maxLength={LIMITS.metadataText}
                        className="[&_textarea]:font-mono [&_textarea]:text-xs"
                        error={errorOf(item, "metadata")}
                      />
                    </>
                  ) : null}
                </div>
              </details>
              {item.validUntil !== null ? (
                <>
                  <input type="hidden" name="hasValidUntil" value="on" />
                  <Field
                    className="lg:col-span-2"
                    id={`valid-${item.id}`}
                    label="Offer valid until"
                    name="validUntil"
                    type="date"
                    defaultValue={item.validUntil}
                    error={errorOf(item, "validUntil")}
                  />
                </>
              ) : null}
            </Form>
            {item.kind === "product" ? (
              <div className="mt-3 border-t border-line pt-3">
                <ProductImageUpload productId={item.id} />
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      <section aria-labelledby="movements-heading" className="card mt-8 overflow-x-auto p-5">
        <h2 id="movements-heading" className="text-xl font-semibold">
          Recent stock movements
        </h2>
        {loaderData.movements.length === 0 ? (
          <p className="mt-3 text-sm text-ink-soft">
            No stock changes yet: orders, cancellations and your edits appear here.
          </p>
        ) : (
          <table className="mt-3 w-full text-left text-sm">
            <thead>
              <tr className="border-b border-line">
                <th scope="col" className="py-2">
                  When (UTC)
                </th>
                <th scope="col" className="py-2">
                  Item
                </th>
                <th scope="col" className="py-2 text-right">
                  Change
                </th>
                <th scope="col" className="py-2">
                  Reason
                </th>
                <th scope="col" className="py-2">
                  By
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {loaderData.movements.map((m) => (
                <tr key={m.id}>
                  <td className="py-2 whitespace-nowrap">{formatDateTime(m.created_at, "short")}</td>
                  <td className="py-2">{m.item_id}</td>
                  <td className={`py-2 text-right font-semibold ${m.delta < 0 ? "text-coral-text" : "text-chaeto"}`}>
                    {m.delta > 0 ? `+${m.delta}` : m.delta}
                  </td>
                  <td className="py-2">{m.reason}</td>
                  <td className="py-2 text-ink-soft">{m.actor}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </AdminPage>
  );
}
