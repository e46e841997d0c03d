import { listBundles, listProducts } from "./catalogue.server";
import type { Database } from "../../database/schema";
import type { Kysely } from "kysely";
import type { CatalogueSnapshot } from "~/domain/cart";

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
  snapshot: Promise<CatalogueSnapshot>;
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
 */
export async function loadCatalogueSnapshot(
  db: Kysely<Database>,
  options: { fresh?: boolean } = {},
): Promise<CatalogueSnapshot> {
  const now = Date.now();
  const hit = cache.get(db);
  if (!options.fresh && hit && now - hit.loadedAt < CATALOGUE_SNAPSHOT_MAX_AGE_MS) return hit.snapshot;
  const entry: Cached = { loadedAt: now, snapshot: readSnapshot(db) };
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
}
