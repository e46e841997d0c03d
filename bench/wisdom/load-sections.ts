/**
 * Loads reef-wisdom sections straight from the Markdown files, for unit tests and the
 * benchmarks, which run without the app's bundler. (The app itself builds them from content.server.ts's bundled documents
 * with wisdomSectionsFromDocument, so both paths share the same section and URL logic.)
 */
import fs from "node:fs";
import path from "node:path";
import matter from "gray-matter";
import { renderMarkdown } from "#app/models/content/markdown.server";
import { WISDOM_PAGE_SLUGS, wisdomSectionsFromDocument } from "#app/models/wisdom/documents";
import type { WisdomSection } from "#app/models/wisdom/types";

function loadDocument(file: string, kind: "guide" | "page"): WisdomSection[] {
  const slug = path.basename(file, ".md");
  const parsed = matter(fs.readFileSync(file, "utf8"));
  const title = typeof parsed.data.title === "string" ? parsed.data.title : slug;
  const { toc, sections } = renderMarkdown(parsed.content);
  const asks = parsed.data.asks as Record<string, string[]> | undefined;
  const declines = parsed.data.declines as Record<string, string[]> | undefined;
  return wisdomSectionsFromDocument({ slug, title, toc, sections, asks, declines }, kind);
}

/**
 * All guides under `<contentDir>/guides` plus the pages listed in WISDOM_PAGE_SLUGS under
 * `<contentDir>/pages`, in a stable (alphabetical) order.
 */
export function loadWisdomSectionsFromFiles(contentDir: string): WisdomSection[] {
  const guideDir = path.join(contentDir, "guides");
  const guides = fs
    .readdirSync(guideDir)
    .filter((f) => f.endsWith(".md"))
    .sort()
    .flatMap((f) => loadDocument(path.join(guideDir, f), "guide"));
  const pages = WISDOM_PAGE_SLUGS.flatMap((slug) => loadDocument(path.join(contentDir, "pages", `${slug}.md`), "page"));
  return [...guides, ...pages];
}
