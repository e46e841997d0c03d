import { fieldErrorsOf } from "#app/domain/forms";
import { ApiError } from "./errors";
import type { z } from "zod";

/** True when any string in the value contains a NUL character (PostgreSQL text cannot store one). */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (depth > 20 || value === null || typeof value !== "object") return false;
  return Object.values(value as Record<string, unknown>).some((v) => containsNul(v, depth + 1));
}

/** Parses a request body with a Zod schema; problems become a 400 with a plain message and per-field messages. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  if (containsNul(body)) throw new ApiError(400, "The request contains invalid characters.", "invalid-characters");
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const fields = fieldErrorsOf(result.error);
  // The message is a sentence a shopper can read (the first problem); every field's own is in `fields`.
  const message = Object.values(fields)[0] ?? "Some of the details sent are not accepted.";
  throw new ApiError(400, message, "validation-failed", fields);
}
