/**
 * Reef-keeping synonyms for the reef-wisdom retriever: data, kept with the content it reads.
 *
 * Each group names a canonical phrase and the ways hobbyists (and our guides) write the same
 * thing. The retriever rewrites every variant to the canonical phrase, in the guides when it
 * indexes them and in the question when it searches, so "alk", "KH" and "dKH" all meet
 * "alkalinity" and share one term weight. Variants may be phrases ("red slime", "auto top off");
 * those are matched on word boundaries, with spaces, hyphens or slashes between the words.
 *
 * A canonical phrase may name more than its variants say, as a hypernym: "acros" becomes
 * "acropora sps coral", so a question about acros also reaches sections about SPS corals.
 * Canonical words go through the same stemmer as everything else and are never rewritten
 * again. A word may belong to one group only (buildSynonymIndex checks), so rewriting never
 * depends on the order of the list.
 */
export interface SynonymGroup {
  canonical: string;
  variants: string[];
  /**
   * Everyday wording ("why" → "cause", "every day" → "daily") rather than reef vocabulary.
   * Only reef-vocabulary groups count as evidence that a question is about reef keeping.
   */
  general?: true;
}

/** Single reef-keeping and shop words (their stems match the other forms: "cycling", "frags"). */
const REEF_WORDS = [
  "ph",
  "cycle",
  "frag",
  "sump",
  "overflow",
  "coral",
  "fish",
  "invert",
  "invertebrate",
  "snail",
  "crab",
  "shrimp",
  "algae",
  "rock",
  "livestock",
  "polyp",
  "velvet",
  "brooklynella",
  "fluke",
  "prazi",
  "praziquantel",
  "copper",
  "hyposalinity",
  "diatoms",
  "bristleworm",
  "goby",
  "wrasse",
  "blenny",
  "damsel",
  "damselfish",
  "mandarin",
  "anthias",
  "conch",
  "skimmate",
  "bleach",
  "saltwater",
  "tds",
  "icp",
  "membrane",
  "dosing",
  "gfci",
  "outage",
  "hydrometer",
  "controller",
  "ship",
  "order",
  "package",
  "tracking",
  "delivery",
  "refund",
  "maintenance",
  "stand",
  "glass",
  "crash",
  "cloudy",
  "detritus",
  "worm",
  "acan",
  "bryopsis",
  "hawkfish",
  "palytoxin",
  "evaporation",
  // Round 9: reef animals and algae a covered question named while the passage that answered it
  // didn't ("thinking about a dendro, how hard are they to keep fed").
  "dendro",
  "euphyllia",
  "caulerpa",
  "turbo",
  "chromis",
  "coralline",
];

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
  // "°F" and "°C" become "degrees" before tokenizing, so "76–80 °F" counts as a temperature.
  {
    canonical: "temperature",
    variants: ["temp", "temps", "temperature", "temperatures", "degrees", "degree", "how warm", "how hot", "how cold"],
  },
  { canonical: "kalkwasser", variants: ["kalk", "kalkwasser", "limewater", "lime water", "calcium hydroxide"] },
  { canonical: "twopart", variants: ["two part", "2 part", "2part", "twopart"] },
  { canonical: "gfo", variants: ["gfo", "granular ferric oxide"] },
  { canonical: "rodi", variants: ["rodi", "ro", "di", "reverse osmosis", "ro di"] },
  // Reef concepts spelled with everyday words: marked general so "change" or "sand" alone is no
  // evidence of a reef question.
  { canonical: "water change", variants: ["wc", "wcs", "water changes"], general: true },
  { canonical: "ppm", variants: ["ppm", "mg l", "parts per million"], general: true }, // "mg/L" is a unit, not magnesium
  { canonical: "sand bed", variants: ["sandbed", "sandbeds", "sand beds"], general: true },
  { canonical: "deep sand bed", variants: ["dsb"], general: true },

  // Equipment
  {
    canonical: "ato",
    variants: ["ato", "auto top off", "automatic top off", "top off", "topoff", "auto topoff", "autotopoff"],
  },
  { canonical: "refugium", variants: ["fuge", "refugium", "refugiums", "refugia", "fuges"] },
  { canonical: "par", variants: ["par", "light intensity", "par value", "par values"] },
  // "The power went out" is how a reefer says it; the guides say "power outage".
  {
    canonical: "power outage",
    variants: ["power out", "power went out", "power goes out", "power cut", "power cuts", "power failure"],
  },
  {
    canonical: "powerhead",
    variants: ["powerhead", "power head", "wavemaker", "wave maker", "wave pump", "circulation pump"],
  },
  { canonical: "skimmer", variants: ["skimmer", "protein skimmer", "skimmers"] },
  { canonical: "heater", variants: ["heater", "heaters"] },
  // "86F", "70 F": a temperature (normalizeText writes "degrees" for the unit).
  {
    canonical: "overheat",
    variants: ["overheat", "overheats", "overheating", "overheated", "heatwave", "heat wave", "heat waves", "too hot"],
  },
  { canonical: "kelvin", variants: ["kelvin", "k"] }, // colour temperature: "10,000 K"
  { canonical: "refractometer", variants: ["refractometer", "refractometers", "refrac", "refract"] },

  // Algae, bacteria and pests
  { canonical: "chaeto", variants: ["chaeto", "chaetomorpha", "chaeto ball", "spaghetti algae"] },
  { canonical: "cyano", variants: ["cyano", "cyanobacteria", "red slime", "red slime algae", "slime algae"] },
  { canonical: "dinos", variants: ["dinos", "dino", "dinoflagellates", "dinoflagellate"] },
  { canonical: "hair algae", variants: ["gha", "green hair algae", "hair algae", "hairalgae"] },
  { canonical: "valonia", variants: ["valonia", "bubble algae"] },
  { canonical: "aiptasia", variants: ["aiptasia", "aip", "aips", "glass anemone", "glass anemones", "aiptasias"] },
  { canonical: "flatworm", variants: ["flatworm", "flatworms", "flat worm", "flat worms", "planaria"] },
  {
    canonical: "aefw",
    variants: ["aefw", "acropora eating flatworm", "acropora eating flatworms", "acro eating flatworms"],
  },
  { canonical: "nudibranch", variants: ["nudibranch", "nudibranchs", "nudi", "nudis", "nudibranches"] },
  { canonical: "ich", variants: ["ich", "ick", "white spot", "white spot disease", "cryptocaryon", "marine ich"] },
  { canonical: "copepod", variants: ["pods", "copepod", "copepods", "amphipod", "amphipods"] },
  { canonical: "bacterial bloom", variants: ["bacteria bloom", "bacterial bloom", "bacterial blooms"] },

  // Livestock
  {
    canonical: "cuc",
    variants: ["cuc", "cleanup crew", "clean up crew", "cleanup crews", "clean up crews", "cleaner crew"],
  },
  { canonical: "hermit", variants: ["hermit", "hermits", "hermies"] },
  { canonical: "lps coral", variants: ["lps", "large polyp stony", "large polyp stony corals", "large polyp"] },
  { canonical: "sps coral", variants: ["sps", "small polyp stony", "small polyp stony corals", "small polyp"] },
  { canonical: "acropora sps coral", variants: ["acro", "acros", "acropora", "acroporas"] },
  { canonical: "montipora sps coral", variants: ["monti", "montis", "montipora", "monitpora"] },
  { canonical: "zoanthid coral", variants: ["zoa", "zoas", "zoanthid", "zoanthids", "zoanthus"] },
  {
    canonical: "soft coral",
    variants: ["softie", "softies", "soft corals", "leather", "leathers", "leather coral", "leather corals"],
  },
  {
    canonical: "bubble tip anemone",
    variants: ["bta", "btas", "bubble tip", "bubble tips", "bubble tip anemone", "bubble tip anemones", "rbta"],
  },
  // "Corrals" is an English word, so the spelling correction leaves it; in a reef question it is corals.
  { canonical: "coral", variants: ["corral", "corrals"] },
  { canonical: "green star polyps", variants: ["gsp", "green star polyp", "green star polyps"] },
  { canonical: "hang on back", variants: ["hob", "hang on back", "hang on"] },
  { canonical: "local fish store", variants: ["lfs", "local fish store"] },
  { canonical: "sea star", variants: ["starfish", "starfishes", "sea stars", "seastar", "seastars"] },
  { canonical: "anemone", variants: ["anemone", "anemones", "nem", "nems", "anenome", "anenomes", "anemonie"] },
  { canonical: "palythoa zoanthid coral", variants: ["paly", "palys", "palythoa", "palythoas", "palies"] },
  // "Flame angel" is a dwarf angelfish; "angel" alone is the angelfish the guides write as one word.
  {
    canonical: "dwarf angelfish",
    variants: ["dwarf angel", "dwarf angels", "flame angel", "flame angels", "coral beauty", "centropyge"],
  },
  { canonical: "angelfish", variants: ["angel", "angels", "angelfish", "angelfishes"] },
  // Hypernyms: a question about "clowns" is about fish, one about "zoas" or "acros" about corals.
  { canonical: "clownfish fish", variants: ["clown", "clowns", "clownfish", "ocellaris"] },
  { canonical: "tang fish", variants: ["tang", "tangs"] },
  { canonical: "rtn", variants: ["rtn", "rapid tissue necrosis"] },
  { canonical: "stn", variants: ["stn", "slow tissue necrosis"] },

  // Practices
  {
    canonical: "targetfeed feed",
    variants: ["spot feed", "spot feeding", "spot fed", "target feed", "target feeding", "target fed"],
    general: true,
  },
  { canonical: "turnover", variants: ["turnover", "turn over", "turns over", "turnover rate"] },
  { canonical: "quarantine", variants: ["qt", "quarantine", "quarantining", "quarantined", "qting", "qt tank"] },
  {
    canonical: "acclimate",
    variants: ["acclimate", "acclimation", "acclimating", "acclimatize", "drip acclimation", "acclimated"],
  },
  {
    canonical: "photoperiod",
    variants: [
      "photoperiod",
      "light cycle",
      "light schedule",
      "lighting schedule",
      "lights on",
      "hours of light",
      "light period",
      "lights be on",
      "light be on",
      "lights stay on",
      "lights run",
      "lights be left on",
    ],
  },

  // Reef and shop words with no synonyms: each is its own group so that it counts as reef
  // vocabulary, the evidence that a question is about keeping a reef (or about our shop).
  ...REEF_WORDS.map((word) => ({ canonical: word, variants: [word] })),

  // Everyday words that questions and guides phrase differently.
  { canonical: "cause", variants: ["why", "cause", "causes", "caused", "causing", "reason", "reasons"], general: true },
  { canonical: "often", variants: ["often", "frequency", "frequent", "frequently", "how often"], general: true },
  { canonical: "size", variants: ["size", "sizes", "sizing", "sized", "how big", "what size"], general: true },
  { canonical: "large", variants: ["big", "large", "huge", "bigger", "larger", "biggest", "largest"], general: true },
  { canonical: "spare", variants: ["spare", "extra", "extras", "spares"], general: true },
  {
    canonical: "lower",
    variants: [
      "lower",
      "lowering",
      "reduce",
      "reducing",
      "decrease",
      "bring down",
      "bring it down",
      "get it down",
      "get down",
    ],
    general: true,
  },
  // "How heavy" asks for a weight; "heavy" alone is mostly "heavy bioload" or "blue-heavy".
  { canonical: "weight", variants: ["weight", "weigh", "weighs", "weighing", "how heavy"], general: true },
  { canonical: "equipment", variants: ["equipment", "gear"], general: true },
  // The stemmer leaves "safety" and "safe" apart; "is it safe to cut palys" asks about fragging safety.
  { canonical: "safe", variants: ["safe", "safely", "safer", "safest", "safety", "unsafe"], general: true },
  {
    canonical: "harvest",
    variants: ["harvest", "harvests", "harvesting", "harvested", "prune", "pruning", "trim", "trimming", "trimmed"],
    general: true,
  },
  // "The sump overflowed and there's water on the floor" is a flood, not the overflow box.
  {
    canonical: "flood leak",
    variants: [
      "flood",
      "floods",
      "flooding",
      "flooded",
      "leak",
      "leaks",
      "leaking",
      "leaked",
      "leaky",
      "water on the floor",
      "water all over the floor",
    ],
    general: true,
  },
  // A phrase: the stem of "overflowed" is the overflow box's word, and the sump stays a sump.
  {
    canonical: "sump flood leak",
    variants: ["sump overflowed", "sump overflowing", "sump overflows", "sump overflow"],
    general: true,
  },
  {
    canonical: "away",
    variants: ["away", "vacation", "vacations", "holiday", "holidays", "travelling", "traveling"],
    general: true,
  },
  // "Frozen" is left out: frozen food is not a cold tank.
  { canonical: "cold", variants: ["cold", "colder", "freeze", "freezing", "chilly"], general: true },
  { canonical: "sex", variants: ["sex", "sexes", "sexual", "gender", "genders"], general: true },
  {
    canonical: "medication",
    variants: ["medication", "medications", "medicate", "medicating", "meds", "medicine"],
    general: true,
  },
  { canonical: "percent", variants: ["percent", "percentage", "pct"], general: true },
  // "What level / range / target should I aim for": all ask for the number the guides call a target.
  {
    canonical: "target",
    variants: ["target", "targets", "range", "ranges", "level", "levels", "aim", "ideal", "goal"],
    general: true,
  },
  // "Get rid of" and "kill" ask how to remove something; left alone, the rare word "rid" would
  // pull every question to "How to get rid of hair algae".
  {
    canonical: "remove",
    variants: [
      "remove",
      "removing",
      "removal",
      "get rid of",
      "getting rid of",
      "rid",
      "kill",
      "killing",
      "eliminate",
      "eradicate",
    ],
    general: true,
  },
  // "How long" is answered by a number of hours, days or weeks, not by the word "long".
  {
    canonical: "duration",
    variants: ["how long", "duration", "hour", "hours", "hrs", "day", "days", "minute", "minutes", "year", "years"],
    general: true,
  },
  // What the question asks for, matched against headings that say the same ("How many spare
  // shells", "What to do about an ammonia spike", "Where to put spare shells").
  { canonical: "howmany", variants: ["how many", "how much", "amount", "quantity"], general: true },
  {
    canonical: "whattodo",
    variants: ["what to do", "what do i do", "what should i do", "what can i do", "fix", "fixes", "fixing"],
    general: true,
  },
  { canonical: "howto", variants: ["how to", "how do i", "how do you", "how should i", "how can i"], general: true },
  { canonical: "whereto", variants: ["where", "where to", "where should i"], general: true },
  { canonical: "waterline", variants: ["waterline", "water level", "water levels"], general: true },
  {
    canonical: "spot",
    variants: ["spot", "spots", "dot", "dots", "speck", "specks", "spotted", "dotted"],
    general: true,
  },
  // "Mixed reef" is a kind of tank; its "mixed" is not the "mix" of mixing salt.
  { canonical: "mixedreef", variants: ["mixed reef", "mixed reefs", "mixed tank"], general: true },
  { canonical: "lb", variants: ["lb", "lbs", "pound", "pounds"], general: true },
  {
    canonical: "international",
    variants: [
      "international",
      "internationally",
      "abroad",
      "overseas",
      "outside the us",
      "across borders",
      "canada",
      "mexico",
      "uk",
      "europe",
      "australia",
    ],
    general: true,
  },
  { canonical: "daily", variants: ["daily", "every day", "each day", "everyday"], general: true },
  { canonical: "weekly", variants: ["weekly", "every week", "each week", "once a week"], general: true },
  { canonical: "monthly", variants: ["monthly", "every month", "each month", "once a month"], general: true },

  // Weekday names are days ("what days do you ship?").
  ...["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].map((day) => ({
    canonical: `${day} day`,
    variants: [day, `${day}s`],
    general: true as const,
  })),
];

