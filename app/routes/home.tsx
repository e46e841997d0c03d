import { HomePage } from "#app/components/home-page.server";
import { Island } from "#app/components/island";
import { inShopWindow } from "#app/domain/availability";
import { heroImagePreload } from "#app/domain/images";
import { bundleView, productView } from "#app/models/catalogue/catalogue-view";
import { listBundles, listProducts } from "#app/models/catalogue/catalogue.server";
import { listGuides } from "#app/models/content/content.server";
import { islandHtml } from "#app/utils/island-html.server";
import { pageMeta } from "#app/utils/seo";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Lazy Reefer | Live chaeto, coral food and easy reef care",
    description:
      "Farm-grown chaeto, coral food, refugium kits and care bundles for a low-effort, stable reef tank, plus free guides written by reefers. Free shipping.",
    path: "/",
    jsonLd: { "@context": "https://schema.org", "@type": "OnlineStore", name: "Lazy Reefer" },
  });

// The hero is the LCP element on every screen size.
export const links: Route.LinksFunction = () => [heroImagePreload("100vw")];

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.services.database;
  const now = context.services.clock();
  const products = await listProducts(db);
  const bundles = await listBundles(db, products);
  // An ended offer leaves the shop window; the page then leads with what can be bought.
  const views = products.filter((p) => inShopWindow(p, now)).map((p) => productView(p, now));
  const page = (
    <HomePage
      special={views.find((p) => p.category === "special" && p.purchasable) ?? null}
      featured={views.filter((p) => p.category !== "special" && p.category !== "tip")}
      bundles={bundles.filter((b) => b.active).map((b) => bundleView(b, products, now))}
      guides={listGuides()}
    />
  );
  return { html: islandHtml(context, "home", page) };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return <Island id="home" html={loaderData.html} />;
}
