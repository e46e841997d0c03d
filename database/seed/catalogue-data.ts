import type { BundleRecord, Product } from "#app/domain/catalogue";

type SeedProduct = Omit<Product, "active">;
type SeedBundle = Omit<BundleRecord, "active">;

/**
 * The six products of the original catalogue: prices, stock and weights as specified. The spec's
 * "was" prices are not kept: the shop never sold at them, and a reference price is only ever one
 * it did (set when a price is lowered).
 */
export const SEED_PRODUCTS: SeedProduct[] = [
  {
    id: "october-special",
    title: "October Special: Chaeto + Free Coral Food",
    description:
      "Our autumn favourite: a generous softball of farm-grown Chaetomorpha with a jar of Kings Feast coral food thrown in free, sent by 2-day courier at no cost. The chaeto is rinsed, inspected for hitchhikers and packed wet in a breathable bag, ready to tumble in your refugium and start pulling nitrate and phosphate the day it arrives.",
    priceCents: 2995,
    originalPriceCents: null,
    imageKeys: ["october-special", "october-special-2"],
    category: "special",
    quantity: 100,
    sku: "LR-SPECIAL-OCT",
    weightGrams: 300,
    supplier: "local",
    fulfillmentType: "manual",
    tags: ["chaeto", "coral-food", "limited-time", "free-shipping"],
    metadata: {
      specialOffer: true,
      validUntil: "2024-10-31",
      includesFreeShipping: true,
      shippingMethod: "2-day courier",
      isLimitedTime: true,
      chaetoSize: "Softball (about 1 cup, packed)",
      coralFoodSize: "1.4 oz jar",
      includesCoralFood: true,
      coralFoodId: "kings-feast",
      coralFoodName: "Kings Feast",
      coralFoodAmount: 40,
      coralFoodUnit: "g",
      coralFoodDosePer100Gal: 2.5,
      coralFoodFeedsPerWeek: 3,
      livePlant: true,
      productType: "special",
      careLevel: "Beginner",
    },
  },
  {
    id: "premium-chaeto",
    title: "Premium Chaeto (Chaetomorpha)",
    description:
      "Dense, bright-green Chaetomorpha grown under lights in our own refugium vats, never collected from the wild. A tight ball tumbles easily, grows fast and out-competes nuisance algae for nutrients, and it gives copepods and amphipods a place to breed. Rinsed and hand-checked for bubble algae, aiptasia and other pests before it ships.",
    priceCents: 2499,
    originalPriceCents: null,
    imageKeys: ["premium-chaeto", "premium-chaeto-2"],
    category: "macroalgae",
    quantity: 100,
    sku: "LR-CHAETO-PREM",
    weightGrams: 200,
    supplier: "local",
    fulfillmentType: "manual",
    tags: ["chaeto", "macroalgae", "refugium", "nutrient-export"],
    metadata: {
      chaetoSize: "Softball (about 1 cup, packed)",
      livePlant: true,
      productType: "macroalgae",
      careLevel: "Beginner",
      tankSize: "20–150 gallons",
      comboEligible: true,
    },
  },
  {
    id: "reef-care-bundle",
    title: "Reef Care Bundle",
    description:
      "Everything a settled reef needs each month in one box: a portion of premium chaeto, Kings Feast coral food, a trace-element supplement for coralline algae and stony corals, and our printed care guide with the target ranges we keep our own tanks at. A calm, low-effort routine for tanks that are past the cycling stage.",
    priceCents: 4999,
    originalPriceCents: null,
    imageKeys: ["reef-care-bundle", "reef-care-bundle-2"],
    category: "bundle",
    quantity: 50,
    sku: "LR-BUNDLE-CARE",
    weightGrams: 500,
    supplier: "local",
    fulfillmentType: "manual",
    tags: ["chaeto", "supplements", "coral-food", "care-guide"],
    subscribeSavingPercent: 10,
    metadata: {
      chaetoSize: "Tennis ball",
      coralFoodSize: "1.4 oz jar",
      includesSupplements: true,
      includesCareGuide: true,
      includesCoralFood: true,
      coralFoodId: "kings-feast",
      coralFoodName: "Kings Feast",
      coralFoodAmount: 40,
      coralFoodUnit: "g",
      coralFoodDosePer100Gal: 2.5,
      coralFoodFeedsPerWeek: 3,
      livePlant: true,
      productType: "bundle",
      careLevel: "Beginner",
      comboEligible: true,
    },
  },
  {
    id: "refugium-starter-kit",
    title: "Refugium Starter Kit",
    description:
      "Turn a sump chamber or a hang-on box into a working refugium: a full-spectrum clip-on LED tuned for macroalgae, a bag of live-rock rubble substrate for pods, a baseball of premium chaeto and a step-by-step setup guide. Run it on a reverse light schedule and it steadies your overnight pH while it exports nutrients.",
    priceCents: 8999,
    originalPriceCents: null,
    imageKeys: ["refugium-starter-kit", "refugium-starter-kit-2"],
    category: "kit",
    quantity: 25,
    sku: "LR-KIT-REFUGIUM",
    weightGrams: 1500,
    supplier: "local",
    fulfillmentType: "manual",
    tags: ["refugium", "lighting", "chaeto", "kit"],
    metadata: {
      chaetoSize: "Baseball",
      includesLighting: true,
      includesSubstrate: true,
      includesCareGuide: true,
      livePlant: true,
      productType: "kit",
      tankSize: "Up to 75 gallons",
      careLevel: "Beginner",
      comboEligible: true,
    },
  },
  {
    id: "chaeto-coral-food-combo",
    title: "Chaeto + Coral Food Combo",
    description:
      "The two things most reef tanks run short of, together: a softball of premium chaeto for nutrient export and a jar of Kings Feast, a blend of marine plankton, krill and amino acids sized for LPS and soft-coral mouths. Includes a one-page feeding guide for target feeding without fouling the water.",
    priceCents: 3499,
    originalPriceCents: null,
    imageKeys: ["chaeto-coral-food-combo", "chaeto-coral-food-combo-2"],
    category: "combo",
    quantity: 75,
    sku: "LR-COMBO-CHAETO-FOOD",
    weightGrams: 300,
    supplier: "marketplace",
    fulfillmentType: "manual",
    tags: ["chaeto", "coral-food", "combo"],
    subscribeSavingPercent: 10,
    metadata: {
      chaetoSize: "Softball (about 1 cup, packed)",
      kingsFeastSize: "1.4 oz (40 g)",
      includesCoralFood: true,
      coralFoodId: "kings-feast",
      coralFoodName: "Kings Feast",
      coralFoodAmount: 40,
      coralFoodUnit: "g",
      coralFoodDosePer100Gal: 2.5,
      coralFoodFeedsPerWeek: 3,
      includesFeedingGuide: true,
      livePlant: true,
      productType: "combo",
      careLevel: "Beginner",
      comboEligible: true,
      marketplaceItemId: "MKT-204871593",
    },
  },
  {
    id: "service-tip",
    title: "Tip the Lazy Reefer ($5)",
    description:
      "Liked the advice, the packing or the chaeto? A five-dollar tip goes straight to the people who grow, pack and answer your questions. It is a digital item: nothing ships and no address is needed.",
    priceCents: 500,
    originalPriceCents: null,
    imageKeys: ["service-tip", "service-tip-2"],
    category: "tip",
    quantity: 999,
    sku: "LR-TIP-5",
    weightGrams: 0,
    supplier: "local",
    fulfillmentType: "digital",
    tags: ["tip", "digital"],
    metadata: {
      isTip: true,
      isDigital: true,
      noShipping: true,
      serviceType: "tip",
      message: "Thank you for supporting a small reef shop!",
    },
  },
];

