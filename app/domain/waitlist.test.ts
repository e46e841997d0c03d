import { describe, expect, it } from "vitest";
import { peopleToNotify, waitingKey, waitlistExpiry, WAITLIST_DAYS } from "./waitlist";

describe("waitlist rules", () => {
  it("tells no more people than units when stock rises from zero", () => {
    expect(peopleToNotify({ seen: 0, available: 3, waiting: 10 })).toBe(3);
    expect(peopleToNotify({ seen: 0, available: 12, waiting: 10 })).toBe(10);
  });

  it("tells the next ones on a further rise, up to the units now available", () => {
    expect(peopleToNotify({ seen: 3, available: 5, waiting: 7 })).toBe(5);
    expect(peopleToNotify({ seen: 0, available: 5, waiting: 2 })).toBe(2);
  });

  it("tells nobody when the stock stayed, fell or is gone", () => {
    expect(peopleToNotify({ seen: 3, available: 3, waiting: 7 })).toBe(0);
    expect(peopleToNotify({ seen: 5, available: 2, waiting: 7 })).toBe(0);
    expect(peopleToNotify({ seen: 0, available: 0, waiting: 7 })).toBe(0);
    expect(peopleToNotify({ seen: 0, available: 4, waiting: 0 })).toBe(0);
  });

  it("entries lapse after 90 days; one waiting key per address and item", () => {
    const now = new Date("2026-11-29T10:00:00Z");
    expect(WAITLIST_DAYS).toBe(90);
    expect(waitlistExpiry(now).toISOString()).toBe("2027-02-27T10:00:00.000Z");
    expect(waitingKey("bundle", "lazy-starter", "a@example.com")).toBe("bundle:lazy-starter:a@example.com");
  });
});
