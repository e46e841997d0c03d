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
  sections: Array<{ id: string; title: string; text: string; blocks: TextBlock[] }>;
}

/**
 * One block of a section's text, so the reef-wisdom retriever can quote a sentence, a list item
 * or a table row with what it needs around it: a numbered step is read with its heading, a table
 * row with its column headers.
 */
export type TextBlock =
  | { kind: "paragraph" | "item"; text: string }
  | { kind: "step"; text: string; number: number }
  | { kind: "row"; text: string; cells: string[]; header: string[] };

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
  let current: { id: string; title: string; parts: string[]; blocks: TextBlock[] } | null = null;
  const close = () => {
    if (current)
      sections.push({ id: current.id, title: current.title, text: current.parts.join(" "), blocks: current.blocks });
  };
  // Where the next inline token sits: list nesting (ordered or not, with its counter) and table cells.
  const lists: Array<{ ordered: boolean; next: number }> = [];
  let row: string[] | null = null;
  let header: string[] = [];
  let inHead = false;

  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.type === "heading_open" && (token.tag === "h2" || token.tag === "h3")) {
      const title = tokens[i + 1]?.content ?? "";
      let id = slugify(title) || "section";
      for (let n = 2; used.has(id); n++) id = `${slugify(title)}-${n}`;
      used.add(id);
      token.attrSet("id", id);
      toc.push({ id, title, level: token.tag === "h2" ? 2 : 3 });
      close();
      current = { id, title, parts: [], blocks: [] };
      continue;
    }
    if (token.type === "bullet_list_open" || token.type === "ordered_list_open") {
      lists.push({ ordered: token.type === "ordered_list_open", next: Number(token.attrGet("start") ?? 1) });
    } else if (token.type === "bullet_list_close" || token.type === "ordered_list_close") lists.pop();
    else if (token.type === "thead_open") inHead = true;
    else if (token.type === "thead_close") inHead = false;
    else if (token.type === "tr_open") row = [];
    else if (token.type === "tr_close" && row) {
      if (inHead) header = row;
      else if (current) current.blocks.push({ kind: "row", text: row.join(" | "), cells: row, header });
      row = null;
    }
    if (token.type === "inline" && current && tokens[i - 1]?.type !== "heading_open") {
      current.parts.push(token.content);
      const list = lists.at(-1);
      if (row) row.push(token.content);
      // Only the first paragraph of a list item carries its number; later ones read as plain items.
      else if (list?.ordered && tokens[i - 2]?.type === "list_item_open")
        current.blocks.push({ kind: "step", text: token.content, number: list.next++ });
      else if (list) current.blocks.push({ kind: "item", text: token.content });
      else current.blocks.push({ kind: "paragraph", text: token.content });
    }
  }
  close();

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
