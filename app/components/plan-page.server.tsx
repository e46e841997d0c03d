import { Link } from "react-router";
import { PageHeader } from "#app/components/page-header";
import { BundleCard } from "#app/components/product-card";
import type { Plan } from "#app/domain/plan";
import type { BundleView } from "#app/models/catalogue/catalogue-view";

/*
 * The plan page's markup-only parts, rendered to HTML by its loader (an `Island`, app/components/island.tsx): the header, and
 * the checklist with its bundle or the empty state. The form and the print button are components.
 */

export function PlanHeader() {
  return (
    <PageHeader
      eyebrow="The Lazy Reefer Plan"
      title="A routine that fits your tank"
      intro="Two questions, one checklist. Stick it on the stand and you'll know exactly what to do each day, week and month."
    />
  );
}

/** The daily, weekly and monthly lists, and the bundle that fits (not printed). */
export function PlanChecklist({
  plan,
  bundle,
  alternative,
}: {
  plan: Plan;
  bundle: BundleView | null;
  /** On sale now, when `bundle` cannot be bought. */
  alternative: BundleView | null;
}) {
  return (
    <>
      <div className="mt-6 grid gap-6 md:grid-cols-3">
        {(
          [
            ["Daily", plan.daily],
            ["Weekly", plan.weekly],
            ["Monthly", plan.monthly],
          ] as const
        ).map(([title, tasks]) => (
          <div key={title} className="card p-5">
            <h3 className="text-xl font-semibold">{title}</h3>
            <ul className="mt-3 space-y-2 text-sm">
              {tasks.map((task) => (
                <li key={task} className="flex gap-2">
                  <span aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 rounded border border-ink/40" />
                  {task}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      {bundle ? (
        <div className="mt-10 grid items-start gap-6 md:grid-cols-[1fr_18rem] print:hidden">
          <div>
            <h3 className="text-2xl font-semibold">The bundle that fits</h3>
            <p className="mt-2 text-ink-soft">{plan.bundleReason}</p>
            {bundle.purchasable ? null : (
              <p className="mt-3 font-semibold" data-testid="plan-unavailable">
                {bundle.name} can&apos;t be ordered right now.
                {alternative ? ` ${alternative.name} has much of the same and is in stock.` : ""}
              </p>
            )}
          </div>
          <BundleCard bundle={bundle} />
          {alternative ? (
            <>
              <div>
                <h3 className="text-2xl font-semibold">In stock now</h3>
                <p className="mt-2 text-ink-soft">
                  Shares the most with {bundle.name}: {alternative.productTitles.join(", ")}.
                </p>
              </div>
              <div data-testid="plan-alternative">
                <BundleCard bundle={alternative} />
              </div>
            </>
          ) : null}
        </div>
      ) : null}
    </>
  );
}

export function PlanEmpty() {
  return (
    <section className="card flex flex-col justify-center p-8" aria-labelledby="plan-empty">
      <h2 id="plan-empty" className="text-2xl font-semibold">
        Tell us about your tank
      </h2>
      <p className="mt-2 max-w-prose text-ink-soft">
        Choose a tank size and how demanding your corals are. We&apos;ll build a daily, weekly and monthly checklist
        from the routines in our{" "}
        <Link
          to="/reef-wisdom/lazy-reefer-guide/feeding-and-maintenance"
          className="font-semibold text-reef-dark underline"
        >
          feeding and maintenance guide
        </Link>
        , and suggest the bundle that fits.
      </p>
    </section>
  );
}
