import { GuideIndex, GuideIndexHeader } from "#app/components/guide-index.server";
import { Island } from "#app/components/island";
import { ReefWisdomChat } from "#app/components/reef-wisdom-chat";
import { listGuides } from "#app/models/content/content.server";
import { islandHtml } from "#app/utils/island-html.server";
import { pageMeta } from "#app/utils/seo";
import type { Route } from "./+types/reef-wisdom";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Reef Wisdom: the Lazy Reefer Guide",
    description:
      "Free guides to a stable, low-effort reef: tank setup, equipment, water chemistry, troubleshooting, feeding and maintenance, fish diseases, compatibility, anemones, coral placement, emergencies, RODI and ICP.",
    path: "/reef-wisdom",
  });

export function loader({ context }: Route.LoaderArgs) {
  const guides = listGuides().map(({ slug, title, description, readingMinutes, toc }) => ({
    slug,
    title,
    description,
    readingMinutes,
    topics: toc
      .filter((t) => t.level === 2)
      .slice(0, 4)
      .map((t) => t.title),
  }));
  return {
    header: islandHtml(context, "guides-header", <GuideIndexHeader count={guides.length} />),
    guides: islandHtml(context, "guide-index", <GuideIndex guides={guides} />),
  };
}

export default function ReefWisdom({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Island id="guides-header" html={loaderData.header} />
      <div className="container-page py-12">
        <div className="mb-12">
          <ReefWisdomChat />
        </div>
        <Island id="guide-index" html={loaderData.guides} />
      </div>
    </>
  );
}
