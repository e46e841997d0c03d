import { isRouteErrorResponse, Link } from "react-router";
import { FormAlert } from "#app/components/account/auth-card";
import type { FormResult } from "#app/domain/forms";
import type { ReactNode } from "react";

export interface AdminPageProps {
  /** The h1's id, which also names the section. */
  headingId: string;
  title: ReactNode;
  /** A line under the heading. */
  intro?: ReactNode;
  /** Buttons or links shown beside the heading. */
  actions?: ReactNode;
  children: ReactNode;
}

/** A back-office screen: a section named by its h1, with an optional intro line and actions. */
export function AdminPage({ headingId, title, intro, actions, children }: AdminPageProps) {
  const heading = (
    <h1 id={headingId} className="text-3xl font-semibold">
      {title}
    </h1>
  );
  return (
    <section aria-labelledby={headingId}>
      {actions ? (
        <div className="flex flex-wrap items-end justify-between gap-3">
          {/* One flex item, so the intro stays under the heading. */}
          {intro ? (
            <div>
              {heading}
              <p className="text-ink-soft">{intro}</p>
            </div>
          ) : (
            heading
          )}
          {actions}
        </div>
      ) : (
        <>
          {heading}
          {intro ? <p className="mt-1 text-ink-soft">{intro}</p> : null}
        </>
      )}
      {children}
    </section>
  );
}

/** What the screen's last form post said (a FormResult's message): an error alert or a success status. */
export function ActionResult({
  result,
  className = "mt-4",
}: {
  result: FormResult | null | undefined;
  className?: string;
}) {
  return (
    <div className={className}>
      <FormAlert tone={result?.status === "success" ? "success" : "error"} message={result?.message} />
    </div>
  );
}

/**
 * A back-office page whose loader failed, shown inside the back office (its menu stays): a link to
 * something that is not there says so and leads back to its list; anything else says what failed.
 */
export function AdminRouteError({ error, list }: { error: unknown; list: { to: string; label: string } }) {
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section aria-labelledby="admin-error-heading" className="card p-6">
      <p className="eyebrow">{missing ? "Not found" : "Error"}</p>
      <h1 id="admin-error-heading" className="mt-2 text-2xl font-semibold">
        {missing
          ? "Nothing here: the link may be mistyped, or what it named was removed"
          : "Unexpected Application Error!"}
      </h1>
      {!missing ? (
        <p className="mt-2 text-ink-soft">
          {isRouteErrorResponse(error) ? `${error.status} ${error.statusText}`.trim() : "Something went wrong."}
        </p>
      ) : null}
      <Link to={list.to} className="btn-secondary mt-4">
        {list.label}
      </Link>
    </section>
  );
}
