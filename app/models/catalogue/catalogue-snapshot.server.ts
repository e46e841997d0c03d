import { sql, type Kysely } from "kysely";
import { listBundles, listProducts } from "./catalogue.server";
import type { CatalogueSnapshot } from "#app/domain/cart";
import type { Database } from "#database/schema";

/**
 * How old a snapshot may be when it prices a cart. Every checkout, cart quote and page render
 * needs the whole (small) catalogue: reading it once a second instead of three queries each time
 * is the largest saving on PostgreSQL's side of a checkout. Stock in it is advisory anyway (the
 * reservation's conditional update decides); a price changed in the back office is seen at once
 * by the process that changed it and within this time by the others. See decision 011.
 */
export const CATALOGUE_SNAPSHOT_MAX_AGE_MS = 1000;

interface Cached {
  loadedAt: number;
  generation: number;
  priceGeneration: number;
  snapshot: Promise<CatalogueSnapshot>;
}

/**
 * Counts the catalogue changes this process has made or seen (stock taken or given back, a price,
 * an item put on or off sale). Whatever shows the catalogue (the snapshot below, the page cache)
 * remembers the count it was made at and is thrown away once the count moves: a shopper who just
 * bought the last unit sees "Sold out" on the next view, not a copy from before the purchase.
 */
let generation = 0;
/** The part of the count that moves the prices: a price, or what is on sale. */
let priceGeneration = 0;

export function catalogueGeneration(): number {
  return generation;
}

/**
 * Call when stock, a price or what is on sale changed (inside or after the writing transaction);
 * `"stock"` when only stock moved (an order placed, cancelled or expired).
 */
export function catalogueChanged(what: "stock" | "prices" = "prices"): void {
  generation++;
  if (what === "prices") priceGeneration++;
}

// Per database handle: tests (and tools) open several databases in one process.
const cache = new WeakMap<object, Cached>();

async function readSnapshot(db: Kysely<Database>): Promise<CatalogueSnapshot> {
  const products = await listProducts(db);
  // Bundles are worked out from the same read of the products: their stock and price follow them.
  const bundles = await listBundles(db, products);
  return { products: products.filter((p) => p.active), bundles: bundles.filter((b) => b.active) };
}

/**
 * The whole catalogue, active items only, at most CATALOGUE_SNAPSHOT_MAX_AGE_MS old (`fresh`:
 * read now). Concurrent callers share one read. Callers must not change what they get.
 *
 * What a person sees (pages, search) needs the stock as it is since this process's last order;
 * the checkout only prices with it (`stockMayLag`): its stock is advisory there, since the
 * reservation's conditional update decides. So a run of checkouts does not re-read the
 * catalogue after each other's orders, only after a price or sale change or once it is too old.
 */
export async function loadCatalogueSnapshot(
  db: Kysely<Database>,
  options: { fresh?: boolean; stockMayLag?: boolean } = {},
): Promise<CatalogueSnapshot> {
  const now = Date.now();
  const hit = cache.get(db);
  const current =
    hit !== undefined &&
    (options.stockMayLag ? hit.priceGeneration === priceGeneration : hit.generation === generation) &&
    now - hit.loadedAt < CATALOGUE_SNAPSHOT_MAX_AGE_MS;
  if (!options.fresh && current) return hit.snapshot;
  const entry: Cached = { loadedAt: now, generation, priceGeneration, snapshot: readSnapshot(db) };
  cache.set(db, entry);
  // A failed read is not kept: the next caller tries again.
  entry.snapshot.catch(() => {
    if (cache.get(db) === entry) cache.delete(db);
  });
  return entry.snapshot;
}

/** Forgets this process's snapshot: call after changing prices, stock or what is on sale. */
export function invalidateCatalogueSnapshot(db: Kysely<Database>): void {
  cache.delete(db);
  catalogueChanged();
}

/** What changes when any product's or bundle's stock, price or sale state changes. */
async function catalogueFingerprint(db: Kysely<Database>): Promise<string> {
  const [products, bundles] = await Promise.all([
    db
      .selectFrom("products")
      .select([
        sql<number>`count(*)`.as("n"),
        sql<number>`coalesce(sum(quantity), 0)`.as("stock"),
        sql<number>`coalesce(sum(price_cents), 0)`.as("prices"),
        sql<number>`coalesce(sum(is_active), 0)`.as("active"),
        sql<string>`max(updated_at)`.as("updated"),
      ])
      .executeTakeFirst(),
    db
      .selectFrom("bundles")
      .select([
        sql<number>`count(*)`.as("n"),
        sql<number>`coalesce(sum(price_cents), 0)`.as("prices"),
        sql<number>`coalesce(sum(is_active), 0)`.as("active"),
        sql<string>`max(updated_at)`.as("updated"),
      ])
      .executeTakeFirst(),
  ]);
  return JSON.stringify([products, bundles]);
}

/**
 * Notices catalogue changes made by other server processes (or tools) on the shared database:
 * reads a small fingerprint every `intervalMs` and counts a change when it moves. Changes this
 * process makes are counted at once by `catalogueChanged`; this bounds everyone else's to one
 * interval. Resolves once the first fingerprint is read, so that no change made after it is
 * missed, to a function that stops watching.
 */
export async function watchCatalogue(db: Kysely<Database>, intervalMs: number): Promise<() => void> {
  let last: string | null = await catalogueFingerprint(db).catch(() => null);
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    catalogueFingerprint(db)
      .then((fingerprint) => {
        if (last !== null && fingerprint !== last) catalogueChanged();
        last = fingerprint;
      })
      // A failed read (database restarting, process shutting down) is tried again next time.
      .catch(() => {})
      .finally(() => (running = false));
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
