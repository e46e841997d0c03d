/**
 * Reef-keeping synonyms for the reef-wisdom retriever.
 *
 * Each group names a canonical phrase and the ways hobbyists (and our guides) write the same
 * thing. The retriever rewrites every variant to the canonical phrase, in the guides when it
 * indexes them and in the question when it searches, so "alk", "KH" and "dKH" all meet
 * "alkalinity" and share one term weight. Variants may be phrases ("red slime", "auto top off");
 * those are matched on word boundaries, with spaces, hyphens or slashes between the words.
 *
 * Keep canonical phrases plain words (they go through the same stemmer as everything else),
 * and never list a word in two groups: rewriting must not chain.
 */
export interface SynonymGroup {
  canonical: string;
  variants: string[];
}

export const SYNONYM_GROUPS: SynonymGroup[] = [
  // Water chemistry
  { canonical: "alkalinity", variants: ["alk", "alkalinity", "dkh", "kh", "carbonate hardness", "alkaline"] },
  { canonical: "calcium", variants: ["ca", "calcium", "cal"] },
  { canonical: "magnesium", variants: ["mg", "magnesium", "mag"] },
  { canonical: "nitrate", variants: ["no3", "nitrate", "nitrates", "nitrat"] },
  { canonical: "phosphate", variants: ["po4", "phosphate", "phosphates", "phos", "phosphorus"] },
  { canonical: "nitrite", variants: ["no2", "nitrite", "nitrites"] },
  { canonical: "ammonia", variants: ["nh3", "nh4", "ammonia", "ammonium"] },
  {
    canonical: "salinity",
    variants: ["sg", "salinity", "specific gravity", "salt", "salty", "ppt", "salt level"],
  },
  { canonical: "temperature", variants: ["temp", "temps", "temperature", "temperatures"] },
  { canonical: "kalkwasser", variants: ["kalk", "kalkwasser", "limewater", "lime water", "calcium hydroxide"] },
  { canonical: "two part", variants: ["two part", "2 part", "2part", "twopart"] },
  { canonical: "gfo", variants: ["gfo", "granular ferric oxide"] },
  { canonical: "rodi", variants: ["rodi", "ro", "di", "reverse osmosis", "ro di"] },
  { canonical: "water change", variants: ["wc", "wcs", "water changes"] },

  // Equipment
  { canonical: "ato", variants: ["ato", "auto top off", "automatic top off", "top off", "topoff", "auto topoff", "autotopoff"] },
  { canonical: "refugium", variants: ["fuge", "refugium", "refugiums", "refugia", "fuges"] },
  { canonical: "par", variants: ["par", "light intensity", "par value", "par values"] },
  { canonical: "powerhead", variants: ["powerhead", "power head", "wavemaker", "wave maker", "wave pump", "circulation pump"] },
  { canonical: "skimmer", variants: ["skimmer", "protein skimmer", "skimmers"] },
  { canonical: "heater", variants: ["heater", "heaters"] },
  { canonical: "refractometer", variants: ["refractometer", "refractometers", "refrac", "refract"] },

  // Algae, bacteria and pests
  { canonical: "chaeto", variants: ["chaeto", "chaetomorpha", "chaeto ball", "spaghetti algae"] },
  { canonical: "cyano", variants: ["cyano", "cyanobacteria", "red slime", "red slime algae", "slime algae"] },
  { canonical: "dinos", variants: ["dinos", "dino", "dinoflagellates", "dinoflagellate"] },
  { canonical: "hair algae", variants: ["gha", "green hair algae", "hair algae", "hairalgae"] },
  { canonical: "valonia", variants: ["valonia", "bubble algae"] },
  { canonical: "aiptasia", variants: ["aiptasia", "aip", "aips", "glass anemone", "glass anemones", "aiptasias"] },
  { canonical: "flatworm", variants: ["flatworm", "flatworms", "flat worm", "flat worms", "planaria"] },
  { canonical: "aefw", variants: ["aefw", "acropora eating flatworm", "acropora eating flatworms", "acro eating flatworms"] },
  { canonical: "nudibranch", variants: ["nudibranch", "nudibranchs", "nudi", "nudis", "nudibranches"] },
  { canonical: "ich", variants: ["ich", "ick", "white spot", "white spot disease", "cryptocaryon", "marine ich"] },
  { canonical: "copepod", variants: ["pods", "copepod", "copepods", "amphipod", "amphipods"] },
  { canonical: "bacterial bloom", variants: ["bacteria bloom", "bacterial bloom", "bacterial blooms"] },

  // Livestock
  { canonical: "cuc", variants: ["cuc", "cleanup crew", "clean up crew", "cleanup crews", "clean up crews", "cleaner crew"] },
  { canonical: "hermit", variants: ["hermit", "hermits", "hermies"] },
  { canonical: "lps", variants: ["lps", "large polyp stony", "large polyp stony corals", "large polyp"] },
  { canonical: "sps", variants: ["sps", "small polyp stony", "small polyp stony corals", "small polyp"] },
  { canonical: "acropora sps", variants: ["acro", "acros", "acropora", "acroporas"] },
  { canonical: "montipora sps", variants: ["monti", "montis", "montipora", "monitpora"] },
  { canonical: "zoanthid", variants: ["zoa", "zoas", "zoanthid", "zoanthids", "zoanthus"] },
  { canonical: "softie", variants: ["softie", "softies", "soft coral", "soft corals", "leather", "leathers"] },
  // Hypernyms: a question about "clowns" is a question about feeding fish.
  { canonical: "clownfish fish", variants: ["clown", "clowns", "clownfish", "ocellaris"] },
  { canonical: "tang fish", variants: ["tang", "tangs"] },
  { canonical: "rtn", variants: ["rtn", "rapid tissue necrosis"] },
  { canonical: "stn", variants: ["stn", "slow tissue necrosis"] },

  // Practices
  { canonical: "target feed", variants: ["spot feed", "spot feeding", "spot fed", "target feeding", "target fed"] },
  { canonical: "turnover", variants: ["turnover", "turn over", "turns over", "turnover rate"] },
  { canonical: "quarantine", variants: ["qt", "quarantine", "quarantining", "quarantined", "qting", "qt tank"] },
  { canonical: "acclimate", variants: ["acclimate", "acclimation", "acclimating", "acclimatize", "drip acclimation", "acclimated"] },
  { canonical: "photoperiod", variants: ["photoperiod", "light cycle", "light schedule", "lighting schedule", "lights on"] },

  // Everyday words that questions and guides phrase differently.
  { canonical: "cause", variants: ["why", "cause", "causes", "caused", "causing", "reason", "reasons"] },
  { canonical: "often", variants: ["often", "frequency", "frequent", "frequently", "how often"] },
  { canonical: "size", variants: ["size", "sizes", "sizing", "sized", "how big", "what size"] },
  { canonical: "large", variants: ["big", "large", "huge", "bigger", "larger", "biggest", "largest"] },
  { canonical: "spare", variants: ["spare", "extra", "extras", "spares"] },
  { canonical: "lower", variants: ["lower", "lowering", "reduce", "reducing", "decrease", "bring down", "bring it down", "get it down", "get down"] },
  { canonical: "percent", variants: ["percent", "percentage", "pct"] },
  { canonical: "lb", variants: ["lb", "lbs", "pound", "pounds"] },
  {
    canonical: "international",
    variants: ["international", "internationally", "abroad", "overseas", "outside the us", "across borders", "canada", "mexico", "uk", "europe", "australia"],
  },

  // Weekday names are days ("what days do you ship?").
  ...["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].map((day) => ({
    canonical: `${day} day`,
    variants: [day, `${day}s`],
  })),
];

