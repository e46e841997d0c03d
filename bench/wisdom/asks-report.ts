/**
 * Checks the content's `asks` front matter (the questions each section answers, in a reefer's
 * words) and prints how many each section has: a key that is not a heading anchor of its document
 * is an error, and so is a document whose front matter does not parse.
 *
 * Usage: npx tsx bench/wisdom/asks-report.ts [file.md …]
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import matter from "gray-matter";
import { renderMarkdown } from "#app/models/content/markdown.server";

const contentDir = fileURLToPath(new URL("../../app/content", import.meta.url));
const all = ["guides", "pages"].flatMap((dir) =>
  fs
    .readdirSync(path.join(contentDir, dir))
    .filter((f) => f.endsWith(".md"))
    .map((f) => path.join(contentDir, dir, f)),
);
const files = process.argv.length > 2 ? process.argv.slice(2).map((f) => path.resolve(f)) : all;
let errors = 0;
for (const file of files) {
  const parsed = matter(fs.readFileSync(file, "utf8"));
  const { toc } = renderMarkdown(parsed.content);
  const anchors = new Set(toc.map((t) => t.id));
  const asks = (parsed.data.asks ?? {}) as Record<string, unknown>;
  for (const [key, list] of Object.entries(asks)) {
    if (!anchors.has(key)) {
      console.error(`✗ ${path.basename(file)}: "${key}" is not a heading anchor`);
      errors++;
    }
    if (!Array.isArray(list) || list.some((q) => typeof q !== "string" || q.trim() === "")) {
      console.error(`✗ ${path.basename(file)}: "${key}" is not a list of questions`);
      errors++;
    }
  }
  const counts = toc.map((t) => (Array.isArray(asks[t.id]) ? (asks[t.id] as string[]).length : 0));
  const total = counts.reduce((a, b) => a + b, 0);
  console.log(
    `${path.basename(file)}: ${toc.length} sections, ${total} asks, ${counts.filter((c) => c === 0).length} sections without`,
  );
}
process.exit(errors > 0 ? 1 : 0);
