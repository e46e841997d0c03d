import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime } from "./dates";

describe("dates", () => {
  it("formats in UTC, as the pages showed them before", () => {
    const iso = "2026-11-21T23:30:00.000Z";
    expect(formatDateTime(iso)).toBe(
      new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }),
    );
    expect(formatDateTime(iso, "short")).toBe(
      new Date(iso).toLocaleString("en-US", { dateStyle: "short", timeStyle: "short", timeZone: "UTC" }),
    );
    expect(formatDate(iso)).toBe("Nov 21, 2026");
    expect(formatDate(iso, "long")).toBe(
      new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" }).format(
        new Date(iso),
      ),
    );
  });

  it("keeps a calendar day on its day", () => {
    expect(formatDate("2024-10-31", "long")).toBe("October 31, 2024");
    expect(formatDate(new Date("2024-10-31T00:00:00Z"))).toBe("Oct 31, 2024");
  });
});
