/**
 * Sentence embeddings for the benchmark and the quality test: the stored section vectors, and the
 * question sets' questions and clauses, cached in bench/wisdom-question-vectors.json (int8, keyed
 * by the text) so a run doesn't spend a minute embedding 2 500 questions. A text missing from the
 * cache is embedded with the real encoder. The server embeds each question live instead.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { embed } from "./encoder.server";
import { textsToEmbed, type QuestionVectors, type WisdomSection } from "./retriever";
import storedSectionVectors from "./section-vectors.json";
import {
  decodeVectors,
  dequantize,
  EMBEDDING_MODEL,
  embeddingTexts,
  hashTexts,
  quantize,
  type SectionVectors,
} from "./vectors";
import type { EvalSet } from "./evaluate";

const CACHE = path.join(fileURLToPath(new URL("../../../bench", import.meta.url)), "wisdom-question-vectors.json");

/** The stored section vectors, or undefined when they were embedded from other texts (stale). */
export function sectionVectorsFor(sections: WisdomSection[]): SectionVectors | undefined {
  const stored = storedSectionVectors;
  if (stored.hash !== hashTexts(embeddingTexts(sections))) return undefined;
  return decodeVectors(stored, sections.length);
}

/** Vectors of every question of the sets and of their clauses; `save` writes new ones to the cache. */
export async function questionVectors(sets: EvalSet[], save = false): Promise<QuestionVectors> {
  const cached: { model: string; vectors: Record<string, string> } = fs.existsSync(CACHE)
    ? JSON.parse(fs.readFileSync(CACHE, "utf8"))
    : { model: EMBEDDING_MODEL, vectors: {} };
  if (cached.model !== EMBEDDING_MODEL) cached.vectors = {};
  const texts = [
    ...new Set(sets.flatMap((set) => [...set.questions.map((q) => q.question), ...set.offTopic].flatMap(textsToEmbed))),
  ];
  const missing = texts.filter((t) => cached.vectors[t] === undefined);
  for (let i = 0; i < missing.length; i += 64) {
    const batch = missing.slice(i, i + 64);
    const vectors = await embed(batch);
    if (!vectors) throw new Error("the sentence encoder could not be loaded");
    batch.forEach((t, j) => (cached.vectors[t] = quantize(vectors[j]!)));
  }
  if (save && missing.length > 0) {
    const sorted = Object.fromEntries(Object.entries(cached.vectors).sort(([a], [b]) => (a < b ? -1 : 1)));
    fs.writeFileSync(CACHE, `${JSON.stringify({ model: EMBEDDING_MODEL, vectors: sorted }, null, 0)}\n`);
  }
  return new Map(texts.map((t) => [t, dequantize(cached.vectors[t]!)]));
}
