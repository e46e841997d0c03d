import path from "node:path";
import { z } from "zod";

/**
 * Environment, parsed once at boot. Every variable has a default so that `npm start`
 * works with no configuration; a bad value stops the process with a readable message.
 */
const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("data"),
  DATABASE_URL: z
    .string()
    .regex(/^(file:|postgres(ql)?:\/\/)/, "must start with file: or postgres://")
    .optional(),
  PUBLIC_URL: z.url().optional(),
  SHOP_NAME: z.string().min(1).max(60).default("Lazy Reefer"),
  SHOP_EMAIL: z.email().default("hello@lazyreefer.example"),
  /** Fixed "now" for tests and demos (ISO timestamp). Refused in production. */
  CLOCK_NOW: z.iso.datetime({ offset: true }).optional(),
  RATE_LIMITS: z.enum(["on", "off"]).default("on"),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config {
  env: Env["NODE_ENV"];
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string;
  publicUrl: string;
  shopName: string;
  shopEmail: string;
  clockNow: Date | null;
  rateLimits: boolean;
  logLevel: Env["LOG_LEVEL"];
}

export class ConfigError extends Error {}

export function parseConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = result.data;
  if (env.CLOCK_NOW && env.NODE_ENV === "production") {
    throw new ConfigError("Invalid configuration:\n  CLOCK_NOW: only allowed outside production");
  }
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL ?? `file:${path.join(dataDir, "shop.db")}`,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
    shopName: env.SHOP_NAME,
    shopEmail: env.SHOP_EMAIL,
    clockNow: env.CLOCK_NOW ? new Date(env.CLOCK_NOW) : null,
    rateLimits: env.RATE_LIMITS === "on",
    logLevel: env.LOG_LEVEL,
  };
}

/** The subset the browser may see (rendered into the page by the root loader). */
export interface PublicConfig {
  shopName: string;
  publicUrl: string;
}

export function publicConfig(config: Config): PublicConfig {
  return { shopName: config.shopName, publicUrl: config.publicUrl };
}
