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
    const config = parseConfig({
      SHOP_NAME: "Reef Co",
      DATABASE_URL: "postgres://u@h/db",
      PUBLIC_URL: "https://shop.example/",
    });
    expect(config.shopName).toBe("Reef Co");
    expect(config.databaseUrl).toBe("postgres://u@h/db");
    expect(config.publicUrl).toBe("https://shop.example");
  });

  it("configures the image studio only with IMAGE_API_URL, and checks its timeout", () => {
    expect(parseConfig({}).imageApi).toBeNull();
    expect(parseConfig({ IMAGE_API_URL: "https://images.example/v1/" }).imageApi).toEqual({
      url: "https://images.example/v1",
      key: null,
      model: "gpt-image-1",
      timeoutMs: 60_000,
    });
    expect(
      parseConfig({
        IMAGE_API_URL: "http://127.0.0.1:7860/v1",
        IMAGE_API_KEY: "sk-1",
        IMAGE_MODEL: "flux-schnell",
        IMAGE_API_TIMEOUT_MS: "120000",
      }).imageApi,
    ).toEqual({ url: "http://127.0.0.1:7860/v1", key: "sk-1", model: "flux-schnell", timeoutMs: 120_000 });
    expect(() => parseConfig({ IMAGE_API_URL: "not a url" })).toThrow(/IMAGE_API_URL/);
    expect(() => parseConfig({ IMAGE_API_TIMEOUT_MS: "10" })).toThrow(/IMAGE_API_TIMEOUT_MS/);
    expect(parseConfig({ SHOP_ADDRESS: "Lazy Reefer | 12 Harbor Rd|Tampa, FL 33602" }).shopAddress).toEqual([
      "Lazy Reefer",
      "12 Harbor Rd",
      "Tampa, FL 33602",
    ]);
  });

  it("phrases reef wisdom by a model only with WISDOM_LLM_URL and a model, at its chat-completions URL", () => {
    expect(parseConfig({}).wisdomLlm).toBeNull();
    expect(
      parseConfig({ WISDOM_LLM_URL: "http://127.0.0.1:11434/v1/", WISDOM_LLM_MODEL: "llama3.1:8b" }).wisdomLlm,
    ).toEqual({ url: "http://127.0.0.1:11434/v1/chat/completions", key: null, model: "llama3.1:8b", timeoutMs: 2500 });
    expect(
      parseConfig({
        WISDOM_LLM_URL: "https://llm.example/v1/chat/completions",
        WISDOM_LLM_KEY: "sk-2",
        WISDOM_LLM_MODEL: "small",
        WISDOM_LLM_TIMEOUT_MS: "800",
      }).wisdomLlm,
    ).toEqual({ url: "https://llm.example/v1/chat/completions", key: "sk-2", model: "small", timeoutMs: 800 });
    expect(() => parseConfig({ WISDOM_LLM_URL: "http://127.0.0.1:8080/v1" })).toThrow(/WISDOM_LLM_MODEL: required/);
    expect(() => parseConfig({ WISDOM_LLM_URL: "localhost:8080", WISDOM_LLM_MODEL: "m" })).toThrow(/WISDOM_LLM_URL/);
    expect(() => parseConfig({ WISDOM_LLM_TIMEOUT_MS: "5" })).toThrow(/WISDOM_LLM_TIMEOUT_MS/);
  });

  it("fails with a readable message on bad values", () => {
    expect(() => parseConfig({ PORT: "eighty" })).toThrow(ConfigError);
    expect(() => parseConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => parseConfig({ NODE_ENV: "production", CLOCK_NOW: "2024-10-01T00:00:00Z" })).toThrow(/CLOCK_NOW/);
  });

  it("keeps uploads on local disk unless STORAGE_URL is set, then uses S3 with a fixed region", () => {
    expect(parseConfig({ DATA_DIR: "/srv/shop" }).storage).toEqual({
      kind: "local",
      directory: path.resolve("/srv/shop", "storage"),
    });
    expect(parseConfig({ STORAGE_URL: "s3://shop-uploads/prod" }).storage).toMatchObject({
      kind: "s3",
      bucket: "shop-uploads",
      prefix: "prod/",
      region: "us-east-1",
    });
    expect(parseConfig({ STORAGE_URL: "s3://shop-uploads", AWS_REGION: "eu-west-1" }).storage).toMatchObject({
      region: "eu-west-1",
    });
    expect(
      parseConfig({ STORAGE_URL: "s3://shop-uploads?region=ap-south-1", AWS_REGION: "eu-west-1" }).storage,
    ).toMatchObject({ region: "ap-south-1" });
  });

  it("stops on a malformed STORAGE_URL with a message that names it but not its secrets", () => {
    expect(() => parseConfig({ STORAGE_URL: "s3://Not_A_Bucket" })).toThrow(/STORAGE_URL: bucket name/);
    expect(() => parseConfig({ STORAGE_URL: "s3://bucket?endpoint=localhost:9000" })).toThrow(/STORAGE_URL: endpoint/);
    let message = "";
    try {
      parseConfig({ STORAGE_URL: "s3://AKIAEXAMPLE:hunter2@bucket" });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/STORAGE_URL: must not contain credentials/);
    expect(message).not.toMatch(/AKIAEXAMPLE|hunter2/);
  });
});
