import { Form, useNavigation } from "react-router";
import { ActionResult, AdminPage } from "#app/components/admin/admin-page";
import { DataTable, Td } from "#app/components/admin/data-table";
import { FormActions } from "#app/components/admin/form-actions";
import { Field } from "#app/components/ui/field";
import { formatDate } from "#app/domain/dates";
import { formIntent, parseForm, resultFor } from "#app/domain/forms";
import { formatCents } from "#app/domain/money";
import { DiscountCodeFormSchema } from "#app/forms/admin-discount-codes";
import { requireAdmin } from "#app/models/back-office/access.server";
import { listBundles, listProducts } from "#app/models/catalogue/catalogue.server";
import { createDiscountCode, endDiscountCode, listDiscountCodes } from "#app/models/orders/discount-codes.server";
import { formError, formSuccess, invalidForm } from "#app/utils/form-response";
import type { Route } from "./+types/discount-codes";

export const meta: Route.MetaFunction = () => [{ title: "Discount codes | Back office" }];

/** The owner's discount codes (decision 043): what each does, its uses and the revenue it brought. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.services, request);
  // The writer, not the reader: the owner sees the code they just created.
  const { db } = context.services.database;
  const products = await listProducts(db);
  const [codes, bundles] = await Promise.all([listDiscountCodes(db), listBundles(db, products)]);
  return {
    codes,
    now: context.services.clock().toISOString(),
    items: [
      ...products.map((p) => ({ value: `product:${p.id}`, label: p.title })),
      ...bundles.map((b) => ({ value: `bundle:${b.id}`, label: `${b.name} (kit)` })),
    ],
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(context.services, request);
  const form = await request.formData();
  const intent = formIntent(form);
  const parsed = parseForm(DiscountCodeFormSchema, form, intent);
  if (!parsed.success) return invalidForm(parsed.result, form);
  const { db } = context.services.database;
  const now = context.services.clock();
  if (parsed.data.intent === "end") {
    if (!(await endDiscountCode(db, parsed.data.id, now)))
      return formError("There is no such code: reload the page.", { intent, status: 404 });
    return formSuccess("Ended. Nobody can use the code from now on; orders that used it keep it.", { intent });
  }
  const created = await createDiscountCode(db, parsed.data.input, admin.email, now);
  if (created.kind === "exists") {
    const message = `There is already a code ${created.code} (codes are not case-sensitive): choose another.`;
    return formError(message, { intent, status: 409, fieldErrors: { code: message }, values: typedOf(form) });
  }
  return formSuccess(`Created ${created.code.code}: ${created.code.summary}.`, { intent });
}

function typedOf(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string" && key !== "appliesTo") values[key] ??= value;
  return values;
}

function limits(code: { maxUses: number | null; maxUsesPerCustomer: number | null; minSubtotalCents: number }) {
  const parts = [
    code.minSubtotalCents > 0 ? `orders from ${formatCents(code.minSubtotalCents)}` : null,
    code.maxUses !== null ? `${code.maxUses} uses` : null,
    code.maxUsesPerCustomer !== null ? `${code.maxUsesPerCustomer} per customer` : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(", ") : "none";
}

export default function AdminDiscountCodes({ loaderData, actionData }: Route.ComponentProps) {
  const { codes, items, now } = loaderData;
  const busy = useNavigation().state === "submitting";
  const created = resultFor(actionData, "create");
  const ended = resultFor(actionData, "end");
  const errors = created?.fieldErrors ?? {};
  const typed = created?.status === "error" ? (created.values ?? {}) : {};
  const live = (c: (typeof codes)[number]) => !c.endsAt || c.endsAt > now;
  return (
    <AdminPage
      headingId="codes-heading"
      title="Discount codes"
      intro="Codes shoppers type at checkout. By default a code takes money off full-price goods only: kits, combos and lowered products keep their own saving."
    >
      <ActionResult result={ended} />
      <DataTable
        columns={[
          { label: "Code" },
          { label: "Takes off" },
          { label: "Limits" },
          { label: "Runs" },
          { label: "Uses" },
          { label: "Revenue" },
          { label: "" },
        ]}
        isEmpty={codes.length === 0}
        emptyMessage="No codes yet: create one below."
      >
        {codes.map((c) => (
          <tr key={c.id} data-testid={`code-${c.code}`}>
            <Td>
              <span className="font-mono font-semibold">{c.code}</span>
            </Td>
            <Td>{c.summary}</Td>
            <Td>{limits(c)}</Td>
            <Td>
              {c.startsAt ? `from ${formatDate(c.startsAt)}` : "now"}
              {c.endsAt ? ` to ${formatDate(c.endsAt)}` : ", no end"}
              {live(c) ? null : <span className="ml-2 text-xs text-ink-soft">ended</span>}
            </Td>
            <Td>
              {c.uses}
              {c.maxUses !== null ? ` of ${c.maxUses}` : null}
            </Td>
            <Td>
              {formatCents(c.revenueCents)}
              <span className="block text-xs text-ink-soft">
                {c.paidOrders} paid, {formatCents(c.discountGivenCents)} off
              </span>
            </Td>
            <Td>
              {live(c) ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="end" />
                  <input type="hidden" name="id" value={c.id} />
                  <button type="submit" className="btn-secondary" disabled={busy} aria-label={`End ${c.code}`}>
                    End now
                  </button>
                </Form>
              ) : null}
            </Td>
          </tr>
        ))}
      </DataTable>

      <section aria-labelledby="new-code-heading" className="card mt-8 p-4 sm:p-6">
        <h2 id="new-code-heading" className="text-xl font-semibold">
          New code
        </h2>
        <Form
          method="post"
          className="mt-4 grid gap-5"
          noValidate
          key={created?.status === "success" ? codes.length : "form"}
        >
          <input type="hidden" name="intent" value="create" />
          <ActionResult result={created} className="" />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              name="code"
              label="Code"
              required
              maxLength={32}
              autoCapitalize="characters"
              defaultValue={typed.code}
              error={errors.code}
              hint="3–32 letters, digits, - or _. Shoppers may type it in any case."
            />
            <fieldset>
              <legend className="field-label">Takes off</legend>
              <div className="flex flex-wrap items-center gap-x-5 gap-y-2">
                <label className="flex min-h-11 items-center gap-2">
                  <input
                    type="radio"
                    name="kind"
                    value="percent"
                    defaultChecked={typed.kind !== "amount"}
                    className="h-5 w-5 accent-reef"
                  />
                  a percentage
                </label>
                <label className="flex min-h-11 items-center gap-2">
                  <input
                    type="radio"
                    name="kind"
                    value="amount"
                    defaultChecked={typed.kind === "amount"}
                    className="h-5 w-5 accent-reef"
                  />
                  an amount in dollars
                </label>
              </div>
            </fieldset>
            <Field
              name="value"
              label="How much"
              inputMode="decimal"
              required
              defaultValue={typed.value}
              error={errors.value}
              hint="20 for 20 % off, or 10 for $10 off."
            />
            <Field
              name="minSubtotal"
              label="Minimum order (dollars)"
              inputMode="decimal"
              defaultValue={typed.minSubtotal}
              error={errors.minSubtotal}
            />
            <Field
              name="startsAt"
              label="Starts"
              type="date"
              defaultValue={typed.startsAt}
              error={errors.startsAt}
              hint="Empty: now."
            />
            <Field
              name="endsAt"
              label="Ends"
              type="date"
              defaultValue={typed.endsAt}
              error={errors.endsAt}
              hint="Empty: until you end it. The code works through that day (UTC)."
            />
            <Field
              name="maxUses"
              label="Uses in all"
              inputMode="numeric"
              defaultValue={typed.maxUses}
              error={errors.maxUses}
              hint="Empty: no limit."
            />
            <Field
              name="maxUsesPerCustomer"
              label="Uses per customer"
              inputMode="numeric"
              defaultValue={typed.maxUsesPerCustomer}
              error={errors.maxUsesPerCustomer}
              hint="Counted by email address."
            />
          </div>
          <fieldset>
            <legend className="field-label">Applies to</legend>
            <p className="text-xs text-ink-soft">Tick nothing for every item in the shop.</p>
            {errors.appliesTo ? <p className="mt-1 text-sm font-medium text-coral-text">{errors.appliesTo}</p> : null}
            <div className="mt-2 grid gap-x-5 gap-y-1 sm:grid-cols-2">
              {items.map((item) => (
                <label key={item.value} className="flex min-h-11 items-center gap-2">
                  <input type="checkbox" name="appliesTo" value={item.value} className="h-5 w-5 accent-reef" />
                  {item.label}
                </label>
              ))}
            </div>
          </fieldset>
          <label className="flex min-h-11 items-center gap-2">
            <input
              type="checkbox"
              name="combines"
              defaultChecked={typed.combines === "on"}
              className="h-5 w-5 accent-reef"
            />
            Also on kits, combos and lowered products (on top of their own saving)
          </label>
          <FormActions>
            <button type="submit" className="btn-primary" disabled={busy}>
              Create code
            </button>
          </FormActions>
        </Form>
      </section>
    </AdminPage>
  );
}
