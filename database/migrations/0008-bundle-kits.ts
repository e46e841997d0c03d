import { sql, type Kysely } from "kysely";

/**
 * Bundles become kits (decision 012): each component has a quantity, a bundle's stock is the
 * smallest its components make and its saving is computed from today's prices, so the bundle's
 * own stock and stored percentage go. The five seeded bundles get their new contents when the
 * shop still has them as seeded (an owner's own edits are left alone). Orders now release
 * exactly what their reservation took, read from the stock ledger by order: hence the index.
 */
const SEEDED: {
  id: string;
  before: string[];
  after: { productId: string; quantity: number }[];
  oldDescription: string;
  newDescription: string;
}[] = [
  {
    id: "lazy-starter",
    before: ["premium-chaeto", "reef-care-bundle"],
    after: [{ productId: "chaeto-coral-food-combo", quantity: 3 }],
    oldDescription:
      "For a tank that just finished cycling: premium chaeto to keep nitrate in check from day one and the reef care bundle to set up a simple monthly routine.",
    newDescription:
      "For a tank that just finished cycling: three Chaeto + Coral Food Combos, one a month, so nitrate stays in check from day one and your first corals get fed on a simple routine.",
  },
  {
    id: "complete-reef-recovery",
    before: ["reef-care-bundle", "chaeto-coral-food-combo"],
    after: [
      { productId: "reef-care-bundle", quantity: 2 },
      { productId: "premium-chaeto", quantity: 1 },
    ],
    oldDescription:
      "Bringing a tank back after an algae outbreak or a crash: chaeto to soak up excess nutrients, supplements to rebuild alkalinity and trace elements, coral food for stressed corals, and the troubleshooting guide.",
    newDescription:
      "Bringing a tank back after an algae outbreak or a crash: two Reef Care Bundles (chaeto, supplements to rebuild alkalinity and trace elements, coral food for stressed corals, the care guide) and an extra portion of premium chaeto to soak up excess nutrients.",
  },
  {
    id: "lazy-pro-maintenance",
    before: ["premium-chaeto", "chaeto-coral-food-combo"],
    after: [
      { productId: "premium-chaeto", quantity: 2 },
      { productId: "chaeto-coral-food-combo", quantity: 1 },
    ],
    oldDescription:
      "A month of low-effort upkeep for an established reef: fresh chaeto to replace what you harvest and coral food for weekly target feeding.",
    newDescription:
      "A month of low-effort upkeep for an established reef: two portions of fresh premium chaeto to replace what you harvest and a Chaeto + Coral Food Combo for weekly target feeding.",
  },
  {
    id: "lazy-clean-up-crew",
    before: ["chaeto-coral-food-combo"],
    after: [{ productId: "premium-chaeto", quantity: 2 }],
    oldDescription:
      "Support for the snails and hermit crabs that keep your rock clean: chaeto for pods and grazing, coral food for supplemental feeding, and our hermit crab care notes with a spare-shell size chart.",
    newDescription:
      "Support for the snails and hermit crabs that keep your rock clean: two portions of premium chaeto, one for the refugium and one to seed pods and grazing, plus our hermit crab care notes with a spare-shell size chart.",
  },
  {
    id: "complete-reef-starter-pack",
    before: ["refugium-starter-kit", "premium-chaeto"],
    after: [
      { productId: "refugium-starter-kit", quantity: 1 },
      { productId: "chaeto-coral-food-combo", quantity: 2 },
    ],
    oldDescription:
      "The whole Lazy Reefer system in one box: the refugium starter kit with its light and substrate, an extra portion of premium chaeto, and the printed guide to the first ninety days.",
    newDescription:
      "The whole Lazy Reefer system in one box: the refugium starter kit with its light, substrate and chaeto, two Chaeto + Coral Food Combos for the first months, and the printed guide to the first ninety days.",
  },
];

/** The tables this migration reads and writes, as they are while it runs. */
interface Tables {
  bundle_products: { bundle_id: string; product_id: string; quantity: number; position: number };
  bundles: { id: string; description: string };
}

export async function up(schemaDb: Kysely<unknown>): Promise<void> {
  const db = schemaDb as Kysely<Tables>;
  await db.schema
    .alterTable("bundle_products")
    .addColumn("quantity", "integer", (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`quantity > 0`),
    )
    .execute();
  for (const bundle of SEEDED) {
    const rows = await db
      .selectFrom("bundle_products")
      .select("product_id")
      .where("bundle_id", "=", bundle.id)
      .execute();
    const current = rows.map((r) => r.product_id).sort();
    if (current.join("+") === [...bundle.before].sort().join("+")) {
      await db.deleteFrom("bundle_products").where("bundle_id", "=", bundle.id).execute();
      await db
        .insertInto("bundle_products")
        .values(
          bundle.after.map((c, position) => ({
            bundle_id: bundle.id,
            product_id: c.productId,
            quantity: c.quantity,
            position,
          })),
        )
        .execute();
    }
    await db
      .updateTable("bundles")
      .set({ description: bundle.newDescription })
      .where("id", "=", bundle.id)
      .where("description", "=", bundle.oldDescription)
      .execute();
  }
  await db.schema.alterTable("bundles").dropColumn("discount_percent").execute();
  await db.schema.alterTable("bundles").dropColumn("quantity").execute();
  await db.schema.createIndex("stock_movements_actor").on("stock_movements").column("actor").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("stock_movements_actor").execute();
  await db.schema
    .alterTable("bundles")
    .addColumn("quantity", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("bundles")
    .addColumn("discount_percent", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("bundle_products").dropColumn("quantity").execute();
}
