import { Field } from "#app/components/ui/field";

export interface DiscountCodeFormView {
  /** The code kept for this checkout, and what it does. */
  applied: { code: string; summary: string } | null;
  /** The code in the cookie, usable or not: it can be removed. */
  kept?: string;
  /** A refusal to show beside the field, with what was typed. */
  error?: string;
  typed?: string;
  /** The answer to a post ("Code SAVE20 added…", "Code removed."). */
  message?: string;
}

/**
 * "Add a code" at checkout (decision 043): a plain HTML form that posts to the checkout page's
 * action, so it works before (or without) JavaScript and adds none to the page. The code is kept
 * in a cookie that the quote and the checkout read, so the summary and the order use it.
 * Rendered to HTML by the loader or the action (an `Island`, markup only).
 */
export function DiscountCodeForm({ view }: { view: DiscountCodeFormView }) {
  return (
    <section aria-labelledby="code-heading" className="card p-5 sm:px-8" data-testid="discount-code">
      <h2 id="code-heading" className="text-base font-semibold">
        {view.applied ? "Discount code" : "Add a code"}
      </h2>
      {view.message ? (
        <p role="status" className="mt-2 rounded-xl bg-chaeto-light p-3 text-sm font-medium text-chaeto">
          {view.message}
        </p>
      ) : null}
      {view.kept ? (
        <form method="post" action="/checkout" className="mt-2 flex flex-wrap items-center justify-between gap-3">
          <input type="hidden" name="intent" value="remove-code" />
          {view.applied ? (
            <p className="text-sm" data-testid="code-applied">
              <span className="font-mono font-semibold">{view.applied.code}</span>: {view.applied.summary}. The order
              summary shows what it takes off.
            </p>
          ) : (
            <p className="text-sm">
              Code <span className="font-mono font-semibold">{view.kept}</span> can&apos;t be used now.
            </p>
          )}
          <button type="submit" className="btn-secondary">
            Remove code
          </button>
        </form>
      ) : null}
      {view.applied && !view.error ? null : (
        <form method="post" action="/checkout" className="mt-2 flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="code" />
          <Field
            id="code-input"
            name="discountCode"
            label="Discount code"
            className="min-w-0 flex-1"
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            maxLength={32}
            required
            defaultValue={view.typed}
            error={view.error}
          />
          <button type="submit" className="btn-secondary">
            Apply code
          </button>
        </form>
      )}
    </section>
  );
}
