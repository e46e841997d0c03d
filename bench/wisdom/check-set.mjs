// Checks a frozen reef-wisdom question set against the content alone:
// every expected id is a heading anchor in app/content/{guides,pages}/<slug>.md,
// and every mustContain string appears (case-insensitive) in the text of at least
// one of that part's expected sections. Usage: node bench/wisdom/check-set.mjs [set.json]
import { readFileSync, readdirSync } from "node:fs";
import { join, dirname, basename } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const setPath = process.argv[2] ?? join(root, "bench/wisdom/fresh-forum-1.json");

// Same rule as the site's heading anchors: lowercase, accents dropped, "&" -> "and",
// every run of other characters -> "-", no leading/trailing "-"; repeats get -2, -3 ...
const slugify = (t) =>
  t
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
const plain = (s) =>
  s
    .replace(/\*\*|\*|`/g, "")
    .replace(/\s+/g, " ")
    .toLowerCase();

const sections = new Map(); // "slug#anchor" -> section text (heading to next heading)
for (const dir of ["guides", "pages"]) {
  const base = join(root, "app/content", dir);
  for (const file of readdirSync(base).filter((f) => f.endsWith(".md"))) {
    const slug = basename(file, ".md");
    const body = readFileSync(join(base, file), "utf8").replace(/^---\n[\s\S]*?\n---\n/, "");
    const used = new Set();
    let current = null;
    for (const line of body.split("\n")) {
      const h = /^#{1,6}\s+(.*)$/.exec(line);
      if (h) {
        let id = slugify(h[1]) || "section";
        for (let n = 2; used.has(id); n++) id = `${slugify(h[1])}-${n}`;
        used.add(id);
        current = `${slug}#${id}`;
        sections.set(current, "");
      } else if (current) sections.set(current, sections.get(current) + line + "\n");
    }
  }
}

const set = JSON.parse(readFileSync(setPath, "utf8"));
const problems = [];
const partial = [];
const seen = new Set();
const kinds = { single: 0, double: 0, shop: 0, offTopic: 0 };
const shopPages = /^(terms-of-service|shipping-info|privacy-policy)#/;
const used = new Set();
set.questions.forEach((q, i) => {
  const where = `#${i + 1} "${q.question.slice(0, 50)}"`;
  if (seen.has(q.question.toLowerCase())) problems.push(`${where}: duplicate question`);
  seen.add(q.question.toLowerCase());
  if (q.offTopic) {
    if (q.parts) problems.push(`${where}: offTopic question has parts`);
    kinds.offTopic++;
    return;
  }
  if (!Array.isArray(q.parts) || q.parts.length === 0) return problems.push(`${where}: no parts`);
  if (q.parts.length > 1) kinds.double++;
  else if (q.parts[0].expected.every((e) => shopPages.test(e))) kinds.shop++;
  else kinds.single++;
  q.parts.forEach((p, j) => {
    const at = `${where} part ${j + 1}`;
    if (!p.expected?.length) problems.push(`${at}: no expected`);
    for (const e of p.expected ?? []) {
      if (!sections.has(e)) problems.push(`${at}: unknown section ${e}`);
      used.add(e);
    }
    if (!p.mustContain?.length || p.mustContain.length > 3) problems.push(`${at}: mustContain needs 1-3 strings`);
    for (const m of p.mustContain ?? []) {
      const hits = (p.expected ?? []).filter((e) => sections.has(e) && plain(sections.get(e)).includes(plain(m)));
      if (hits.length === 0) problems.push(`${at}: "${m}" not in ${p.expected.join(", ")}`);
      else if (hits.length < p.expected.length) partial.push(`${at}: "${m}" only in ${hits.join(", ")}`);
    }
  });
});

const sources = new Set([...sections.keys()].map((k) => k.split("#")[0]));
const unusedSources = [...sources].filter((s) => ![...used].some((u) => u.startsWith(s + "#")));
console.log(`questions: ${set.questions.length}`, kinds);
console.log(
  `sections cited: ${used.size} of ${sections.size}; sources never cited: ${unusedSources.join(", ") || "none"}`,
);
if (partial.length)
  console.log(
    `note: ${partial.length} mustContain strings found in only some expected sections:\n  ${partial.join("\n  ")}`,
  );
if (problems.length) {
  console.log(`FAIL: ${problems.length} problems\n  ${problems.join("\n  ")}`);
  process.exit(1);
}
console.log("OK: every expected id exists and every mustContain string is in its section text");
