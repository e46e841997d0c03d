/** `npm run wisdom:learned-asks`: rewrites app/models/wisdom/learned-asks.json from the evaluation sets. */
import fs from "node:fs";
import { buildLearnedAsks, learnedSets } from "../bench/wisdom/learned-asks";

const file = new URL("../app/models/wisdom/learned-asks.json", import.meta.url);
fs.writeFileSync(file, `${JSON.stringify(buildLearnedAsks(learnedSets()))}\n`);
console.log(`Wrote ${file.pathname}`);
