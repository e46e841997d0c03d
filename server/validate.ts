import type { z } from "zod";
import { ApiError } from "./errors";

/** Parses a request body with a Zod schema; the first problem becomes a 400 with its path. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join(".")}: ` : "";
  throw new ApiError(400, `${where}${issue?.message ?? "Invalid request body."}`, "validation-failed");
}
