import type { MetaDescriptor } from "react-router";
import type { PublicConfig } from "~/config.server";

interface RootMatch {
  id: string;
  data?: unknown;
}

export interface PageSeo {
  title: string;
  description: string;
  /** Path of the page, for canonical and og:url. */
  path: string;
  image?: string;
  type?: "website" | "article" | "product";
  /** JSON-LD object(s) for the page. */
  jsonLd?: object | object[];
}

export function rootConfig(matches: ReadonlyArray<RootMatch | undefined>): PublicConfig {
  const root = matches.find((m) => m?.id === "root")?.data as { config?: PublicConfig } | undefined;
  return (
    root?.config ?? {
      shopName: "Lazy Reefer",
      publicUrl: "http://localhost:3000",
      paymentProvider: "test",
      stripePublishableKey: null,
      socialSignIn: null,
    }
  );
}

/** Title, description, canonical URL, OpenGraph and Twitter tags for one page. */
export function pageMeta(matches: ReadonlyArray<RootMatch | undefined>, page: PageSeo): MetaDescriptor[] {
  const { shopName, publicUrl } = rootConfig(matches);
  const title = page.title.includes(shopName) ? page.title : `${page.title} | ${shopName}`;
  const url = `${publicUrl}${page.path}`;
  const image = `${publicUrl}${page.image ?? "/images/og-default.png"}`;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: shopName },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { name: "twitter:card", content: "summary_large_image" },
  ];
  const jsonLd = page.jsonLd ? (Array.isArray(page.jsonLd) ? page.jsonLd : [page.jsonLd]) : [];
  for (const entry of jsonLd) tags.push({ "script:ld+json": entry });
  return tags;
}
