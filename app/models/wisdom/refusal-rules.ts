/**
 * Refusal rules that name topics: subjects the guides mention without teaching (KNOWN_GAPS),
 * subjects outside reef keeping that share its words (OUTSIDE_SUBJECTS), questions about what the
 * shop stocks, and comparisons of products the guides never name. Each was added after a miss on
 * one question set, so the lists follow the style of whoever wrote the sets and never converge;
 * they are to be replaced by general, calibrated signals (issue 34). Until then, decide.ts applies
 * them after the calibrated confidence, through `ruleOut`.
 */
import { analyze, editDistance, isNumber, STOP_WORDS, tokenize } from "./analyse";
import type { WisdomSection } from "./types";

/**
 * Reef-adjacent topics the guides only mention in passing and deliberately don't teach. A question
 * about one is refused unless the answering section's heading names it: "CO2 bubble rate on my
 * calcium reactor" shares every word with some sentence ("a multi-head dosing pump or calcium
 * reactor"), yet nothing in the guides answers it. No cross-validation backs these entries: each
 * came from development off-topic questions.
 */
export const KNOWN_GAPS = [
  "calcium reactor",
  "chiller",
  "ozone",
  // Household and freshwater water: the same words as a reef question, another subject.
  "hot tub",
  "swimming pool",
  "pool",
  "water heater",
  "well water",
  "water softener",
  // A freshwater tank of any kind ("a freshwater shrimp tank"), not a freshwater dip. (Entries
  // are regular expressions, matched on word boundaries.)
  "freshwater (?:\\w+ )?(?:tank|aquarium)s?",
  // How long an animal lives, and breeding fish: the guides name the animals ("Clownfish live long,
  // healthy lives without an anemone") and teach neither.
  "life ?spans?",
  "live in captivity",
  // "How long do yellow tangs live", not "how long can my fish live without power" (an emergency).
  "how (?:long (?:do|does|will|would)|many years (?:do|does|can|will|would)) (?:an? |my |the )?(?:\\w+ ){1,3}live(?: for)?(?=\\s*(?:[?.!,]|$))",
  // "How old can a clownfish live to be", "how old do tangs get", not "how old does my tank have to
  // get before corals".
  "how old (?:can|do|does|will|would) (?:an? |my |the )?(?:\\w+ ){1,3}(?:live to be|live|get)(?=\\s*(?:[?.!,]|$))",
  "breed(?:ing)? (?:my |a |the )?(?:\\w+ )?(?:clown ?fish|clowns|mandarins?|dragonets?|gob(?:y|ies)|wrasses?|tangs?|fish)",
  // What livestock costs elsewhere, and pricing or selling frags: the guides name the animals and
  // the frags and price neither. Only animals, so "how much does shipping cost" still reaches the
  // shipping page.
  "how much (?:does|do|is|are|would|will) (?:an? |my |the |one )?(?:\\w+ ){0,3}(?:tangs?|fish|corals?|anemones?|nems?|clowns?|clownfish|frags?|crabs?|shrimps?|snails?|wrasses?|gob(?:y|ies)|blenn(?:y|ies)|urchins?) (?:cost|go for|worth)",
  "(?:price|sell)(?:ing)? (?:my |our |your |coral |some )?(?:\\w+ )?frags?",
  "(?:sells?|selling) for",
  // "Sold some frags to a guy across the country, how should I pack and ship them": the shipping
  // page is how the shop ships its chaeto.
  "(?:sold|sell|selling) (?:\\w+ ){0,2}frags?",
  "on (?:ebay|craigslist|facebook marketplace|etsy)",
  // Reefs and animals in nature ("how deep do coral reefs grow in the ocean", "how many species of
  // clownfish are there in the wild"): the guides keep a reef in a tank.
  // Not "can chaeto become invasive in the wild", which the care page answers.
  "(?:live|lives|grow|grows|spawn|spawns|are there|found|occur|occurs) (?:\\w+ ){0,2}in the (?:wild|ocean)",
  // Returning goods a customer changed their mind about: the shipping page covers live goods that
  // arrive dead (a claim), not returns ("can i return a bottle of coral food i didnt like"). The
  // contact page answers it.
  "(?:return|send back|exchange) (?:(?:a|an|the|my|this|some) )?(?:\\w+ ){0,4}(?:i|we) (?:didnt|did not|dont|do not|no longer) (?:like|want|need|use)",
  "returns? polic(?:y|ies)",
  "(?:do|will) you (?:take|accept) returns",
  // Orders, which the guides don't hold ("how do i cancel my order"; not "do you sell …", which the medication stance
  // answers for fish meds); training a fish to a food, which the guides mention ("unless they've
  // been trained to eat frozen food") and don't teach; acclimating fish, which they mention ("as you
  // would any new fish") while teaching drip acclimation only for invertebrates and hermits.
  "cancel (?:my |an |the |this )?order",
  "train(?:ing)? (?:an? |my |the )?(?:\\w+ ){0,2}to (?:eat|accept|take)",
  "acclimat(?:e|ing|ion)(?: of)? (?:(?:a|an|my|the|new|your) )*(?:\\w+ )?fish",
  // House wiring
  // ("what gauge wire for a 20 amp circuit to my fish room", "wire a new GFCI outlet"), which the
  // guides touch only to say "plug into a GFCI outlet"; sizing plumbing ("what size bulkhead for a 1
  // inch drain", "how many gph can a 1 inch overflow drain handle"), which they name only in the
  // leak procedure; warranties, which they never mention; food for people ("is it safe to eat fish
  // that died in my tank"); and sea cucumbers, named once among the causes of a crash.
  "(?:wire|wiring) (?:an? |the |my )?(?:new |dedicated )?(?:\\w+ )?(?:outlets?|circuits?|gfci|breakers?|relays?|drivers?|fixtures?)",
  "(?:what|which) gauge (?:of )?wire",
  "wire gauge",
  "\\d+ ?(?:amp|a) circuit",
  "\\d+ ?v(?:olt)? (?:outlets?|circuits?)",
  "(?:what|which) size (?:\\w+ ){0,2}(?:bulkheads?|drains?|drain lines?|pipes?|pvc|plumbing|return lines?)",
  "how (?:many|much) gph (?:can|does|will) (?:an? |my |the )?(?:\\w+ ){0,3}(?:drains?|overflows?|bulkheads?|pipes?) (?:handle|take|flow)",
  "warrant(?:y|ies)",
  "(?:can|should|could) (?:i|we|humans?|people) eat",
  "(?:safe|ok|okay) (?:for (?:me|us|humans?|people) )?to eat (?:an? |the |my )?(?:\\w+ )?(?:fish|shrimp|crabs?|snails?|clams?|oysters?|lobsters?)(?: that| which)? (?:died|dead)",
  "sea cucumbers?",
  // Running a media reactor: the guides name a reactor only for CO2 scrubber media ("how fast should
  // water flow through a gfo reactor"). Only its flow: "po4 is 0 and i have a gfo reactor plus a big
  // fuge, corals look washed out" mentions one and is answered. A chaeto reactor is the care page's.
  "how (?:fast|much flow|many gph)(?: \\w+){0,6} (?:\\w+ )?reactors?",
  "flow (?:rate )?(?:through|for|in|of) (?:an? |my |the )?(?:\\w+ )?reactors?",
  "reactors? (?:flow|gph|turnover)",
  // Keeping giant clams, which the guides name only among what a fish may pick at ("corals, clams
  // and the cleanup crew"): "thinking about a maxima clam, what par does it need" is refused, "coral
  // beauty nipping at my clam" is still answered.
  "(?:maxima|crocea|derasa|squamosa|gigas|giant|tridacnid) clams?",
  "tridacna",
  // Pop-eye, a fish disease the guides don't treat, and collecting an order in person, which the shipping page
  // doesn't offer ("can i pick up my order at your warehouse instead of having it shipped").
  "pop ?-?eyes?",
  "(?:pick(?:ing)?|collect(?:ing)?) (?:it |them |(?:my |an |the )?order )?up (?:\\w+ ){0,4}(?:at|from) (?:your|the) (?:warehouse|store|shop|office)",
  "(?:local|in[- ]store|in[- ]person|curbside) pick ?-?up",
  "(?:pick(?:ing)? up|collect(?:ing)?) (?:\\w+ ){0,3}in person",
  // Cold-water (temperate) marine tanks: the guides keep a tropical reef, and name cold water only
  // to warn off cold-water snails ("how do i set up a cold water temperate marine tank"). "Cold water
  // snails from a tidepool ok in my reef?" is still answered.
  "temperate (?:marine |saltwater |salt ?water |reef )?(?:tanks?|aquariums?|setups?|systems?)",
  "cold ?-?water (?:marine |saltwater |salt ?water |reef )?(?:tanks?|aquariums?|setups?|systems?)",
  // Fish diseases the disease guide doesn't teach: it covers ich, velvet, brooklynella and flukes,
  // and its symptom lists name no other ("my tang has hole in the head erosion on its face, how do i
  // treat it" would be answered from brooklynella). As a category, so the next unnamed disease is
  // not a new rule.
  "hlle",
  "hole in (?:the )?head",
  "(?:head and )?lateral line (?:erosion|disease)",
  "head (?:and lateral line )?erosion",
  "(?:fin|tail|mouth) rot",
  "dropsy",
  "swim ?bladder",
  "(?:fish )?tuberculosis",
  "fish tb",
  "mycobacteri(?:um|osis|a|al)",
  "uronema",
  "(?:internal|intestinal) (?:parasites?|worms?)",
  "black (?:ich|spot disease)",
  "columnaris",
  "fung(?:us|al|i)",
  // Fragging gorgonians, which the guides name only among the corals fed by broadcasting; and how long
  // equipment lasts, which they give only for RO cartridges and membranes ("how many years until my
  // LED fixture needs replacing"). "How long should my lights be on" is still answered.
  "frag(?:ging|ged)? (?:an? |my |the |some )?(?:\\w+ )?(?:gorgonians?|sea fans?|sea whips?)",
  "(?:gorgonians?|sea fans?|sea whips?) frags?",
  "how (?:many years|long) (?:until|before|till|do|does|will|can|should|would) (?:\\w+ ){0,4}(?:leds?|fixtures?|lights?|lighting|bulbs?|t5s?|pumps?|powerheads?|heaters?|skimmers?|controllers?) (?:\\w+ )?(?:last|lasts|needs? (?:replacing|replaced|to be replaced)|wears? out)",
  // Categories of reef-adjacent off-topic questions, each checked against the guides, which never
  // teach it, and against the covered questions, none of which says it. Raising fry and larvae,
  // spawning, and culturing live foods:
  "fry|larvae|larval",
  "spawn(?:s|ed|ing)?",
  "cultur(?:e|es|ed|ing) (?:my |your |our |some |the )?(?:own )?(?:\\w+ )?(?:pods|copepods|amphipods|rotifers|phyto(?:plankton)?|brine shrimp|artemia)",
  // Hatching brine shrimp is the same job ("whats the best way to hatch brine shrimp eggs for my
  // fish"); the guides hatch only parasites' eggs.
  "hatch(?:es|ed|ing)? (?:\\w+ ){0,3}(?:brine shrimp|artemia|cysts)",
  "(?:brine shrimp|artemia) (?:eggs|cysts|hatcher(?:y|ies))",
  // ORP, which the guides name only in a table of monitoring
  // upgrades ("a continuous pH/ORP probe"), and reefs in nature, as the "in the wild" rule above
  // ("should i worry about coral bleaching on wild reefs from climate change").
  "orp",
  "redox",
  "wild (?:coral )?reefs?",
  "(?:natural|ocean|real) (?:coral )?reefs?",
  "great barrier reef",
  "climate change",
  "global warming",
  "ocean acidification",
  // Making and mending tanks (the leak procedure only says to empty one), photographing one, and
  // moving house with one:
  "drill bits?",
  "hole ?saws?",
  // Not the siphon-break hole the leak section teaches drilling in a return line.
  "drill(?:ing|ed)? (?:\\w+ ){0,4}(?:glass|tank|aquarium|acrylic|panel)s?",
  "reseal(?:s|ed|ing)?",
  "scratch(?:es|ed)",
  "build(?:ing)? (?:my |an? |the |our )?(?:own )?(?:\\w+ )?(?:tank|aquarium|stand|sump|cabinet|canopy)s?",
  "(?:tank|glass|acrylic) builds?",
  "cameras?",
  "photograph(?:s|y|ing|ed)?",
  "(?:move|moving|relocat(?:e|ing)) (?:\\w+ ){0,5}(?:across (?:the )?(?:country|state|town)|to (?:a |my |our |the )?new (?:house|home|place|state|city))",
  // Filtration methods and gear the guides never name:
  "algae (?:turf )?scrubbers?",
  "turf scrubbers?",
  "bio ?-?pellets?",
  "zeovit",
  "plenums?",
  "jaubert",
  "(?:sulfur|sulphur) (?:denitrators?|reactors?)",
  "denitrators?",
  "stray voltage",
  "ground(?:ing)? probes?",
  "mangroves?",
  "sea ?grass(?:es)?",
];

