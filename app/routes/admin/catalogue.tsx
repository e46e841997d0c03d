import { Form, Link, useNavigation } from "react-router";
import { ActionResult, AdminPage } from "#app/components/admin/admin-page";
import { DataTable, Td } from "#app/components/admin/data-table";
import { FormActions } from "#app/components/admin/form-actions";
import { ProductDetailsFields } from "#app/components/admin/product-details-fields";
import { ProductPhotos } from "#app/components/admin/product-image-upload";
import { useUnsavedChanges } from "#app/components/admin/unsaved-changes";
import { Field, TextAreaField } from "#app/components/ui/field";
import { isOfferExpired } from "#app/domain/availability";
import { formatDateTime } from "#app/domain/dates";
import { formIntent, parseForm, resultFor } from "#app/domain/forms";
import { catalogImageUrl } from "#app/domain/images";
import { centsToDollars, formatCents } from "#app/domain/money";
import { REDUCTION_SHOWN_DAYS } from "#app/domain/reference-price";
import { DEFAULT_SAVING_PERCENT } from "#app/domain/subscriptions";
import { CATALOGUE_LIMITS as LIMITS, CatalogueFormSchema, catalogueIntent } from "#app/forms/admin-catalogue";
import { PhotoFormSchema, PhotoUploadSchema, photoIntent } from "#app/forms/admin-catalogue-photos";
import { splitDetails } from "#app/forms/admin-product-details";
import { requireAdmin } from "#app/models/back-office/access.server";
import {
  listStockMovements,
  StockChangedMeanwhile,
  updateCatalogueItem,
} from "#app/models/back-office/catalogue.server";
import {
  addProductPhoto,
  changeProductPhoto,
  finalizeRemovedPhotos,
  listProductPhotos,
  PHOTO_UNDO_MS,
} from "#app/models/catalogue/catalogue-images.server";
import { bundleView, type BundleView } from "#app/models/catalogue/catalogue-view";
import { listBundles, listProducts } from "#app/models/catalogue/catalogue.server";
import { StorageError } from "#app/services/storage/storage.server";
import { formError, formSuccess, invalidForm } from "#app/utils/form-response";
import type { Route } from "./+types/catalogue";

