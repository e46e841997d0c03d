import { FormAlert } from "~/components/account/auth-card";
import type { ReactNode } from "react";
import type { FormResult } from "~/domain/forms";

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
