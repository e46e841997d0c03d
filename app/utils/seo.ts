import type { PublicConfig } from "#app/config.server";
import type { MetaDescriptor } from "react-router";

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

/**
 * The page title with the shop's name as its own segment ("Page | Shop"). A title that merely
 * mentions the name inside its words ("Tip the Lazy Reefer") still gets it: only a title that
 * already starts or ends with the name as a segment is left as it is.
 */
export function brandedTitle(title: string, shopName: string): string {
  const trimmed = title.trim();
  if (trimmed === shopName || trimmed.startsWith(`${shopName} |`) || trimmed.endsWith(`| ${shopName}`)) return trimmed;
  return `${trimmed} | ${shopName}`;
}

/** Title, description, canonical URL, OpenGraph and Twitter tags for one page. */
export function pageMeta(matches: ReadonlyArray<RootMatch | undefined>, page: PageSeo): MetaDescriptor[] {
  const { shopName, publicUrl } = rootConfig(matches);
  const title = brandedTitle(page.title, shopName);
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
