import crypto from "node:crypto";

export const ADDRESS = { line1: "12 Coral Way", city: "Tampa", state: "FL", postalCode: "33602", country: "US" };
export const CUSTOMER = { email: "reefer@example.com", name: "Rae Reefer" };
export const card = (number = "4242424242424242") => ({ number, expMonth: 12, expYear: 2034, cvc: "123" });

export function checkoutRequest(url: string, body: unknown, key: string = crypto.randomUUID()) {
  return fetch(`${url}/api/checkout`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Idempotency-Key": key },
    body: JSON.stringify(body),
  });
}

export function buy(url: string, items: unknown[], cardNumber = "4242424242424242", key?: string) {
  return checkoutRequest(
    url,
    { items, customer: CUSTOMER, shippingAddress: ADDRESS, payment: { card: card(cardNumber) } },
    key,
  );
}
