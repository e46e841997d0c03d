import MarkdownIt from "markdown-it";
import sanitizeHtml from "sanitize-html";

export interface TocEntry {
  id: string;
  title: string;
  level: 2 | 3;
}

export interface RenderedMarkdown {
  html: string;
  toc: TocEntry[];
  /** Plain-text sections (by h2/h3), for search and the reef-wisdom retriever. */
  sections: Array<{ id: string; title: string; text: string }>;
}

// Raw HTML in Markdown is disabled: content is text, and the sanitiser below is a second fence.
const md = new MarkdownIt({ html: false, linkify: false, typographer: true });

// Self-links beside each heading, so a section can be shared.
md.renderer.rules.heading_close = (tks, idx, options, _env, self) => {
  const open = tks[idx - 2];
  const id = open?.attrGet("id");
  const anchor = id ? `<a class="heading-anchor" href="#${id}" aria-label="Link to this section">#</a>` : "";
  return `${anchor}${self.renderToken(tks, idx, options)}`;
};

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

export function renderMarkdown(source: string): RenderedMarkdown {
  const tokens = md.parse(source, {});
  const toc: TocEntry[] = [];
  const used = new Set<string>();
  const sections: RenderedMarkdown["sections"] = [];
  let current: { id: string; title: string; parts: string[] } | null = null;

  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.type === "heading_open" && (token.tag === "h2" || token.tag === "h3")) {
      const title = tokens[i + 1]?.content ?? "";
      let id = slugify(title) || "section";
      for (let n = 2; used.has(id); n++) id = `${slugify(title)}-${n}`;
      used.add(id);
      token.attrSet("id", id);
      toc.push({ id, title, level: token.tag === "h2" ? 2 : 3 });
      if (current) sections.push({ id: current.id, title: current.title, text: current.parts.join(" ") });
      current = { id, title, parts: [] };
      continue;
    }
    if (token.type === "inline" && current && tokens[i - 1]?.type !== "heading_open") {
      current.parts.push(token.content);
    }
  }
  if (current) sections.push({ id: current.id, title: current.title, text: current.parts.join(" ") });

  const rawHtml = md.renderer.render(tokens, md.options, {});
  const html = sanitizeHtml(rawHtml, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, "h2", "h3", "h4"],
    allowedAttributes: { a: ["href", "class", "aria-label"], h2: ["id"], h3: ["id"], th: ["style"], td: ["style"] },
    allowedSchemes: ["http", "https", "mailto"],
  });
  return { html, toc, sections };
}

export function readingMinutes(source: string): number {
  const words = source.split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.round(words / 220));
}
