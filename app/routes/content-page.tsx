import { data } from "react-router";
import { Article } from "#app/components/article";
import { articleView, getPage } from "#app/models/content/content.server";
import { pageMeta } from "#app/utils/seo";
import type { Route } from "./+types/content-page";

const EYEBROWS: Record<string, string> = {
  hermit: "Care guide",
  care: "Care guide",
  "shipping-info": "Help",
  "privacy-policy": "Legal",
  "terms-of-service": "Legal",
};

export const meta: Route.MetaFunction = ({ data: page, matches }) =>
  page
    ? pageMeta(matches, {
        title: page.doc.title,
        description: page.doc.description,
        path: `/${page.slug}`,
        type: "article",
      })
    : [{ title: "Not found | Lazy Reefer" }];

/** One module for the Markdown-backed pages; the path names the document. */
export function loader({ request, context }: Route.LoaderArgs) {
  const slug = new URL(request.url).pathname.replace(/^\/+|\/+$/g, "");
  const doc = getPage(slug);
  if (!doc) throw data(null, { status: 404 });
  return { slug, eyebrow: EYEBROWS[slug] ?? "Lazy Reefer", doc: articleView(context, doc) };
}

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  const { doc, eyebrow } = loaderData;
  return <Article doc={doc} eyebrow={eyebrow} />;
}
