import { fromNodeHeaders } from "better-auth/node";
import express, { Router, type Request } from "express";
import { isReefParameter } from "#app/domain/reef-units";
import { MAX_CSV_BYTES, parseTakenAt } from "#app/domain/tank-readings-csv";
import { ReadingSchema, TankSchema } from "#app/forms/tanks";
import { getUser } from "#app/models/accounts/session.server";
import {
  addReading,
  createTank,
  deleteTank,
  exportReadingsCsv,
  getTank,
  importReadingsCsv,
  listReadings,
  listTanks,
} from "#app/models/tanks/tanks.server";
import { ApiError, errorBody } from "#server/errors";
import { parseBody } from "#server/validate";
import type { AppServices } from "#server/services";

const NO_TANK = "No such tank.";

/**
 * A signed-in customer's tanks and parameter log (issue 37). Another customer's tank answers
 * 404 like a missing one; signed out is 401.
 */
export function tankRoutes(services: AppServices): Router {
  const router = Router();
  const { db } = services.database;
  const deps = () => ({ db, now: services.clock() });

  async function userId(req: Request): Promise<string> {
    const user = await getUser(services, fromNodeHeaders(req.headers));
    if (!user) throw new ApiError(401, "Sign in to see your tanks.", "unauthenticated");
    return user.id;
  }

  router.post("/tanks", async (req, res) => {
    const owner = await userId(req);
    const tank = await createTank(deps(), owner, parseBody(TankSchema, req.body));
    res.status(201).json({ tank });
  });

  router.get("/tanks", async (req, res) => {
    res.json({ tanks: await listTanks(db, await userId(req)) });
  });

  router.get("/tanks/:id", async (req, res) => {
    const tank = await getTank(db, await userId(req), String(req.params.id));
    if (!tank) throw new ApiError(404, NO_TANK);
    res.json({ tank });
  });

  router.delete("/tanks/:id", async (req, res) => {
    if (!(await deleteTank(db, await userId(req), String(req.params.id)))) throw new ApiError(404, NO_TANK);
    res.status(204).end();
  });

  router.post("/tanks/:id/readings", async (req, res) => {
    const owner = await userId(req);
    const outcome = await addReading(deps(), owner, String(req.params.id), parseBody(ReadingSchema, req.body));
    if (outcome.kind === "not-found") throw new ApiError(404, NO_TANK);
    if (outcome.kind === "invalid") throw new ApiError(400, outcome.message, "invalid-reading", outcome.fields);
    if (outcome.kind === "conflict") throw new ApiError(409, outcome.message, "reading-exists", outcome.fields);
    res.status(201).json({ reading: outcome.reading });
  });

  // ?parameter=alkalinity&from=2026-11-01T00:00:00Z&to=… (all optional): the series a chart draws.
  router.get("/tanks/:id/readings", async (req, res) => {
    const owner = await userId(req);
    const q = (name: string) => (typeof req.query[name] === "string" ? req.query[name] : undefined);
    const parameter = q("parameter");
    if (parameter !== undefined && !isReefParameter(parameter))
      throw new ApiError(400, "Unknown parameter.", "invalid-parameter", { parameter: "Unknown parameter." });
    const time = (name: "from" | "to") => {
      const text = q(name);
      if (text === undefined) return undefined;
      const at = parseTakenAt(text);
      if (!at) throw new ApiError(400, "Give times as ISO-8601.", "invalid-time", { [name]: "Give an ISO-8601 time." });
      return at;
    };
    const readings = await listReadings(db, owner, String(req.params.id), {
      parameter,
      from: time("from"),
      to: time("to"),
    });
    if (!readings) throw new ApiError(404, NO_TANK);
    res.json({ readings });
  });

  router.get("/tanks/:id/readings.csv", async (req, res) => {
    const csv = await exportReadingsCsv(db, await userId(req), String(req.params.id));
    if (csv === null) throw new ApiError(404, NO_TANK);
    res.setHeader("Content-Type", "text/csv; charset=utf-8");
    res.setHeader("Content-Disposition", 'attachment; filename="tank-readings.csv"');
    res.send(csv);
  });

  router.post("/tanks/:id/readings.csv", express.text({ type: () => true, limit: MAX_CSV_BYTES }), async (req, res) => {
    const owner = await userId(req);
    if (typeof req.body !== "string" || !/^text\/(csv|plain)\b/i.test(req.headers["content-type"] ?? ""))
      throw new ApiError(415, "Send the readings as text/csv.", "csv-required");
    const outcome = await importReadingsCsv(deps(), owner, String(req.params.id), req.body);
    if (outcome.kind === "not-found") throw new ApiError(404, NO_TANK);
    if (outcome.kind === "invalid") {
      const count = outcome.errors.length === 1 ? "one row needs" : `${outcome.errors.length} rows need`;
      const body = errorBody(
        400,
        `Nothing was imported: ${count} correcting.`,
        "invalid-rows",
        Object.fromEntries(outcome.errors.map((e) => [`row ${e.row}`, e.reason])),
      );
      // Beside the house's per-field messages, the rows as a list for a client to show in order.
      res.status(400).json({ error: { ...body.error, rows: outcome.errors } });
      return;
    }
    res.status(200).json({ imported: outcome.added, alreadyLogged: outcome.alreadyLogged, layout: outcome.layout });
  });

  return router;
}
