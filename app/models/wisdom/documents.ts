/**
 * Building the engine's sections from rendered guides and pages: each `##`/`###` section with its
 * link, its enclosing heading and its blocks (paragraphs, list items, steps, table rows).
 */
import type { TextBlock } from "#app/models/content/markdown.server";
import type { WisdomSection } from "./types";

/** The shop's own terms: the chat answers a buyer's questions from them (returns, cancelling, currency, their data). */
export const TERMS_PAGE_SLUGS = ["terms-of-service", "privacy-policy"] as const;

/** Pages (besides the guides) that the reef-wisdom chat may answer from: the care pages and the terms. */
export const WISDOM_PAGE_SLUGS = ["care", "hermit", "shipping-info", ...TERMS_PAGE_SLUGS] as const;

export const GUIDE_URL_BASE = "/reef-wisdom/lazy-reefer-guide";

/** The parts of a rendered content document (see markdown.server.ts and content.server.ts) we need. */
export interface WisdomSourceDocument {
  slug: string;
  title: string;
  toc: Array<{ id: string; title: string; level: 2 | 3 }>;
  sections: Array<{ id: string; title: string; text: string; blocks?: TextBlock[] }>;
  /** Front matter `asks`: heading anchor → the questions that section answers, in a reefer's words. */
  asks?: Partial<Record<string, string[]>>;
  /** Front matter `declines`: heading anchor → questions the guides leave out, as that section says. */
  declines?: Partial<Record<string, string[]>>;
}

/** Turns one rendered guide or page into retrievable sections with links to their anchors. */
export function wisdomSectionsFromDocument(doc: WisdomSourceDocument, kind: "guide" | "page"): WisdomSection[] {
  const base = kind === "guide" ? `${GUIDE_URL_BASE}/${doc.slug}` : `/${doc.slug}`;
  const parentOf = new Map<string, string>();
  let currentH2: string | undefined;
  for (const entry of doc.toc) {
    if (entry.level === 2) currentH2 = entry.title;
    else if (currentH2 !== undefined) parentOf.set(entry.id, currentH2);
  }
  return doc.sections.map((s) => {
    const parentTitle = parentOf.get(s.id);
    const asks = doc.asks?.[s.id];
    const declines = doc.declines?.[s.id];
    return {
      id: s.id,
      title: plainText(s.title),
      text: plainText(s.text),
      docTitle: doc.title,
      url: `${base}#${s.id}`,
      ...(parentTitle !== undefined ? { parentTitle: plainText(parentTitle) } : {}),
      ...(s.blocks ? { blocks: s.blocks } : {}),
      ...(asks ? { asks } : {}),
      ...(declines ? { declines } : {}),
    };
  });
}

/**
 * Strips inline Markdown (emphasis, code, links) that renderMarkdown leaves in section text,
 * so answers read as prose. Idempotent on plain text.
 */
export function plainText(markdown: string): string {
  return markdown
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]+)\]\([^)]*\)/g, "$1")
    .replace(/`([^`]*)`/g, "$1")
    .replace(/(\*\*|__)(.+?)\1/g, "$2")
    .replace(/(^|[^\w*])[*_]([^*_\s][^*_]*?)[*_](?=[^\w*]|$)/g, "$1$2")
    .replace(/\\([\\`*_{}[\]()#+\-.!])/g, "$1")
    .replace(/\s+/g, " ")
    .trim();
}
