import { describe, expect, it } from "vitest";
import { loadWisdomSectionsFromFiles } from "./load-sections.server";
import storedSectionVectors from "./section-vectors.json";
import { decodeVectors, dequantize, dot, embeddingTexts, hashTexts, normalize, quantize } from "./vectors";

const CONTENT_DIR = new URL("../../content", import.meta.url).pathname;
const sections = loadWisdomSectionsFromFiles(CONTENT_DIR);
const stored = storedSectionVectors;

describe("stored section vectors", () => {
  it("were embedded from the current guides and asks (else run `npm run wisdom:vectors`)", () => {
    const texts = embeddingTexts(sections);
    expect(stored.hash).toBe(hashTexts(texts));
    expect(stored.sections).toHaveLength(sections.length);
    expect(stored.asks).toHaveLength(texts.asks.length);
  });

  it("change hash when one ask or heading changes", () => {
    const texts = embeddingTexts(sections);
    const edited = { ...texts, asks: texts.asks.map((a, i) => (i === 3 ? { ...a, text: `${a.text}?` } : a)) };
    expect(hashTexts(edited)).not.toBe(hashTexts(texts));
    expect(hashTexts({ ...texts, sections: [...texts.sections.slice(1), texts.sections[0]!] })).not.toBe(
      hashTexts(texts),
    );
  });

  it("decode to unit vectors, one per section and its asks", () => {
    const vectors = decodeVectors(stored, sections.length);
    expect(vectors.sections[0]).toHaveLength(stored.dimensions);
    expect(dot(vectors.sections[0]!, vectors.sections[0]!)).toBeCloseTo(1, 5);
    expect(vectors.asks.reduce((n, a) => n + a.length, 0)).toBe(stored.asks.length);
  });
});

describe("int8 quantization", () => {
  it("keeps cosines within 0.005 of float32", () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 2 - 1;
    const a = normalize(Array.from({ length: 512 }, random));
    const b = normalize(Array.from(a, (v) => v + 0.05 * random()));
    expect(Math.abs(dot(dequantize(quantize(a)), dequantize(quantize(b))) - dot(a, b))).toBeLessThan(0.005);
    expect(dot(dequantize(quantize(a)), a)).toBeGreaterThan(0.999);
  });
});
