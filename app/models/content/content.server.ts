import matter from "gray-matter";
import { z } from "zod";
import { fillPolicyPlaceholders } from "#app/domain/shop-policies";
import { htmlOnce } from "#app/utils/island-html.server";
import { readingMinutes, renderMarkdown, type RenderedMarkdown } from "./markdown.server";
import type { AppLoadContext } from "react-router";

/**
 * Guides and information pages are Markdown files with front matter under app/content.
 * They are bundled at build time (import.meta.glob) and rendered once, on first use.
 */
const FrontMatterSchema = z.object({
  title: z.string().min(1),
  description: z.string().min(1),
  updated: z.coerce.string(),
  relatedProducts: z.array(z.string()).default([]),
  order: z.number().int().optional(),
  /** Heading anchor → the questions that section answers, as reefers ask them (indexed by the chat). */
  asks: z.record(z.string(), z.array(z.string().min(1))).default({}),
  /**
   * Heading anchor → questions that section says the guides leave out ("What we don't cover"): the
   * chat refuses what reads like them.
   */
  declines: z.record(z.string(), z.array(z.string().min(1))).default({}),
});

export interface ContentDocument extends RenderedMarkdown {
  slug: string;
  title: string;
  description: string;
  updated: string;
  relatedProducts: string[];
  order: number;
  readingMinutes: number;
  asks: Record<string, string[]>;
  declines: Record<string, string[]>;
}

const guideFiles = import.meta.glob<string>("#app/content/guides/*.md", {
  query: "?raw",
  import: "default",
  eager: true,
});
const pageFiles = import.meta.glob<string>("#app/content/pages/*.md", {
  query: "?raw",
  import: "default",
  eager: true,
});

function load(files: Record<string, string>): Map<string, ContentDocument> {
  const docs = new Map<string, ContentDocument>();
  for (const [file, raw] of Object.entries(files)) {
    const slug = file.split("/").pop()!.replace(/\.md$/, "");
    const parsed = matter(fillPolicyPlaceholders(raw));
    const front = FrontMatterSchema.parse(parsed.data);
    docs.set(slug, {
      slug,
      ...front,
      updated: front.updated.slice(0, 10),
      order: front.order ?? 99,
      readingMinutes: readingMinutes(parsed.content),
      ...renderMarkdown(parsed.content),
    });
  }
  return docs;
}

let guides: Map<string, ContentDocument> | undefined;
let pages: Map<string, ContentDocument> | undefined;

export function listGuides(): ContentDocument[] {
  guides ??= load(guideFiles);
  return [...guides.values()].sort((a, b) => a.order - b.order);
}

export function getGuide(slug: string): ContentDocument | null {
  guides ??= load(guideFiles);
  return guides.get(slug) ?? null;
}

export function getPage(slug: string): ContentDocument | null {
  pages ??= load(pageFiles);
  return pages.get(slug) ?? null;
}

/**
 * What a page needs to render a document. The plain-text `sections` (for search and the
 * reef-wisdom retriever) would repeat the whole text a third time in the page's hydration data,
 * after the HTML itself and its copy in `html`: on a guide that pushed the document from
 * ~13 KB to ~17.5 KB compressed, past the first TCP round trip on a slow connection.
 */
export function articleView(
  context: AppLoadContext,
  { slug, title, description, updated, readingMinutes, html, toc }: ContentDocument,
) {
  // The article's HTML is in the page already: not again in a document's hydration data.
  return { slug, title, description, updated, readingMinutes, html: htmlOnce(context, "article-body", html), toc };
}