export const meta: Route.MetaFunction = () => [{ title: "Catalogue | Back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(context.services, request);
  const { db } = context.services.database;
  const now = context.services.clock();
  // Removals past their undo window become final here (rows and stored files go).
  await finalizeRemovedPhotos(db, context.services.storage, now);
  const [products, movements] = await Promise.all([listProducts(db), listStockMovements(db, 20)]);
  const [bundles, photos] = await Promise.all([
    listBundles(db, products),
    listProductPhotos(
      db,
      products.map((p) => p.id),
    ),
  ]);
  const titles = new Map<string, string>(products.map((p) => [p.id, p.title]));
  return {
    undoMinutes: PHOTO_UNDO_MS / 60_000,
    items: [
      ...products.map((p) => ({
        kind: "product" as const,
        id: p.id,
        title: p.title,
        description: p.description,
        tags: p.tags.join(", "),
        details: splitDetails(p.metadata as Record<string, unknown>),
        photos: (photos.get(p.id) ?? []).map(({ id, key, status, removedAt }) => ({
          id,
          key,
          thumbUrl: catalogImageUrl(key, 240, "webp"),
          status,
          removedAt,
        })),
        priceCents: p.priceCents,
        originalPriceCents: p.originalPriceCents,
        quantity: p.quantity,
        active: p.active,
        // An offer past its date is listed but no longer sold: the hint must not say "Shown in the shop".
        endedOn: isOfferExpired(p, now) ? String(p.metadata.validUntil) : null,
        subscribeSavingPercent: p.subscribeSavingPercent ?? null,
        kit: null,
      })),
      ...bundles.map((b) => ({
        kind: "bundle" as const,
        id: b.id,
        title: b.name,
        description: b.description,
        tags: "",
        details: null,
        photos: [],
        priceCents: b.listPriceCents,
        originalPriceCents: null,
        quantity: b.quantity,
        active: b.active,
        kit: bundleKitSummary(bundleView(b, products, now)),
      })),
    ],
    movements: movements.map((m) => ({
      ...m,
      // Both drivers' timestamps (a Date, or text) as one ISO string.
      createdAt: new Date(m.createdAt).toISOString(),
      itemTitle: titles.get(m.itemId) ?? bundles.find((b) => b.id === m.itemId)?.name ?? m.itemId,
      by: m.by.kind === "admin" && m.by.email === admin.email ? ({ kind: "you" } as const) : m.by,
    })),
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
  if (intent.startsWith("photos:")) return photoAction(context.services, form, intent);
  const parsed = parseForm(CatalogueFormSchema, form, intent);
  if (!parsed.success) return invalidForm(parsed.result);
  const { kind, id, update } = parsed.data;
  let current;
  try {
    current = await updateCatalogueItem(
      context.services.database.db,
      kind,
      id,
      update,
      admin.email,
      context.services.clock(),
    );
  } catch (err) {
    if (err instanceof StockChangedMeanwhile)
      return formError(err.message, { intent, status: 409, fieldErrors: { quantity: err.message } });
    throw err;
  }
  if (!current) return formError("This item no longer exists.", { intent, status: 404 });
  return formSuccess("Saved.", { intent });
}

/** A product photo's upload or change (decision 021): each answers for that product's strip only. */
async function photoAction(services: Route.ActionArgs["context"]["services"], form: FormData, intent: string) {
  const { db } = services.database;
  const now = services.clock();
  if (!form.has("op")) {
    const parsed = parseForm(PhotoUploadSchema, form, intent);
    if (!parsed.success) return invalidForm(parsed.result);
    const { productId, photos } = parsed.data;
    if (intent !== photoIntent(productId)) return formError("This form is out of date: reload the page and try again.");
    let added = 0;
    try {
      for (const file of photos) {
        const photo = await addProductPhoto(
          db,
          services.storage,
          productId,
          Buffer.from(await file.arrayBuffer()),
          now,
        );
        if (!photo) return formError("This product no longer exists.", { intent, status: 404 });
        added += 1;
      }
    } catch (err) {
      if (!(err instanceof StorageError)) throw err;
      const done = added > 0 ? ` (${added === 1 ? "1 photo was" : `${added} photos were`} added before it)` : "";
      return formError(`${err.message}${done}`, { intent, status: err.code === "quota-exceeded" ? 413 : 400 });
    }
    return formSuccess(
      `${added === 1 ? "1 photo" : `${added} photos`} added as ${added === 1 ? "a draft" : "drafts"}: the shop shows ${added === 1 ? "it" : "them"} once you choose “Show in shop” or “Make main”.`,
      { intent },
    );
  }
  const parsed = parseForm(PhotoFormSchema, form, intent);
  if (!parsed.success) return invalidForm(parsed.result);
  const { productId, photoId, change } = parsed.data;
  if (intent !== photoIntent(productId)) return formError("This form is out of date: reload the page and try again.");
  const result = await changeProductPhoto(db, productId, photoId, change, now);
  if (!result.ok) return formError(result.message, { intent, status: result.reason === "not-found" ? 404 : 400 });
  return formSuccess(result.message, { intent });
}

/**
 * "Offer on subscription" and its saving (decision 049): the box and the percent post together;
 * `subscribeForm` says the box was on the form, so unticking it stops the offer.
 */
function SubscribeFields({ id, percent, error }: { id: string; percent: number | null; error?: string }) {
  return (
    <fieldset className="sm:col-span-2 lg:col-span-4">
      <legend className="sr-only">Subscribe &amp; save</legend>
      <input type="hidden" name="subscribeForm" value="on" />
      <div className="flex flex-wrap items-end gap-x-6 gap-y-2">
        <div className="text-sm">
          <label className="flex min-h-11 items-center gap-2">
            <input
              type="checkbox"
              name="subscribe"
              defaultChecked={percent !== null}
              aria-describedby={`subscribe-hint-${id}`}
              className="h-4 w-4 accent-reef"
            />
            Offer on subscription
          </label>
          <p id={`subscribe-hint-${id}`} className="ml-6 text-xs text-ink-soft">
            {percent !== null
              ? `Buyers may have it delivered every 2–12 weeks at ${percent} % off today's price`
              : "Not offered on a schedule"}
          </p>
        </div>
        <Field
          id={`saving-${id}`}
          label="Subscription saving (%)"
          name="savingPercent"
          type="number"
          inputMode="numeric"
          min="1"
          max="50"
          step="1"
          defaultValue={percent ?? DEFAULT_SAVING_PERCENT}
          error={error}
          className="w-52"
        />
      </div>
    </fieldset>
  );
}

/** Who made a stock change, as the owner reads it: an order number linking to the order, "You", a name. */
function MovementBy({ by }: { by: Route.ComponentProps["loaderData"]["movements"][number]["by"] }) {
  switch (by.kind) {
    case "order":
      return (
        <Link to={`/admin/orders/${by.orderId}`} className="font-semibold text-reef-dark underline">
          {by.number ?? "An order"}
        </Link>
      );
    case "you":
      return <>You</>;
    case "admin":
      return <>{by.name ?? by.email}</>;
    case "system":
      return <>{by.label}</>;
  }
}

export default function AdminCatalogue({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  // Leaving with an edit not saved asks first (an unticked "Listed" and a new title were lost).
  const unsaved = useUnsavedChanges();
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
                {formatCents(item.priceCents)} · {item.quantity.toLocaleString("en-US")} in stock
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
            <Form
              method="post"
              // The answer shows in the bar beside Save: the page stays where the owner pressed it.
              preventScrollReset
              onChange={() => unsaved.changed(catalogueIntent(item))}
              onSubmit={() => unsaved.saved(catalogueIntent(item))}
              className="mt-3"
            >
              <input type="hidden" name="intent" value={catalogueIntent(item)} />
              <input type="hidden" name="id" value={item.id} />
              <input type="hidden" name="kind" value={item.kind} />
              {item.kind === "product" ? <input type="hidden" name="currentQuantity" value={item.quantity} /> : null}
              <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[8rem_8rem_7rem_1fr] lg:items-end">
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
                  // Not typed in: a "was" price is only ever one the product sold at (set on a cut).
                  <p className="text-xs text-ink-soft" data-testid="reference-price">
                    {item.originalPriceCents !== null
                      ? `Shown as "Was ${formatCents(item.originalPriceCents)}": what it sold at before you lowered the price, for ${REDUCTION_SHOWN_DAYS} days after the cut.`
                      : `Lower the price and the shop shows what it sold at before as "Was" for ${REDUCTION_SHOWN_DAYS} days.`}
                  </p>
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
                <div className="text-sm sm:col-span-2 lg:col-span-4">
                  <label className="flex items-center gap-2">
                    <input
                      type="checkbox"
                      name="active"
                      defaultChecked={item.active}
                      aria-describedby={`listed-hint-${item.id}`}
                      className="h-4 w-4 accent-reef"
                    />
                    Listed
                  </label>
                  <p id={`listed-hint-${item.id}`} className="ml-6 text-xs text-ink-soft">
                    {"endedOn" in item && item.endedOn
                      ? `Not sold: the offer ended on ${item.endedOn} (its page says so); set a later end date to sell it again`
                      : item.active
                        ? "Shown in the shop"
                        : "Hidden from the shop"}
                  </p>
                </div>
                {item.kind === "product" ? (
                  <SubscribeFields
                    id={item.id}
                    percent={"subscribeSavingPercent" in item ? (item.subscribeSavingPercent ?? null) : null}
                    error={errorOf(item, "savingPercent")}
                  />
                ) : null}
                <details
                  className="sm:col-span-2 lg:col-span-4"
                  // Opened when a field inside needs a fix, so its message is seen.
                  open={
                    Object.keys(resultOf(item)?.fieldErrors ?? {}).some(
                      (f) => ["title", "description", "tags", "otherDetails"].includes(f) || f.startsWith("detail_"),
                    )
                      ? true
                      : undefined
                  }
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
                        {item.details ? (
                          <ProductDetailsFields
                            productId={item.id}
                            typed={item.details.typed}
                            otherJson={item.details.otherJson}
                            errorOf={(field) => errorOf(item, field)}
                          />
                        ) : null}
                      </>
                    ) : null}
                  </div>
                </details>
              </div>
              {/* After the last field, the answer beside the button pressed (the card's top may be far above). */}
              <FormActions className="mt-3 -mx-5 px-5">
                {resultOf(item) ? <ActionResult result={resultOf(item)} className="mr-auto [&_[role]]:mb-0" /> : null}
                <button type="submit" className="btn-primary" disabled={busy}>
                  Save
                </button>
              </FormActions>
            </Form>
            {item.kind === "product" ? (
              <div className="mt-4 border-t border-line pt-3">
                <ProductPhotos
                  productId={item.id}
                  title={item.title}
                  photos={item.photos}
                  result={resultFor(actionData, photoIntent(item.id))}
                  undoMinutes={loaderData.undoMinutes}
                />
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      <section aria-labelledby="movements-heading" className="mt-8">
        <h2 id="movements-heading" className="text-xl font-semibold">
          Recent stock movements
        </h2>
        <DataTable
          label="Stock movements"
          className="mt-3"
          testId="stock-movements"
          columns={[
            { label: "When (UTC)" },
            { label: "Item" },
            { label: "Change", align: "right" },
            { label: "Reason" },
            { label: "By" },
          ]}
          isEmpty={loaderData.movements.length === 0}
          emptyMessage="No stock changes yet: orders, cancellations and your edits appear here."
        >
          {loaderData.movements.map((m) => (
            <tr key={m.id}>
              <Td className="whitespace-nowrap">{formatDateTime(m.createdAt, "short")}</Td>
              <Td>{m.itemTitle}</Td>
              <Td align="right" className={`font-semibold ${m.delta < 0 ? "text-coral-text" : "text-chaeto"}`}>
                {m.delta > 0 ? `+${m.delta}` : m.delta}
              </Td>
              <Td>{m.reason}</Td>
              <Td className="whitespace-nowrap text-ink-soft">
                <MovementBy by={m.by} />
              </Td>
            </tr>
          ))}
        </DataTable>
      </section>
    </AdminPage>
  );
}
