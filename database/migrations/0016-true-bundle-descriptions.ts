import { type Kysely } from "kysely";

/**
 * Two seeded bundle descriptions promised things their contents do not hold (a spare-shell size
 * chart, a printed guide to the first ninety days): a shop still showing the seeded text gets the
 * text that lists only what the box holds. A description the owner rewrote is left alone.
 */
export const DESCRIPTIONS: { id: string; before: string; after: string }[] = [
  {
    id: "lazy-clean-up-crew",
    before:
      "Support for the snails and hermit crabs that keep your rock clean: two portions of premium chaeto, one for the refugium and one to seed pods and grazing, plus our hermit crab care notes with a spare-shell size chart.",
    after:
      "Support for the snails and hermit crabs that keep your rock clean: two portions of premium chaeto, one for the refugium and one to seed pods and grazing for your clean-up crew.",
  },
  {
    id: "complete-reef-starter-pack",
    before:
      "The whole Lazy Reefer system in one box: the refugium starter kit with its light, substrate and chaeto, two Chaeto + Coral Food Combos for the first months, and the printed guide to the first ninety days.",
    after:
      "The whole Lazy Reefer system in one box: the refugium starter kit with its light, substrate, chaeto and step-by-step setup guide, and two Chaeto + Coral Food Combos, each with its one-page feeding guide, for the first months.",
  },
];

interface Tables {
  bundles: { id: string; description: string };
}

async function rewrite(db: Kysely<Tables>, from: "before" | "after", to: "before" | "after"): Promise<void> {
  for (const d of DESCRIPTIONS)
    await db
      .updateTable("bundles")
      .set({ description: d[to] })
      .where("id", "=", d.id)
      .where("description", "=", d[from])
      .execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await rewrite(db as Kysely<Tables>, "before", "after");
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await rewrite(db as Kysely<Tables>, "after", "before");
}
