import { Router } from "express";
import { doseFromQuery } from "#app/forms/calculators";
import { ApiError } from "#server/errors";
import { containsNul } from "#server/validate";

/**
 * The reef calculators (decision 047): pure arithmetic from the water-chemistry guide, so no
 * sign-in and nothing stored. Bad input is a 400 naming each field, never a 5xx.
 */
export function calculatorRoutes(): Router {
  const router = Router();

  router.get("/calculators/dose", (req, res) => {
    if (containsNul(req.query))
      throw new ApiError(400, "The request contains invalid characters.", "invalid-characters");
    const outcome = doseFromQuery(req.query);
    if (outcome.kind === "refused") {
      const message = Object.values(outcome.fields)[0] ?? "Some of the details sent are not accepted.";
      throw new ApiError(400, message, "validation-failed", outcome.fields);
    }
    res.json(outcome.value);
  });

  return router;
}
