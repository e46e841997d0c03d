import { inShopWindow } from "#app/domain/availability";
import { listBundles, listProducts } from "#app/models/catalogue/catalogue.server";
import { listGuides } from "#app/models/content/content.server";
import type { Route } from "./+types/sitemap[.]xml";

const STATIC_PATHS = [
  "/",
  "/products",
  "/reef-wisdom",
  "/care",
  "/hermit",
  "/plan",
  "/calculators",
  "/coming-soon",
  "/shipping-info",
  "/contact",
  "/privacy-policy",
  "/terms-of-service",
];

function escapeXml(value: string) {
  return value.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

export async function loader({ context }: Route.LoaderArgs) {
  const { publicUrl } = context.services.config;
  const { db } = context.services.database;
  const now = context.services.clock();
  const [products, bundles] = await Promise.all([listProducts(db), listBundles(db)]);
  const paths = [
    ...STATIC_PATHS,
    ...products.filter((p) => inShopWindow(p, now)).map((p) => `/product/${p.id}`),
    ...bundles.filter((b) => b.active).map((b) => `/product/${b.id}`),
    ...listGuides().map((g) => `/reef-wisdom/lazy-reefer-guide/${g.slug}`),
  ];
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${paths.map((p) => `  <url><loc>${escapeXml(publicUrl + p)}</loc></url>`).join("\n")}
</urlset>
`;
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
