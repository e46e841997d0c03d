import { describe, expect, it } from "vitest";
import { isUuid } from "./ids";

describe("isUuid", () => {
  it("accepts the ids the shop makes", () => {
    expect(isUuid(crypto.randomUUID())).toBe(true);
    expect(isUuid("0b9c2a57-3f0e-4c8e-9a37-5d2f7e1b6a10")).toBe(true);
  });

  it("refuses what only looks like one", () => {
    expect(isUuid("------------------------------------")).toBe(false);
    expect(isUuid("0b9c2a57-3f0e-4c8e-9a37-5d2f7e1b6a1")).toBe(false);
    expect(isUuid("0b9c2a57-3f0e-4c8e-9a37-5d2f7e1b6a10' OR 1=1")).toBe(false);
    expect(isUuid("zb9c2a57-3f0e-4c8e-9a37-5d2f7e1b6a10")).toBe(false);
    expect(isUuid(42)).toBe(false);
  });
});
