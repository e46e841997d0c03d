/**
 * What a packer picks for an order: plain products as they are, bundles (kits, decision 012) and
 * combos expanded into the products inside them, each with the units to pick for the whole line.
 */
import type { OrderLine } from "./order-types";

export interface PickItem {
  productId: string | null;
  title: string;
  /** Units to pick: per kit times the kits ordered. */
  quantity: number;
  /** False for a digital item (the tip): it is on the order but there is nothing to put in the box. */
  ships: boolean;
}

export interface PickGroup {
  /** What the customer ordered (the line's title). */
  title: string;
  kind: OrderLine["kind"];
  /** How many of it were ordered. */
  quantity: number;
  /** One tick box each. A plain product is its own single item. */
  items: PickItem[];
}

export function pickList(
  lines: readonly Pick<OrderLine, "kind" | "id" | "productIds" | "title" | "quantity">[],
  bundleComponents: ReadonlyMap<string, readonly { productId: string; quantity: number }[]>,
  productTitles: ReadonlyMap<string, string>,
  /** Products that never ship (digital); any other product, or a line of none, ships. */
  digitalProducts: ReadonlySet<string> = new Set(),
): PickGroup[] {
  const titleOf = (id: string) => productTitles.get(id) ?? `Product ${id}`;
  const ships = (id: string | null) => id === null || !digitalProducts.has(id);
  return lines.map((line) => {
    let items: PickItem[];
    if (line.kind === "bundle" && line.id && bundleComponents.has(line.id)) {
      items = bundleComponents.get(line.id)!.map((c) => ({
        productId: c.productId,
        title: titleOf(c.productId),
        quantity: c.quantity * line.quantity,
        ships: ships(c.productId),
      }));
    } else if (line.kind === "combo" && line.productIds?.length) {
      // A combo holds one of each product it names; a product named twice is picked twice.
      const counts = new Map<string, number>();
      for (const id of line.productIds) counts.set(id, (counts.get(id) ?? 0) + 1);
      items = [...counts].map(([id, n]) => ({
        productId: id,
        title: titleOf(id),
        quantity: n * line.quantity,
        ships: ships(id),
      }));
    } else {
      const productId = line.kind === "product" ? line.id : null;
      items = [{ productId, title: line.title, quantity: line.quantity, ships: ships(productId) }];
    }
    return { title: line.title, kind: line.kind, quantity: line.quantity, items };
  });
}

/** Units that go in the box, for the slip's caption ("7 units"): digital items are not picked. */
export function unitsToPick(groups: readonly PickGroup[]): number {
  return groups.reduce((sum, g) => sum + g.items.reduce((s, i) => s + (i.ships ? i.quantity : 0), 0), 0);
}

/**
 * The return address printed under the shop's name on a packing slip. SHOP_ADDRESS may begin with
 * the name itself (the README's example does: `Lazy Reefer|12 Harbor Rd|…`), which is then not
 * printed a second time; case and spacing aside, as an owner would type it either way.
 */
export function returnAddressLines(shopName: string, address: readonly string[]): string[] {
  const plain = (text: string) => text.trim().replace(/\s+/g, " ").toLowerCase();
  const [first, ...rest] = address;
  return first !== undefined && plain(first) === plain(shopName) ? rest : [...address];
}
