import { isUuid } from "#app/domain/ids";
import { parameterInfo, REEF_PARAMETERS, unitFor, validateReading, type ReefParameter } from "#app/domain/reef-units";
import { formatReadingsCsv, parseReadingsCsv, parseTakenAt } from "#app/domain/tank-readings-csv";
import { CORAL_KINDS, type ReadingInput, type TankInput } from "#app/forms/tanks";
import type { Database } from "#database/schema";
import type { Kysely, Selectable } from "kysely";

/**
 * A customer's tanks and their parameter log (issue 37). Everything is scoped to its owner: a
 * tank of someone else answers exactly like one that does not exist.
 */

interface Deps {
  db: Kysely<Database>;
  now: Date;
}

export interface Tank {
  id: string;
  name: string;
  displayVolume: number;
  sumpVolume: number | null;
  volumeUnit: "gal" | "L";
  refugiumLight: string | null;
  corals: string[];
  careLevel: string | null;
  testKits: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface Reading {
  id: number;
  parameter: ReefParameter;
  value: number;
  unit: string;
  canonicalValue: number;
  canonicalUnit: string;
  takenAt: string;
}

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

function toTank(row: Selectable<Database["tanks"]>): Tank {
  return {
    id: row.id,
    name: row.name,
    displayVolume: row.display_volume,
    sumpVolume: row.sump_volume,
    volumeUnit: row.volume_unit,
    refugiumLight: row.refugium_light,
    corals: row.corals === "" ? [] : row.corals.split(","),
    careLevel: row.care_level,
    testKits: row.test_kits,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

function toReading(row: Selectable<Database["tank_readings"]>): Reading {
  const parameter = row.parameter as ReefParameter;
  return {
    id: row.id,
    parameter,
    value: row.value,
    unit: row.unit,
    canonicalValue: row.canonical_value,
    canonicalUnit: parameterInfo(parameter).canonicalUnit,
    takenAt: iso(row.taken_at),
  };
}

function tankColumns(input: TankInput) {
  const corals = CORAL_KINDS.filter((k) => input.corals?.includes(k));
  return {
    name: input.name,
    display_volume: input.displayVolume,
    sump_volume: input.sumpVolume ?? null,
    volume_unit: input.volumeUnit,
    refugium_light: input.refugiumLight || null,
    corals: corals.join(","),
    care_level: input.careLevel ?? null,
    test_kits: input.testKits || null,
  };
}

export async function createTank(deps: Deps, userId: string, input: TankInput): Promise<Tank> {
  const at = deps.now.toISOString();
  const row = { id: crypto.randomUUID(), user_id: userId, ...tankColumns(input), created_at: at, updated_at: at };
  await deps.db.insertInto("tanks").values(row).execute();
  return toTank(row);
}

export async function listTanks(db: Kysely<Database>, userId: string): Promise<Tank[]> {
  const rows = await db
    .selectFrom("tanks")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map(toTank);
}

/** The customer's tank, or null when there is none of theirs by that id. */
export async function getTank(db: Kysely<Database>, userId: string, tankId: string): Promise<Tank | null> {
  if (!isUuid(tankId)) return null;
  const row = await db
    .selectFrom("tanks")
    .selectAll()
    .where("id", "=", tankId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row ? toTank(row) : null;
}

export async function updateTank(deps: Deps, userId: string, tankId: string, input: TankInput): Promise<Tank | null> {
  if (!(await getTank(deps.db, userId, tankId))) return null;
  await deps.db
    .updateTable("tanks")
    .set({ ...tankColumns(input), updated_at: deps.now.toISOString() })
    .where("id", "=", tankId)
    .where("user_id", "=", userId)
    .execute();
  return getTank(deps.db, userId, tankId);
}

/** Deletes the tank and its log; false when the customer has no such tank. */
export async function deleteTank(db: Kysely<Database>, userId: string, tankId: string): Promise<boolean> {
  if (!(await getTank(db, userId, tankId))) return false;
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("tank_readings").where("tank_id", "=", tankId).execute();
    // Its coral-food reminder consent goes with it: a consent is given for one tank.
    await trx.deleteFrom("reorder_consents").where("tank_id", "=", tankId).execute();
    await trx.deleteFrom("tanks").where("id", "=", tankId).where("user_id", "=", userId).execute();
  });
  return true;
}

/** Every tank and reading of a deleted account: the log is the customer's and goes with them. */
export async function forgetTanksOf(db: Kysely<Database>, userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom("tank_readings")
      .where("tank_id", "in", trx.selectFrom("tanks").select("id").where("user_id", "=", userId))
      .execute();
    await trx.deleteFrom("tanks").where("user_id", "=", userId).execute();
  });
}

/** How far ahead of the server's clock a reading's time may be (a reefer east of UTC types local time). */
const FUTURE_SLACK_MS = 24 * 3600_000;
const EARLIEST = "2000-01-01T00:00:00.000Z";

export type AddReadingOutcome =
  | { kind: "added"; reading: Reading }
  | { kind: "not-found" }
  | { kind: "invalid"; message: string; fields: Record<string, string> }
  | { kind: "conflict"; message: string; fields: Record<string, string> };

