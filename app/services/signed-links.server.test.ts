import { describe, expect, it } from "vitest";
import { declineKeys } from "#app/models/orders/card-testing.server";
import { clientKey, orderToken } from "#app/models/orders/orders.server";
import { sign, signWithSecret, verify } from "./signed-links.server";

// The values below were made by the code before the one helper existed: links already sent in
// mails and keys already stored must keep matching.
const SECRET = "test-secret";
const ORDER_ID = "0b9c2a57-3f0e-4c8e-9a37-5d2f7e1b6a10";

describe("signWithSecret", () => {
  it("cuts the base64url HMAC to the length asked for", () => {
    expect(signWithSecret(SECRET, `order:${ORDER_ID}`, 32)).toBe("qIxXGp3XS5o5bVRiFABF3WQ005XsJnai");
    expect(signWithSecret(SECRET, `order:${ORDER_ID}`, 8)).toBe("qIxXGp3X");
    expect(signWithSecret("another-secret", `order:${ORDER_ID}`, 32)).not.toBe("qIxXGp3XS5o5bVRiFABF3WQ005XsJnai");
  });

  it("keeps every signature it serves byte-identical", () => {
    expect(orderToken(SECRET, ORDER_ID)).toBe("qIxXGp3XS5o5bVRiFABF3WQ005XsJnai");
    expect(clientKey(SECRET, "1.2.3.4")).toBe("mjmEV18-vCxrOjDvAB4sN58fOELo7p6k");
    expect(declineKeys(SECRET, { cardNumber: "4242424242424242" })).toEqual(["card:9jJYLcZBUjaFqkTg5OUkfVfGFOQIroSD"]);
    expect(sign(SECRET, "newsletter-unsubscribe", "reader@example.com")).toBe(
      "9U2HCJ2svXgwZU3fgAQdtliM9KkQi-9zkcXCYO0-kpg",
    );
  });

  it("verifies only the signature of the same purpose and values", () => {
    const signature = sign(SECRET, "newsletter-unsubscribe", "reader@example.com");
    expect(verify(SECRET, signature, "newsletter-unsubscribe", "reader@example.com")).toBe(true);
    expect(verify(SECRET, signature, "newsletter-confirm", "reader@example.com")).toBe(false);
  });
});
