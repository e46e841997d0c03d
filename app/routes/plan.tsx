import { Printer } from "lucide";
import { Form } from "react-router";
import { Island } from "#app/components/island";
import { PlanChecklist, PlanEmpty, PlanHeader } from "#app/components/plan-page.server";
import { Icon } from "#app/components/ui/icon";
import { buildPlan, CARE_LEVELS, parsePlanInput, planAlternative, TANK_SIZES } from "#app/domain/plan";
import { planSizeFor, planSizeNote } from "#app/domain/tank-profile";
import { bundleView } from "#app/models/catalogue/catalogue-view";
import { listBundles, listProducts } from "#app/models/catalogue/catalogue.server";
import { profileTankOf } from "#app/models/tanks/tank-profile.server";
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

/**
 * The size the form starts on: the one asked for, else the band of the signed-in customer's tank
 * (named, so they know where it came from; still a choice they can change). Signed out nothing
 * is read and the page is the one the page cache shares.
 */
async function sizeChoice(context: Route.LoaderArgs["context"], request: Request, asked: string | null) {
  const tank = await profileTankOf(context.services, request);
  if (!tank) return null;
  const band = planSizeFor(tank);
  const size = TANK_SIZES.find((s) => s.value === asked)?.value ?? band;
  // Named only while the choice is the tank's: a size picked by hand is the reefer's own.
  return { size, note: size === band ? planSizeNote(tank) : null };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const input = parsePlanInput(params);
  const fromTank = await sizeChoice(context, request, params.get("size"));
  const header = islandHtml(context, "plan-header", <PlanHeader />);
  if (!input) return { input: null, fromTank, header, result: islandHtml(context, "plan-result", <PlanEmpty />) };
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
    fromTank,
    header,
    result: islandHtml(context, "plan-result", <PlanChecklist plan={plan} bundle={view} alternative={alternative} />),
  };
}

export default function PlanPage({ loaderData }: Route.ComponentProps) {
  const { input, header, result, fromTank } = loaderData;
  const size = input?.size ?? fromTank?.size;
  return (
    <>
      <Island id="plan-header" html={header} />
      <div className="container-page grid gap-10 py-12 lg:grid-cols-[20rem_1fr] print:block">
        <Form method="get" className="card h-fit space-y-5 p-6 print:hidden">
          <fieldset>
            <legend className="field-label">Tank size</legend>
            {fromTank?.note ? (
              <p className="mt-1 text-sm text-ink-soft" data-testid="plan-from-tank">
                {fromTank.note}
              </p>
            ) : null}
            {TANK_SIZES.map((s) => (
              <label key={s.value} className="mt-2 flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="size"
                  value={s.value}
                  defaultChecked={size === s.value}
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
