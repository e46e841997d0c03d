/**
 * Issue 34's figures for a fresh forum-style set (bench/wisdom/README.md's format), shared by the
 * benchmark (fresh.ts) and the CI floors (quality-floors.ts):
 *   rightSection     a covered part has one of its expected sections among the answer's sources
 *                    (for a one-part message, the first source)
 *   numberOrAction   a covered part's answer holds every one of its mustContain strings
 *   coveredRefused   covered messages refused outright
 *   offTopicRefused
 *   bothParts        two-part messages with both parts found and answered
 * in percent, and each answer's time in milliseconds.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { GUIDE_URL_BASE } from "#app/models/wisdom/documents";
import { parentUrls } from "./evaluate";
import type { WisdomAnswer, WisdomRetriever, WisdomSection } from "#app/models/wisdom/types";

interface Part {
  expected: string[];
  mustContain: string[];
}
export interface FreshSet {
  questions: Array<{ question: string; parts?: Part[]; offTopic?: boolean }>;
}

export interface FreshReport {
  rightSection: number;
  numberOrAction: number;
  coveredRefused: number;
  offTopicRefused: number;
  bothParts: number;
  times: number[];
  misses: string[];
}

const GUIDES_DIR = fileURLToPath(new URL("../../app/content/guides", import.meta.url));

export const readFreshSet = (file: string) => JSON.parse(fs.readFileSync(file, "utf8")) as FreshSet;

const pct = (n: number, d: number) => (d === 0 ? 0 : Math.round((1000 * n) / d) / 10);

export function scoreFresh(retriever: WisdomRetriever, set: FreshSet, sections: WisdomSection[]): FreshReport {
  const guides = new Set(fs.readdirSync(GUIDES_DIR).map((f) => path.basename(f, ".md")));
  const urlOf = (id: string) => (guides.has(id.split("#")[0]!) ? `${GUIDE_URL_BASE}/${id}` : `/${id}`);
  const parents = parentUrls(sections);
  const answers = (part: Part, url: string) => {
    const wanted = part.expected.map(urlOf);
    return wanted.includes(url) || wanted.includes(parents.get(url) ?? "");
  };
  const holds = (part: Part, answer: WisdomAnswer) =>
    part.mustContain.every((s) => answer.answer.toLowerCase().includes(s.toLowerCase()));
  const n = {
    parts: 0,
    found: 0,
    held: 0,
    covered: 0,
    coveredRefused: 0,
    offTopic: 0,
    offTopicRefused: 0,
    two: 0,
    both: 0,
  };
  const times: number[] = [];
  const misses: string[] = [];
  for (const m of set.questions) {
    const start = performance.now();
    const answer = retriever.answer(m.question);
    times.push(performance.now() - start);
    const urls = answer.sources.map((s) => s.url);
    if (m.offTopic) {
      n.offTopic++;
      if (!answer.grounded) n.offTopicRefused++;
      else misses.push(`! answered off-topic: ${m.question}\n    → ${urls.join(" | ")}`);
      continue;
    }
    const parts = m.parts ?? [];
    n.covered++;
    if (!answer.grounded) n.coveredRefused++;
    let all = true;
    for (const part of parts) {
      n.parts++;
      const found =
        parts.length === 1 ? urls[0] !== undefined && answers(part, urls[0]) : urls.some((u) => answers(part, u));
      const held = found && holds(part, answer);
      if (found) n.found++;
      if (held) n.held++;
      all &&= held;
      if (!held)
        misses.push(
          `✗ ${answer.grounded ? (found ? "without the figure" : "wrong section") : "refused"}: ${m.question}\n` +
            `    cited ${urls.join(" | ") || "—"}\n    expected ${part.expected.join(" | ")} with ${part.mustContain.join(" / ")}`,
        );
    }
    if (parts.length === 2) {
      n.two++;
      if (all) n.both++;
    }
  }
  return {
    rightSection: pct(n.found, n.parts),
    numberOrAction: pct(n.held, n.parts),
    coveredRefused: pct(n.coveredRefused, n.covered),
    offTopicRefused: pct(n.offTopicRefused, n.offTopic),
    bothParts: pct(n.both, n.two),
    times,
    misses,
  };
}
