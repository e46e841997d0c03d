import crypto from "node:crypto";

/** The shop's one keyed hash: `text` signed with the server secret (HMAC-SHA256), base64url, first `length` chars. */
export function signWithSecret(secret: string, text: string, length: number): string {
  return crypto.createHmac("sha256", secret).update(text).digest("base64url").slice(0, length);
}

/** HMAC signature of a purpose and its values: links that can't be forged or reused for another purpose. */
export function sign(secret: string, purpose: string, ...values: string[]): string {
  return signWithSecret(secret, [purpose, ...values].join("\n"), 43);
}

export function verify(secret: string, signature: string, purpose: string, ...values: string[]): boolean {
  const expected = Buffer.from(sign(secret, purpose, ...values));
  const given = Buffer.from(signature);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}