/**
 * The five predefined bundles: kits of catalogue products. Prices are the spec's; contents are
 * chosen so each bundle costs less than its contents at today's prices and saves at most 30 %
 * (docs/decisions/012-bundles-are-kits.md has the arithmetic). No stock and no percentage are
 * stored: both follow from the contents.
 */
export const SEED_BUNDLES: SeedBundle[] = [
  {
    id: "lazy-starter",
    name: "Lazy Starter",
    description:
      "For a tank that just finished cycling: three Chaeto + Coral Food Combos, one a month, so nitrate stays in check from day one and your first corals get fed on a simple routine.",
    components: [{ productId: "chaeto-coral-food-combo", quantity: 3 }],
    priceCents: 7995,
    imageKey: "bundle-lazy-starter",
  },
  {
    id: "complete-reef-recovery",
    name: "Complete Reef Recovery",
    description:
      "Bringing a tank back after an algae outbreak or a crash: two Reef Care Bundles (chaeto, supplements to rebuild alkalinity and trace elements, coral food for stressed corals, the care guide) and an extra portion of premium chaeto to soak up excess nutrients.",
    components: [
      { productId: "reef-care-bundle", quantity: 2 },
      { productId: "premium-chaeto", quantity: 1 },
    ],
    priceCents: 8995,
    imageKey: "bundle-complete-reef-recovery",
  },
  {
    id: "lazy-pro-maintenance",
    name: "Lazy Pro Maintenance",
    description:
      "A month of low-effort upkeep for an established reef: two portions of fresh premium chaeto to replace what you harvest and a Chaeto + Coral Food Combo for weekly target feeding.",
    components: [
      { productId: "premium-chaeto", quantity: 2 },
      { productId: "chaeto-coral-food-combo", quantity: 1 },
    ],
    priceCents: 5995,
    imageKey: "bundle-lazy-pro-maintenance",
  },
  {
    id: "lazy-clean-up-crew",
    name: "Lazy Clean-Up Crew",
    description:
      "Support for the snails and hermit crabs that keep your rock clean: two portions of premium chaeto, one for the refugium and one to seed pods and grazing for your clean-up crew.",
    components: [{ productId: "premium-chaeto", quantity: 2 }],
    priceCents: 3995,
    imageKey: "bundle-lazy-clean-up-crew",
  },
  {
    id: "complete-reef-starter-pack",
    name: "Complete Reef Starter Pack",
    description:
      "The whole Lazy Reefer system in one box: the refugium starter kit with its light, substrate, chaeto and step-by-step setup guide, and two Chaeto + Coral Food Combos, each with its one-page feeding guide, for the first months.",
    components: [
      { productId: "refugium-starter-kit", quantity: 1 },
      { productId: "chaeto-coral-food-combo", quantity: 2 },
    ],
    priceCents: 11499,
    imageKey: "bundle-complete-reef-starter-pack",
  },
];
