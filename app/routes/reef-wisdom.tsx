import { GuideIndex, GuideIndexHeader } from "#app/components/guide-index.server";
import { StaticHtml } from "#app/components/html-once";
import { ReefWisdomChat } from "#app/components/reef-wisdom-chat";
import { listGuides } from "#app/models/content/content.server";
import { htmlOnce } from "#app/utils/html-once.server";
import { pageMeta } from "#app/utils/seo";
import { staticMarkup } from "#app/utils/static-markup.server";
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
    header: htmlOnce(context, "guides-header", staticMarkup(<GuideIndexHeader count={guides.length} />)),
    guides: htmlOnce(context, "guide-index", staticMarkup(<GuideIndex guides={guides} />)),
  };
}

export default function ReefWisdom({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <StaticHtml id="guides-header" html={loaderData.header} />
      <div className="container-page py-12">
        <div className="mb-12">
          <ReefWisdomChat />
        </div>
        <StaticHtml id="guide-index" html={loaderData.guides} />
      </div>
    </>
  );
}
