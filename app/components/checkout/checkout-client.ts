import type { CartState } from "#app/domain/cart";

/** Contract items for a cart: ids and quantities only; the server prices them. */
export function cartItems(cart: CartState) {
  return [
    ...cart.lines.map((l) => ({ kind: l.kind, id: l.id, quantity: l.quantity })),
    ...cart.combos.map((c) => ({ kind: "combo" as const, productIds: c.productIds, quantity: c.quantity })),
  ];
}

export interface ApiFailure {
  error: { code: string; message: string; reason?: string };
}

export async function postJson<T>(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; data: T | ApiFailure }> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json", ...headers },
    body: JSON.stringify(body),
  });
  const data = (await res
    .json()
    .catch(() => ({ error: { code: "internal", message: "Unexpected answer from the server." } }))) as T | ApiFailure;
  return { status: res.status, data };
}

export function isFailure(data: unknown): data is ApiFailure {
  return typeof data === "object" && data !== null && "error" in data;
}
