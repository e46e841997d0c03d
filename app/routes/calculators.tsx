import { data } from "react-router";
import { CalculatorsPage } from "#app/components/calculators-page.server";
import { Island } from "#app/components/island";
import { PageHeader } from "#app/components/page-header";
import { calculatorAnswers } from "#app/forms/calculators";
import { islandHtml } from "#app/utils/island-html.server";
import { pageMeta } from "#app/utils/seo";
import type { Route } from "./+types/calculators";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Reef calculators",
    description:
      "How much baking soda, soda ash, calcium chloride or magnesium to dose, spread over safe daily steps; salt for a water change; refugium light hours from nitrate. From our water-chemistry guide.",
    path: "/calculators",
  });

export function loader({ request, context }: Route.LoaderArgs) {
  const answers = calculatorAnswers(new URL(request.url).searchParams);
  const refused = [answers.dose, answers.salt, answers.light].some((a) => a?.kind === "refused");
  return data(
    { page: islandHtml(context, "calculators", <CalculatorsPage {...answers} />) },
    { status: refused ? 400 : 200 },
  );
}

export default function Calculators({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        eyebrow="Reef Wisdom"
        title="Reef calculators"
        intro="Doses, salt and refugium light from the figures in our water-chemistry guide, never more in a day than the guide allows."
      />
      <Island id="calculators" html={loaderData.page} />
    </>
  );
}
