import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "./config.server";

describe("configuration", () => {
  it("works with no configuration at all", () => {
    const config = parseConfig({});
    expect(config.port).toBe(3000);
    expect(config.shopName).toBe("Lazy Reefer");
    expect(config.databaseUrl).toBe(`file:${path.resolve("data", "shop.db")}`);
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.rateLimits).toBe(true);
  });

  it("takes the shop name and a postgres URL from the environment", () => {
    const config = parseConfig({ SHOP_NAME: "Reef Co", DATABASE_URL: "postgres://u@h/db", PUBLIC_URL: "https://shop.example/" });
    expect(config.shopName).toBe("Reef Co");
    expect(config.databaseUrl).toBe("postgres://u@h/db");
    expect(config.publicUrl).toBe("https://shop.example");
  });

  it("fails with a readable message on bad values", () => {
    expect(() => parseConfig({ PORT: "eighty" })).toThrow(ConfigError);
    expect(() => parseConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => parseConfig({ NODE_ENV: "production", CLOCK_NOW: "2024-10-01T00:00:00Z" })).toThrow(/CLOCK_NOW/);
  });
});
