import crypto from "node:crypto";

/** HMAC signature of a purpose and its values: links that can't be forged or reused for another purpose. */
export function sign(secret: string, purpose: string, ...values: string[]): string {
  return crypto
    .createHmac("sha256", secret)
    .update([purpose, ...values].join("\n"))
    .digest("base64url")
    .slice(0, 43);
}

export function verify(secret: string, signature: string, purpose: string, ...values: string[]): boolean {
  const expected = Buffer.from(sign(secret, purpose, ...values));
  const given = Buffer.from(signature);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}
