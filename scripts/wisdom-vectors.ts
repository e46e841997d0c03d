/**
 * Embeds what the reef-wisdom retriever ranks against (section headings with their first
 * sentences, and the asks) and writes app/models/wisdom/section-vectors.json with the hash of the
 * texts embedded. Run `npm run wisdom:vectors` after editing a guide or asks.ts: the unit test
 * vectors.test.ts fails while the file is stale. Decision 014, round 6.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { embed } from "../app/models/wisdom/encoder.server";
import { loadWisdomSectionsFromFiles } from "../app/models/wisdom/load-sections.server";
import { EMBEDDING_MODEL, embeddingTexts, hashTexts, quantize, type StoredVectors } from "../app/models/wisdom/vectors";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
const sections = loadWisdomSectionsFromFiles(path.join(root, "app", "content"));
const texts = embeddingTexts(sections);

/** Batches of 64: one call over all 1 600 texts holds several hundred MB of activations at once. */
async function embedAll(all: string[]): Promise<Float32Array[]> {
  const out: Float32Array[] = [];
  for (let i = 0; i < all.length; i += 64) {
    const vectors = await embed(all.slice(i, i + 64));
    if (!vectors) throw new Error("the sentence encoder could not be loaded");
    out.push(...vectors);
  }
  return out;
}

const started = performance.now();
const sectionVectors = await embedAll(texts.sections);
const askVectors = await embedAll(texts.asks.map((a) => a.text));
const stored: StoredVectors = {
  model: EMBEDDING_MODEL,
  hash: hashTexts(texts),
  dimensions: sectionVectors[0]?.length ?? 0,
  sections: sectionVectors.map(quantize),
  asks: texts.asks.map((a, i) => ({ section: a.section, vector: quantize(askVectors[i]!) })),
};
const file = path.join(root, "app", "models", "wisdom", "section-vectors.json");
fs.writeFileSync(file, `${JSON.stringify(stored)}\n`);
console.log(
  `${texts.sections.length} sections and ${texts.asks.length} asks embedded in ${Math.round(performance.now() - started)} ms → ${path.relative(root, file)} (${Math.round(fs.statSync(file).size / 1024)} KB)`,
);
