import { Printer } from "lucide";
import { Form, Link } from "react-router";
import { PageHeader } from "~/components/page-header";
import { BundleCard } from "~/components/product-card";
import { Icon } from "~/components/ui/icon";
import { buildPlan, CARE_LEVELS, parsePlanInput, TANK_SIZES } from "~/domain/plan";
import { bundleView } from "~/models/catalogue-view";
import { getBundle, listProducts } from "~/models/catalogue.server";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/plan";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "The Lazy Reefer Plan",
    description:
      "Pick your tank size and care level and get a printable daily, weekly and monthly reef maintenance checklist.",
    path: "/plan",
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const input = parsePlanInput(new URL(request.url).searchParams);
  if (!input) return { input: null, plan: null, bundle: null };
  const plan = buildPlan(input.size, input.level);
  const { db } = context.services.database;
  const [bundle, products] = await Promise.all([getBundle(db, plan.bundleId), listProducts(db)]);
  return { input, plan, bundle: bundle ? bundleView(bundle, products, context.services.clock()) : null };
}

export default function PlanPage({ loaderData }: Route.ComponentProps) {
  const { input, plan, bundle } = loaderData;
  return (
    <>
      <PageHeader
        eyebrow="The Lazy Reefer Plan"
        title="A routine that fits your tank"
        intro="Two questions, one checklist. Stick it on the stand and you'll know exactly what to do each day, week and month."
      />
      <div className="container-page grid gap-10 py-12 lg:grid-cols-[20rem_1fr]">
        <Form method="get" className="card h-fit space-y-5 p-6 print:hidden">
          <fieldset>
            <legend className="field-label">Tank size</legend>
            {TANK_SIZES.map((s) => (
              <label key={s.value} className="mt-2 flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="size"
                  value={s.value}
                  defaultChecked={input?.size === s.value}
                  required
                  className="h-4 w-4 accent-reef"
                />
                {s.label}
              </label>
            ))}
          </fieldset>
          <fieldset>
            <legend className="field-label">Care level</legend>
            {CARE_LEVELS.map((l) => (
              <label key={l.value} className="mt-2 flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="level"
                  value={l.value}
                  defaultChecked={input?.level === l.value}
                  required
                  className="h-4 w-4 accent-reef"
                />
                {l.label}
              </label>
            ))}
          </fieldset>
          <button type="submit" className="btn-primary w-full">
            Make my plan
          </button>
        </Form>
        {plan ? (
          <section aria-labelledby="plan-heading">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 id="plan-heading" className="text-3xl font-semibold">
                Your maintenance checklist
              </h2>
              <button type="button" className="btn-secondary print:hidden" onClick={() => window.print()}>
                <Icon icon={Printer} aria-hidden="true" className="h-4 w-4" /> Print
              </button>
            </div>
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
                </div>
                <BundleCard bundle={bundle} />
              </div>
            ) : null}
          </section>
        ) : (
          <section className="card flex flex-col justify-center p-8" aria-labelledby="plan-empty">
            <h2 id="plan-empty" className="text-2xl font-semibold">
              Tell us about your tank
            </h2>
            <p className="mt-2 max-w-prose text-ink-soft">
              Choose a tank size and how demanding your corals are. We'll build a daily, weekly and monthly checklist
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
        )}
      </div>
    </>
  );
}