/** Lookup tables built from the groups: single words by their raw and stemmed form, phrases as one regex. */
export interface SynonymIndex {
  /** Single-word variant (raw lower-case, or its stem) → canonical terms. */
  words: Map<string, string[]>;
  /** Rewrites multi-word variants in lower-case text to their canonical phrase. */
  rewritePhrases: (text: string) => string;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Builds the lookup tables. `stemWord` is the same function the retriever applies to every
 * other word, so canonical terms come out exactly as the index stores them.
 * Throws when one word belongs to two groups, because rewriting would then depend on order.
 */
export function buildSynonymIndex(groups: SynonymGroup[], stemWord: (w: string) => string): SynonymIndex {
  const words = new Map<string, string[]>();
  const owner = new Map<string, string>();
  const phrases: Array<{ variant: string; canonical: string }> = [];

  for (const group of groups) {
    const canonicalTerms = group.canonical.split(/\s+/).map(stemWord);
    for (const variant of group.variants) {
      const parts = variant.toLowerCase().split(/[\s\-/]+/).filter(Boolean);
      if (parts.length > 1) {
        phrases.push({ variant: parts.join(" "), canonical: group.canonical });
        continue;
      }
      const word = parts[0];
      if (!word) continue;
      for (const key of new Set([word, stemWord(word)])) {
        const previous = owner.get(key);
        if (previous !== undefined && previous !== group.canonical) {
          throw new Error(`Synonym "${key}" is in both "${previous}" and "${group.canonical}"`);
        }
        owner.set(key, group.canonical);
        words.set(key, canonicalTerms);
      }
    }
  }

  // Longest phrases first, so "red slime algae" wins over "red slime".
  phrases.sort((a, b) => b.variant.length - a.variant.length);
  const canonicalOf = new Map(phrases.map((p) => [p.variant, p.canonical]));
  const pattern = phrases.map((p) => p.variant.split(" ").map(escapeRegExp).join("[\\s\\-/]+")).join("|");
  const regex = pattern ? new RegExp(`\\b(?:${pattern})\\b`, "g") : null;

  const rewritePhrases = (text: string) =>
    regex
      ? text.replace(regex, (match) => ` ${canonicalOf.get(match.split(/[\s\-/]+/).join(" ")) ?? match} `)
      : text;

  return { words, rewritePhrases };
}
