import "./zod-setup";
import { z } from "zod";

/** The shape of every id the shop makes (crypto.randomUUID): an RFC 9562 UUID. */
export const UuidSchema = z.uuid();

/** Whether a value from outside (a URL, a webhook's metadata) can be one of our ids, before it reaches a query. */
export function isUuid(value: unknown): value is string {
  return UuidSchema.safeParse(value).success;
}
