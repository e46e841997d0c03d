/** The reef-wisdom quality floors (quality-floors.ts) on their three frozen sets. */
import { describe, it } from "vitest";
import { expectFreshAboveFloors, expectSetAboveFloors, SET_FLOORS } from "./quality-floors";

describe("reef-wisdom answer quality", () => {
  // Hundreds of questions each, and an index built per set: seconds each, tens of seconds on a
  // loaded shared machine.
  it.each(SET_FLOORS)("keeps $name above its floors", expectSetAboveFloors, 180_000);
  it("keeps fresh forum set 2 above its floors", expectFreshAboveFloors, 180_000);
});