/**
 * "Do you guys sell live rock": what the shop stocks is in its catalogue, not its guides, which
 * only say what it doesn't sell (fish medications). Refused unless the answering section says
 * "sell".
 */
const ASKS_STOCK = /\b(?:do|does) (?:you|u|ya|y'all|lazy reefer)(?: guys| all)? (?:sell|carry|stock|have in stock)\b/i;
const SAYS_SELL = /\b(?:sell|sold)\b/i;

/**
 * Subjects outside reef keeping that share its words: freshwater fish and shrimp, ponds, reptiles
 * and pets, gardens, electronics, angling. A question about one ("what KH should a koi pond
 * have", "wire an ATO float switch to an arduino") matches a reef section on its other words and
 * can score like a covered question, so it is refused unless the answering section itself
 * names the subject ("can I toss my extra chaeto in the koi pond": "never release it into
 * … a pond"). Written as categories rather than phrases; regular expressions, matched on word
 * boundaries.
 */
export const OUTSIDE_SUBJECTS = [
  "gold ?fish",
  "koi",
  "ponds?",
  "bettas?",
  "gupp(?:y|ies)",
  "tetras?",
  "discus",
  "cichlids?",
  "oscars?",
  "arowanas?",
  "plecos?",
  "axolotls?",
  "amano",
  "cherry shrimp",
  "planted",
  "paludarium",
  "frogs?",
  "newts?",
  "turtles?",
  "bearded dragons?",
  "geckos?",
  "pythons?",
  "tortoises?",
  "hamsters?",
  "dogs?",
  "cats?",
  "pupp(?:y|ies)",
  "chickens?",
  "gardens?",
  "tomato(?:es)?",
  "arduino",
  "fishing",
  "lures?",
  "brackish",
  "weed",
  "lobsters?",
  // A reef pest the guides never name, so a question about it is refused unless the answering
  // section does ("hydroids stinging my corals").
  "hydroids?",
  // Animals kept in species tanks of their own, which no guide teaches: seahorses and
  // pipefish, cephalopods, jellyfish, sharks and rays, mudskippers, crayfish.
  "seahorses?",
  "pipefish",
  "octop(?:us|uses|i)",
  "cuttlefish",
  "squids?",
  "jellyfish",
  "sharks?",
  "stingrays?",
  "mudskippers?",
  "crayfish",
  // Freshwater plants and shrimp-only tanks.
  "moss",
  "ferns?",
  "anubias",
  "root tabs?",
  "shrimp[- ]only",
  // Diving and collecting from the wild, and the law around it.
  "scuba",
  "snorkel(?:ing)?",
  "tide ?pools?",
  "licen[cs]es?",
  "permits?",
  // Comparing brands and phone apps: the guides teach what gear does, not whose to buy.
  "brands?(?! new)",
  "apps?",
  "bluetooth",
  // Animals no guide names, which reefers ask about or keep.
  "urchins?",
  "eels?",
  "morays?",
  "jawfish",
  "asterinas?",
  "vermetids?",
  "pistol shrimps?",
  "feather dusters?",
  "tunicates?",
  "sea apples?",
  "scallops?",
  "sea hares?",
  "frogfish",
  "anglerfish",
  "groupers?",
  "cowries?",
  "abalones?",
  "chitons?",
  "limpets?",
  "goniopora",
  "alveopora",
  "pocillopora",
  "chalices?",
  // Enclosures of land animals ("my kid has land hermit crabs in a terrarium, what humidity % and
  // how deep should the sand be"); the hermit page says only that land hermits are not covered, and
  // why they can't go in a reef.
  "terrariums?",
  "vivariums?",
  // Land hermit crabs ("whats the right substrate and humidity for land hermit crabs, mine are
  // coenobita in a glass tank" would be answered from the weekly tasks). Only the section that says
  // they are not covered, and why they can't go in a reef, names them.
  "land hermits?(?: crabs?)?",
  "coenobita",
];
// A subject the reefer comes from is background, not the question: "new to salt, coming from
// planted tanks, what numbers should I aim for".
const OUTSIDE_SUBJECT = new RegExp(
  `(?<!\\bfrom (?:(?:my|a|an|the|keeping) )?(?:\\w+ )?)\\b(?:${OUTSIDE_SUBJECTS.join("|")})\\b`,
  "gi",
);

/**
 * "apex vs hydros", "radion or kessil, which is better": a comparison of things the guides never
 * name is a product review, which they don't give, however well its other words ("controller",
 * "led", "sps tank") match. Each side's nearest word must be one the guides use, or a typo of one
 * ("float swtich vs optical sensor"); returns the first unknown one.
 */
const COMPARISON = /\s(?:vs\.?|versus)\s|\sor\s(?=.*\b(?:better|best)\b)/i;
function unknownComparison(question: string, guideTerms: Set<string>): string | undefined {
  const match = COMPARISON.exec(question.toLowerCase());
  if (!match) return undefined;
  const before = tokenize(question.toLowerCase().slice(0, match.index)).filter((w) => !STOP_WORDS.has(w));
  const after = tokenize(question.toLowerCase().slice(match.index + match[0].length)).filter((w) => !STOP_WORDS.has(w));
  const known = (word: string) => {
    const terms = analyze(word);
    if (terms.length === 0 || terms.some((t) => guideTerms.has(t) || isNumber(t))) return true;
    const slack = word.length >= 6 ? 2 : 1;
    return terms.some((t) =>
      [...guideTerms].some((g) => Math.abs(g.length - t.length) <= slack && editDistance(t, g) <= slack),
    );
  };
  return [before.at(-1), after[0]].find((word) => word !== undefined && !known(word));
}

/** The subject outside reef keeping that the question names, unless the answering section names it too. */
function outsideSubject(question: string, section: WisdomSection): string | undefined {
  const subjects = [...question.matchAll(OUTSIDE_SUBJECT)].map((m) => m[0].toLowerCase());
  if (subjects.length === 0) return undefined;
  // "koi pond" is answered by a section that says "a pond".
  const answer = `${section.title} ${section.parentTitle ?? ""} ${section.text}`.toLowerCase();
  // Whole words only: "moss" less its "s" is not "most"; either number ("land hermit crab" in a
  // section on "land hermit crabs").
  const names = (subject: string) =>
    [subject, subject.replace(/(?:es|s)$/, "")].some((form) => new RegExp(`\\b${form}(?:es|s)?\\b`).test(answer));
  return subjects.some(names) ? undefined : subjects[0];
}

/** Words around the thing asked for that are not part of it: "do you sell *any* live rock *here*". */
const STOCK_ASK_LEAD = /^(?:(?:any|some|a|an|the|ur|your|like)\s+)+/i;
const STOCK_ASK_TAIL =
  /(?:\s+(?:here|anymore|any more|online|too|also|as well|at all|by any chance|in stock|right now|now|yet|still|lol|though|guys|or not))+$/i;
/** Longer than this, the rest of the sentence is a story, not the name of a product. */
const MAX_STOCK_ASK_WORDS = 5;

/** What a question about the shop's stock asks for ("live rock"), if it is one and names something short enough to look up. */
export function stockQueryOf(question: string): { stockQuery?: string } {
  const asked = ASKS_STOCK.exec(question);
  if (!asked) return {};
  const item = question
    .slice(asked.index + asked[0].length)
    .split(/[?.!,;:()]/)[0]!
    .toLowerCase()
    // Quotes and markup around a name are not part of it: do you sell "live rock".
    .replace(/[^\p{L}\p{N}\s'+&-]+/gu, " ")
    .trim()
    .replace(STOCK_ASK_LEAD, "")
    .replace(STOCK_ASK_TAIL, "")
    .replace(/\s+/g, " ")
    .trim();
  const words = item.split(" ").filter(Boolean).length;
  // "Do you sell a" names nothing to look for.
  return words <= MAX_STOCK_ASK_WORDS && analyze(item).length > 0 ? { stockQuery: item } : {};
}

/**
 * A question about what the shop stocks, unless the answering section speaks of selling what it
 * asks for: "do you sell fish meds" is answered by the medication stance ("We don't sell fish
 * medications"), "do you sell clownfish" no longer is.
 */
function unsoldProduct(question: string, section: WisdomSection): string | undefined {
  const asked = ASKS_STOCK.exec(question);
  if (!asked) return undefined;
  if (!SAYS_SELL.test(section.text)) return asked[0];
  const item = stockQueryOf(question).stockQuery;
  if (item === undefined) return undefined;
  const said = new Set(analyze(`${section.title} ${section.text}`));
  return analyze(item).every((term) => said.has(term)) ? undefined : asked[0];
}

/** The known gap the question is about, when the section that would answer it doesn't name it in its headings. */
function knownGap(question: string, section: WisdomSection): string | undefined {
  const text = question.toLowerCase();
  const heading = `${section.title} ${section.parentTitle ?? ""}`.toLowerCase();
  return KNOWN_GAPS.find((gap) => new RegExp(`\\b${gap}\\b`).test(text) && !heading.includes(gap));
}

/**
 * The rule that refuses a question whatever its confidence, as "rule: what it named", or undefined.
 * Read off the whole question, not the clause that answers: "my cat licked some spilled aquarium
 * salt" must not be answered from its aquarium-salt clause.
 */
export function ruleOut(question: string, section: WisdomSection, guideTerms: Set<string>): string | undefined {
  const gap = knownGap(question, section);
  if (gap !== undefined) return `known gap: ${gap}`;
  const unsold = unsoldProduct(question, section);
  if (unsold !== undefined) return `not sold: ${unsold}`;
  const outside = outsideSubject(question, section);
  if (outside !== undefined) return `outside subject: ${outside}`;
  const compared = unknownComparison(question, guideTerms);
  return compared === undefined ? undefined : `unknown comparison: ${compared}`;
}
