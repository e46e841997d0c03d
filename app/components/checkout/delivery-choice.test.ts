import { describe, expect, it } from "vitest";
import { deliveryDestination, shownShipOn } from "./delivery-choice";

describe("deliveryDestination", () => {
  it("waits for a complete ZIP", () => {
    expect(deliveryDestination("", "")).toBeNull();
    expect(deliveryDestination("3360", "FL")).toBeNull();
    expect(deliveryDestination("33602-12", "FL")).toBeNull();
    expect(deliveryDestination("3360a", "")).toBeNull();
  });

  it("sends a 5-digit ZIP or ZIP+4, trimmed, with the state once one is chosen", () => {
    expect(deliveryDestination(" 33602 ", "")).toEqual({ postalCode: "33602" });
    expect(deliveryDestination("33602-1234", "fl")).toEqual({ postalCode: "33602-1234", state: "FL" });
  });

  it("leaves out a state that is not a two-letter code (the select's prompt, say)", () => {
    expect(deliveryDestination("33602", "Choose a state")).toEqual({ postalCode: "33602" });
  });
});

describe("shownShipOn", () => {
  const choices = [
    { shipOn: "2026-12-07", arriveOn: "2026-12-08" },
    { shipOn: "2026-12-08", arriveOn: "2026-12-09" },
  ];

  it("is the shop's first choice until the buyer picks", () => {
    expect(shownShipOn(choices, null)).toBe("2026-12-07");
  });

  it("keeps the buyer's pick while it is offered", () => {
    expect(shownShipOn(choices, "2026-12-08")).toBe("2026-12-08");
  });

  it("falls back to the first choice when the pick is no longer offered", () => {
    expect(shownShipOn(choices, "2026-12-10")).toBe("2026-12-07");
  });

  it("is null when nothing is offered", () => {
    expect(shownShipOn([], "2026-12-08")).toBeNull();
  });
});