export async function addReading(
  deps: Deps,
  userId: string,
  tankId: string,
  input: ReadingInput,
): Promise<AddReadingOutcome> {
  if (!(await getTank(deps.db, userId, tankId))) return { kind: "not-found" };
  const check = validateReading(input);
  if (!check.ok) return { kind: "invalid", message: check.reason, fields: { [check.field]: check.reason } };
  const takenAt =
    input.takenAt === undefined || input.takenAt.trim() === "" ? deps.now.toISOString() : parseTakenAt(input.takenAt);
  const refusal = takenAtRefusal(takenAt, deps.now);
  if (refusal) return { kind: "invalid", message: refusal, fields: { takenAt: refusal } };
  const row = {
    tank_id: tankId,
    parameter: check.parameter,
    value: typeof input.value === "number" ? input.value : Number(input.value.trim()),
    // Stored in the unit's own spelling, also when an alias ("F", "dkh") was sent.
    unit: unitFor(check.parameter, input.unit)!,
    canonical_value: check.canonicalValue,
    taken_at: takenAt!,
    created_at: deps.now.toISOString(),
  };
  const inserted = await deps.db
    .insertInto("tank_readings")
    .values(row)
    .onConflict((oc) => oc.columns(["tank_id", "parameter", "taken_at"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!inserted) {
    const message = `There is already a ${parameterInfo(check.parameter).label.toLowerCase()} reading at that time.`;
    return { kind: "conflict", message, fields: { takenAt: message } };
  }
  return { kind: "added", reading: toReading({ ...row, id: inserted.id }) };
}

function takenAtRefusal(takenAt: string | null, now: Date): string | null {
  if (!takenAt) return "Enter when you took the reading, like 2026-11-29 08:30.";
  if (takenAt < EARLIEST) return "Enter a time from 2000 on.";
  if (new Date(takenAt).getTime() > now.getTime() + FUTURE_SLACK_MS) return "That time is in the future.";
  return null;
}

export interface ReadingFilter {
  parameter?: ReefParameter;
  /** ISO times, inclusive. */
  from?: string;
  to?: string;
}

/** The tank's readings, oldest first; null when the customer has no such tank. */
export async function listReadings(
  db: Kysely<Database>,
  userId: string,
  tankId: string,
  filter: ReadingFilter = {},
): Promise<Reading[] | null> {
  if (!(await getTank(db, userId, tankId))) return null;
  let query = db.selectFrom("tank_readings").selectAll().where("tank_id", "=", tankId);
  if (filter.parameter) query = query.where("parameter", "=", filter.parameter);
  if (filter.from) query = query.where("taken_at", ">=", filter.from);
  if (filter.to) query = query.where("taken_at", "<=", filter.to);
  const rows = await query.orderBy("taken_at").orderBy("parameter").execute();
  return rows.map(toReading);
}

/** The newest reading of each parameter, in the order of REEF_PARAMETERS. */
export function latestPerParameter(readings: readonly Reading[]): Reading[] {
  const latest = new Map<ReefParameter, Reading>();
  for (const r of readings) {
    const seen = latest.get(r.parameter);
    if (!seen || seen.takenAt <= r.takenAt) latest.set(r.parameter, r);
  }
  return REEF_PARAMETERS.flatMap((p) => latest.get(p.id) ?? []);
}

/**
 * The newest reading of each parameter in the customer's most recently logged tank (the chat puts
 * them beside the guides' targets); empty for a customer with no readings.
 */
export async function latestReadingsOf(db: Kysely<Database>, userId: string): Promise<Reading[]> {
  const newest = await db
    .selectFrom("tank_readings as r")
    .innerJoin("tanks as t", "t.id", "r.tank_id")
    .select("r.tank_id")
    .where("t.user_id", "=", userId)
    .orderBy("r.taken_at", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!newest) return [];
  return latestPerParameter((await listReadings(db, userId, newest.tank_id)) ?? []);
}

export async function exportReadingsCsv(db: Kysely<Database>, userId: string, tankId: string): Promise<string | null> {
  const readings = await listReadings(db, userId, tankId);
  return readings ? formatReadingsCsv(readings) : null;
}

export type ImportOutcome =
  | { kind: "imported"; layout: "long" | "wide"; added: number; alreadyLogged: number }
  | { kind: "not-found" }
  | { kind: "invalid"; errors: Array<{ row: number; reason: string }> };

/**
 * Imports a CSV: every row is checked first and one bad row imports nothing. A reading already
 * logged (same parameter and time) is kept as it is and counted, so a file imported twice adds
 * nothing the second time.
 */
export async function importReadingsCsv(
  deps: Deps,
  userId: string,
  tankId: string,
  text: string,
): Promise<ImportOutcome> {
  if (!(await getTank(deps.db, userId, tankId))) return { kind: "not-found" };
  const parsed = parseReadingsCsv(text);
  if (!parsed.ok) return { kind: "invalid", errors: parsed.errors };
  const createdAt = deps.now.toISOString();
  const late = parsed.readings.flatMap((r) => {
    const reason = takenAtRefusal(r.takenAt, deps.now);
    return reason ? [{ row: r.row, reason }] : [];
  });
  if (late.length > 0) return { kind: "invalid", errors: late };
  let added = 0;
  await deps.db.transaction().execute(async (trx) => {
    for (let i = 0; i < parsed.readings.length; i += 500) {
      const chunk = parsed.readings.slice(i, i + 500).map((r) => ({
        tank_id: tankId,
        parameter: r.parameter,
        value: r.value,
        unit: r.unit,
        canonical_value: r.canonicalValue,
        taken_at: r.takenAt,
        created_at: createdAt,
      }));
      const result = await trx
        .insertInto("tank_readings")
        .values(chunk)
        .onConflict((oc) => oc.columns(["tank_id", "parameter", "taken_at"]).doNothing())
        .executeTakeFirst();
      added += Number(result.numInsertedOrUpdatedRows ?? 0);
    }
  });
  return { kind: "imported", layout: parsed.layout, added, alreadyLogged: parsed.readings.length - added };
}
