import { ApiError } from "./errors";
import type { z } from "zod";

/** Parses a request body with a Zod schema; the first problem becomes a 400 with its path. */
/** True when any string in the value contains a NUL character (PostgreSQL text cannot store one). */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (depth > 20 || value === null || typeof value !== "object") return false;
  return Object.values(value as Record<string, unknown>).some((v) => containsNul(v, depth + 1));
}

export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  if (containsNul(body)) throw new ApiError(400, "The request contains invalid characters.", "invalid-characters");
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join(".")}: ` : "";
  throw new ApiError(400, `${where}${issue?.message ?? "Invalid request body."}`, "validation-failed");
}
