import { Field } from "#app/components/ui/field";
import type { WaitlistItemKind } from "#app/domain/waitlist";

export interface WaitlistFormView {
  kind: WaitlistItemKind;
  id: string;
  /** The signed-in customer's address: one tap instead of typing it. */
  signedInEmail: string | null;
  /** "Mon, Dec 7": the next day a box may leave, when the calendar has one. */
  nextShipDay: string | null;
  result?:
    { status: "success"; message: string } | { status: "error"; message?: string; error?: string; email?: string };
}

/**
 * "Email me when it's back" on a sold-out product or kit (decision 042): a plain HTML form that
 * posts to the product page's action, so it works before (or without) JavaScript and adds none.
 * Rendered to HTML by the loader or the action (an `Island`, markup only).
 */
export function WaitlistForm({ view }: { view: WaitlistFormView }) {
  const { result } = view;
  return (
    <section aria-labelledby="waitlist-heading" className="mt-4 border-t border-line pt-4" data-testid="waitlist">
      <h2 id="waitlist-heading" className="text-base font-semibold">
        Email me when it&apos;s back
      </h2>
      {result?.status === "success" ? (
        <p role="status" className="mt-2 rounded-xl bg-chaeto-light p-3 text-sm font-medium text-chaeto">
          {result.message}
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-ink-soft">
            One email when it&apos;s restocked, oldest requests first and no more people than there are units.
            {view.nextShipDay ? ` Boxes leave on ship days; the next is ${view.nextShipDay}.` : ""}
          </p>
          {result?.status === "error" && result.message ? (
            <p role="alert" className="mt-2 text-sm font-medium text-coral-text">
              {result.message}
            </p>
          ) : null}
          <form method="post" action={`/product/${view.id}`} className="mt-3 space-y-3">
            <input type="hidden" name={view.kind === "product" ? "productId" : "bundleId"} value={view.id} />
            {view.signedInEmail && result?.status !== "error" ? (
              <input type="hidden" name="email" value={view.signedInEmail} />
            ) : (
              <Field
                id="waitlist-email"
                name="email"
                label="Your email"
                type="email"
                autoComplete="email"
                inputMode="email"
                required
                maxLength={254}
                defaultValue={result?.status === "error" ? result.email : undefined}
                error={result?.status === "error" ? result.error : undefined}
              />
            )}
            <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
              <label htmlFor="waitlist-website">Website</label>
              <input id="waitlist-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
            </div>
            <button type="submit" className="btn-primary w-full sm:w-auto">
              {view.signedInEmail && result?.status !== "error"
                ? `Email ${view.signedInEmail} when it's back`
                : "Email me when it's back"}
            </button>
          </form>
        </>
      )}
    </section>
  );
}
