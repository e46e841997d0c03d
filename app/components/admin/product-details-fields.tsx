import { Field, SelectField, TextAreaField } from "#app/components/ui/field";
import { DETAIL_LIMITS, detailInput, PRODUCT_DETAIL_GROUPS, type DetailValue } from "#app/forms/admin-product-details";

/**
 * A product's details (metadata) as typed fields with plain labels, and the rest as JSON in an
 * "Other details" box inside a <details> (opened when it needs a fix or holds something).
 */
export function ProductDetailsFields({
  productId,
  typed,
  otherJson,
  errorOf,
}: {
  productId: string;
  typed: Record<string, DetailValue>;
  otherJson: string;
  errorOf: (field: string) => string | undefined;
}) {
  const id = (key: string) => `${detailInput(key)}-${productId}`;
  return (
    <div className="grid gap-4">
      <input type="hidden" name="detailsForm" value="on" />
      {PRODUCT_DETAIL_GROUPS.map((group) => {
        const boxes = group.fields.filter((f) => f.kind === "yesno");
        const inputs = group.fields.filter((f) => f.kind !== "yesno");
        return (
          <fieldset key={group.title} className="rounded-lg border border-line p-3">
            <legend className="px-1 text-sm font-semibold">{group.title}</legend>
            {inputs.length > 0 ? (
              <div className="grid gap-3 sm:grid-cols-2">
                {inputs.map((f) => {
                  const value = typed[f.key];
                  const common = {
                    id: id(f.key),
                    name: detailInput(f.key),
                    label: f.label,
                    hint: f.hint,
                    error: errorOf(detailInput(f.key)),
                  };
                  if (f.kind === "choice") {
                    const current = typeof value === "string" ? value : "";
                    const options = [
                      { value: "", label: "Not set" },
                      ...f.options.map((o) => ({ value: o, label: o })),
                      // A value set another way (the API) stays choosable, so saving keeps it.
                      ...(current && !f.options.includes(current) ? [{ value: current, label: current }] : []),
                    ];
                    return <SelectField key={f.key} {...common} options={options} defaultValue={current} />;
                  }
                  return (
                    <Field
                      key={f.key}
                      {...common}
                      type={f.kind === "date" ? "date" : f.kind === "text" ? "text" : "number"}
                      {...(f.kind === "dollars"
                        ? { step: "0.01", min: "0", max: "100000", inputMode: "decimal" as const }
                        : {})}
                      {...(f.kind === "percent"
                        ? { step: "1", min: "0", max: "100", inputMode: "numeric" as const }
                        : {})}
                      {...(f.kind === "text" ? { maxLength: DETAIL_LIMITS.text, placeholder: f.placeholder } : {})}
                      defaultValue={value === undefined || typeof value === "boolean" ? "" : String(value)}
                    />
                  );
                })}
              </div>
            ) : null}
            {boxes.length > 0 ? (
              <div className={`grid gap-2 sm:grid-cols-2 lg:grid-cols-3 ${inputs.length > 0 ? "mt-3" : ""}`}>
                {boxes.map((f) => (
                  <div key={f.key}>
                    <label className="flex items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        name={detailInput(f.key)}
                        defaultChecked={typed[f.key] === true}
                        aria-describedby={f.hint ? `${id(f.key)}-hint` : undefined}
                        className="h-4 w-4 accent-reef"
                      />
                      {f.label}
                    </label>
                    {f.hint ? (
                      <p id={`${id(f.key)}-hint`} className="ml-6 text-xs text-ink-soft">
                        {f.hint}
                      </p>
                    ) : null}
                  </div>
                ))}
              </div>
            ) : null}
          </fieldset>
        );
      })}
      <details
        className="rounded-lg border border-line p-3"
        open={errorOf("otherDetails") ? true : undefined}
        data-testid={`advanced-${productId}`}
      >
        <summary className="cursor-pointer text-sm font-semibold text-reef-dark">
          Advanced: other details (JSON)
        </summary>
        <TextAreaField
          className="mt-2 [&_textarea]:font-mono [&_textarea]:text-xs"
          id={`otherDetails-${productId}`}
          name="otherDetails"
          label="Other details (JSON)"
          hint='Details without a field above, kept as they are. Example: {"organic": true}. Empty: none.'
          defaultValue={otherJson}
          rows={5}
          maxLength={DETAIL_LIMITS.otherText}
          error={errorOf("otherDetails")}
        />
      </details>
    </div>
  );
}
