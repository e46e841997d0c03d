import { Printer } from "lucide";
import { Form } from "react-router";
import { Island } from "#app/components/island";
import { PlanChecklist, PlanEmpty, PlanHeader } from "#app/components/plan-page.server";
import { Icon } from "#app/components/ui/icon";
import { buildPlan, CARE_LEVELS, parsePlanInput, planAlternative, TANK_SIZES } from "#app/domain/plan";
import { bundleView } from "#app/models/catalogue/catalogue-view";
import { listBundles, listProducts } from "#app/models/catalogue/catalogue.server";
import { islandHtml } from "#app/utils/island-html.server";
import { pageMeta } from "#app/utils/seo";
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
  const header = islandHtml(context, "plan-header", <PlanHeader />);
  if (!input) return { input: null, header, result: islandHtml(context, "plan-result", <PlanEmpty />) };
  const plan = buildPlan(input.size, input.level);
  const { db } = context.services.database;
  const now = context.services.clock();
  const products = await listProducts(db);
  const bundles = (await listBundles(db, products)).filter((b) => b.active).map((b) => bundleView(b, products, now));
  const view = bundles.find((b) => b.id === plan.bundleId) ?? null;
  // What the plan recommends must be buyable now: a sold-out bundle is shown as such, beside the
  // bundle on sale that shares the most of its contents.
  const alternative = view ? planAlternative(view, bundles) : null;
  return {
    input,
    header,
    result: islandHtml(context, "plan-result", <PlanChecklist plan={plan} bundle={view} alternative={alternative} />),
  };
}

export default function PlanPage({ loaderData }: Route.ComponentProps) {
  const { input, header, result } = loaderData;
  return (
    <>
      <Island id="plan-header" html={header} />
      <div className="container-page grid gap-10 py-12 lg:grid-cols-[20rem_1fr] print:block">
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
        {input ? (
          <section aria-labelledby="plan-heading">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 id="plan-heading" className="text-3xl font-semibold">
                Your maintenance checklist
              </h2>
              <button type="button" className="btn-secondary print:hidden" onClick={() => window.print()}>
                <Icon icon={Printer} aria-hidden="true" className="h-4 w-4" /> Print
              </button>
            </div>
            <Island id="plan-result" html={result} />
          </section>
        ) : (
          <Island id="plan-result" html={result} />
        )}
      </div>
    </>
  );
}
