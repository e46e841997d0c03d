import path from "node:path";
import { z } from "zod";
import { DEFAULT_IDEMPOTENCY_LEASE_SECONDS } from "#app/domain/checkout";
import { parseStorageUrl, type StorageConfig } from "#app/services/storage/storage-url.server";
import type { PasswordPolicy } from "#app/domain/password-policy";

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
  /** The return address printed on packing slips, lines separated by "|". */
  SHOP_ADDRESS: z.string().trim().max(300).optional(),
  /** The shop's time zone: its "today", ship days and cut-off (IANA name). */
  SHOP_TIMEZONE: z
    .string()
    .default("America/New_York")
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat("en-US", { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, "must be an IANA time zone such as America/New_York"),
  /** How long after delivery a buyer may file an arrive-alive claim (hours). */
  CLAIM_WINDOW_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(24),
  /** Fixed "now" for tests and demos (ISO timestamp). Refused in production. */
  CLOCK_NOW: z.iso.datetime({ offset: true }).optional(),
  RATE_LIMITS: z.enum(["on", "off"]).default("on"),
  /** PostgreSQL: writes as named prepared statements; `off` behind PgBouncer < 1.21 in transaction mode. */
  DATABASE_PREPARED_STATEMENTS: z.enum(["on", "off"]).default("on"),
  BETTER_AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  PAYMENT_PROVIDER: z.enum(["test", "stripe"]).default("test"),
  STRIPE_SECRET_KEY: z.string().startsWith("sk_").optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().startsWith("pk_").optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith("whsec_").optional(),
  /** Where the Stripe SDK sends API calls; only for tests against a local stand-in. */
  STRIPE_API_URL: z.url().optional(),
  /**
   * Test provider only, for the crash drills: a file where it keeps its charges and refunds, so
   * that (like Stripe) it remembers an idempotency key across a process restart, and a delay
   * before each answer, so that a process can be killed while it waits. Refused in production.
   */
  TEST_PAYMENTS_LEDGER: z.string().min(1).optional(),
  TEST_PAYMENTS_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  PASSWORD_MIN_LENGTH: z.coerce.number().int().min(6).max(128).default(6),
  PASSWORD_MAX_LENGTH: z.coerce.number().int().min(8).max(256).optional(),
  PASSWORD_REQUIRE_LOWERCASE: z.enum(["true", "false"]).default("false"),
  PASSWORD_REQUIRE_UPPERCASE: z.enum(["true", "false"]).default("false"),
  PASSWORD_REQUIRE_NUMERIC: z.enum(["true", "false"]).default("false"),
  PASSWORD_REQUIRE_SYMBOL: z.enum(["true", "false"]).default("false"),
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_NAME: z.string().min(1).max(40).default("your reef club account"),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "must be a redis:// URL")
    .optional(),
  /** Uploads in one S3 bucket shared by every instance; unset keeps them on local disk. */
  STORAGE_URL: z
    .string()
    .transform((value, ctx) => {
      const parsed = parseStorageUrl(value);
      if (parsed.ok) return parsed.value;
      ctx.addIssue({ code: "custom", message: parsed.message });
      return z.NEVER;
    })
    .optional(),
  /** The AWS SDK's own variable, read here too so an s3:// URL without ?region= still gets a fixed region. */
  AWS_REGION: z
    .string()
    .regex(/^[a-z0-9-]{1,32}$/, "must look like eu-west-1")
    .optional(),
  /** Express "trust proxy" setting: which hops may set X-Forwarded-For (default: loopback only). */
  TRUST_PROXY: z.string().default("loopback"),
  RESERVATION_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  /**
   * How long a new order holds its stock until its payment step starts (the 3-D Secure page is
   * opened, Stripe's payment form is shown); then it holds it RESERVATION_MINUTES from placing.
   */
  /**
   * Unset: the newsletter's welcome mail carries no code. A percentage: it carries a single-use
   * code for that much off full-price goods, good for NEWSLETTER_WELCOME_CODE_DAYS (decision 043).
   */
  NEWSLETTER_WELCOME_CODE_PERCENT: z.coerce.number().int().min(1).max(100).optional(),
  NEWSLETTER_WELCOME_CODE_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** How long after an unpaid checkout expired its one reminder goes, if the buyer asked (decision 045). */
  REMINDER_DELAY_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 60)
    .default(60),
  RESERVATION_START_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(5),
  /** The most units of one product (over lines, combos and bundle contents) one web order may take. */
  ORDER_MAX_UNITS_PER_PRODUCT: z.coerce.number().int().min(1).max(100_000).default(50),
  /** The most units one buyer (address, email or account) may hold at once in orders awaiting payment. */
  UNPAID_UNITS_PER_CLIENT: z.coerce.number().int().min(1).max(1_000_000).default(60),
  /** Anonymous pages served from a 5-second in-process cache (server/page-cache.ts). Default: on in production. */
  PAGE_CACHE: z.enum(["on", "off"]).optional(),
  /**
   * Whether this process runs the background worker (outbox, reservation expiry). `npm start`
   * with several processes turns it on in exactly one of them.
   */
  BACKGROUND_WORKER: z.enum(["on", "off"]).default("on"),
  WORKER_INTERVAL_MS: z.coerce.number().int().min(50).max(600_000).default(5000),
  /** How long a mail being sent stays reserved for its worker (a crashed worker's mail is retried after it). */
  MAIL_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /**
   * How long a checkout holds its Idempotency-Key before a retry may take it over (the process
   * may have died). Longer than any legitimate checkout: see DEFAULT_IDEMPOTENCY_LEASE_SECONDS.
   */
  IDEMPOTENCY_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(DEFAULT_IDEMPOTENCY_LEASE_SECONDS),
  IMAGE_API_URL: z.url().optional(),
  IMAGE_API_KEY: z.string().min(1).optional(),
  IMAGE_MODEL: z.string().min(1).max(100).optional(),
  /** Weather holds for live goods: `nws` checks the US National Weather Service's forecast; off by default. */
  WEATHER: z.enum(["off", "nws"]).default("off"),
  /** The forecast API's base address; only for tests against a local stand-in. */
  WEATHER_API_URL: z.url().optional(),
  IMAGE_API_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
  /**
   * Reef-wisdom answers phrased by a language model (off when unset): an OpenAI-compatible API's
   * base URL (`…/v1`, to which `/chat/completions` is added) or its chat-completions URL itself.
   */
  WISDOM_LLM_URL: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
  WISDOM_LLM_KEY: z.string().min(1).optional(),
  WISDOM_LLM_MODEL: z.string().trim().min(1).max(200).optional(),
  /** How long an answer waits for the model before it is sent as the quote (the chat's p99 budget is 3 s). */
  WISDOM_LLM_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(2500),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config {
  env: Env["NODE_ENV"];
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string;
  databasePreparedStatements: boolean;
  publicUrl: string;
  shopName: string;
  shopEmail: string;
  /** Return address lines for packing slips; empty when SHOP_ADDRESS is not set. */
  shopAddress: string[];
  shopTimeZone: string;
  /** Hours after delivery during which a buyer may file an arrive-alive claim. */
  claimWindowHours: number;
  clockNow: Date | null;
  rateLimits: boolean;
  logLevel: Env["LOG_LEVEL"];
  secret: string | null;
  payments: {
    provider: "test" | "stripe";
    stripeSecretKey: string | null;
    stripePublishableKey: string | null;
    stripeWebhookSecret: string | null;
    stripeApiUrl: string | null;
    testLedgerFile: string | null;
    testDelayMs: number;
  };
  smtpUrl: string | null;
  mailFrom: string;
  reservationMinutes: number;
  /** The welcome mail's single-use code, when the owner offers one. */
  newsletterWelcomeCode: { percentOff: number; days: number } | null;
  /** How long a new order holds its stock before its payment step starts (at most reservationMinutes). */
  reservationStartMinutes: number;
  reminderDelayMinutes: number;
  maxUnitsPerProduct: number;
  unpaidUnitsPerClient: number;
  workerIntervalMs: number;
  backgroundWorker: boolean;
  pageCache: boolean;
  mailLeaseMs: number;
  idempotencyLeaseMs: number;
  passwordPolicy: PasswordPolicy;
  trustProxy: string;
  redisUrl: string | null;
  /** Uploaded files (photos): local disk by default, or S3 when STORAGE_URL is set. Holds no credentials. */
  storage: StorageConfig;
  /** Social sign-in through OpenID Connect; null when not configured (the button is hidden). */
  oidc: { issuer: string; clientId: string; clientSecret: string; name: string } | null;
  /** The image studio's provider (an OpenAI-compatible images API); null when IMAGE_API_URL is not set. */
  imageApi: { url: string; key: string | null; model: string; timeoutMs: number } | null;
  /** The language model that may phrase reef-wisdom answers; null when WISDOM_LLM_URL is not set. */
  wisdomLlm: WisdomLlmConfig | null;
  /** Weather holds' forecast source; null when WEATHER is off. */
  weather: { provider: "nws"; url: string; timeoutMs: number } | null;
}

export interface WisdomLlmConfig {
  /** The chat-completions endpoint itself (`…/chat/completions`). */
  url: string;
  key: string | null;
  model: string;
  timeoutMs: number;
}

export class ConfigError extends Error {}

/** WISDOM_LLM_URL may name the API's base (as IMAGE_API_URL does) or the endpoint itself. */
function chatCompletionsUrl(url: string): string {
  const base = url.replace(/\/+$/, "");
  return base.endsWith("/chat/completions") ? base : `${base}/chat/completions`;
}

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
  if (
    env.PAYMENT_PROVIDER === "stripe" &&
    (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET || !env.STRIPE_PUBLISHABLE_KEY)
  ) {
    throw new ConfigError(
      "Invalid configuration:\n  PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET",
    );
  }
  if ((env.TEST_PAYMENTS_LEDGER || env.TEST_PAYMENTS_DELAY_MS > 0) && env.NODE_ENV === "production") {
    throw new ConfigError(
      "Invalid configuration:\n  TEST_PAYMENTS_LEDGER, TEST_PAYMENTS_DELAY_MS: only allowed outside production",
    );
  }
  if (env.WISDOM_LLM_URL && !env.WISDOM_LLM_MODEL) {
    throw new ConfigError(
      "Invalid configuration:\n  WISDOM_LLM_MODEL: required with WISDOM_LLM_URL (the model's name at that server, e.g. llama3.1:8b)",
    );
  }
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL ?? `file:${path.join(dataDir, "shop.db")}`,
    databasePreparedStatements: env.DATABASE_PREPARED_STATEMENTS === "on",
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
    shopName: env.SHOP_NAME,
    shopEmail: env.SHOP_EMAIL,
    shopAddress: (env.SHOP_ADDRESS ?? "")
      .split("|")
      .map((line) => line.trim())
      .filter(Boolean),
    shopTimeZone: env.SHOP_TIMEZONE,
    claimWindowHours: env.CLAIM_WINDOW_HOURS,
    clockNow: env.CLOCK_NOW ? new Date(env.CLOCK_NOW) : null,
    rateLimits: env.RATE_LIMITS === "on",
    logLevel: env.LOG_LEVEL,
    secret: env.BETTER_AUTH_SECRET ?? null,
    payments: {
      provider: env.PAYMENT_PROVIDER,
      stripeSecretKey: env.STRIPE_SECRET_KEY ?? null,
      stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY ?? null,
      stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET ?? null,
      stripeApiUrl: env.STRIPE_API_URL ?? null,
      testLedgerFile: env.TEST_PAYMENTS_LEDGER ?? null,
      testDelayMs: env.TEST_PAYMENTS_DELAY_MS,
    },
    smtpUrl: env.SMTP_URL ?? null,
    mailFrom: env.MAIL_FROM ?? `${env.SHOP_NAME} <${env.SHOP_EMAIL}>`,
    passwordPolicy: {
      minLength: env.PASSWORD_MIN_LENGTH,
      maxLength: env.PASSWORD_MAX_LENGTH ?? null,
      requireLowercase: env.PASSWORD_REQUIRE_LOWERCASE === "true",
      requireUppercase: env.PASSWORD_REQUIRE_UPPERCASE === "true",
      requireNumeric: env.PASSWORD_REQUIRE_NUMERIC === "true",
      requireNonAlphanumeric: env.PASSWORD_REQUIRE_SYMBOL === "true",
    },
    trustProxy: env.TRUST_PROXY,
    redisUrl: env.REDIS_URL ?? null,
    storage: env.STORAGE_URL
      ? { ...env.STORAGE_URL, region: env.STORAGE_URL.region ?? env.AWS_REGION ?? "us-east-1" }
      : { kind: "local", directory: path.join(dataDir, "storage") },
    oidc:
      env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET
        ? {
            issuer: env.OIDC_ISSUER.replace(/\/$/, ""),
            clientId: env.OIDC_CLIENT_ID,
            clientSecret: env.OIDC_CLIENT_SECRET,
            name: env.OIDC_NAME,
          }
        : null,
    imageApi: env.IMAGE_API_URL
      ? {
          url: env.IMAGE_API_URL.replace(/\/$/, ""),
          key: env.IMAGE_API_KEY ?? null,
          model: env.IMAGE_MODEL ?? "gpt-image-1",
          timeoutMs: env.IMAGE_API_TIMEOUT_MS,
        }
      : null,
    wisdomLlm:
      env.WISDOM_LLM_URL && env.WISDOM_LLM_MODEL
        ? {
            url: chatCompletionsUrl(env.WISDOM_LLM_URL),
            key: env.WISDOM_LLM_KEY ?? null,
            model: env.WISDOM_LLM_MODEL,
            timeoutMs: env.WISDOM_LLM_TIMEOUT_MS,
          }
        : null,
    weather:
      env.WEATHER === "nws"
        ? {
            provider: "nws",
            url: (env.WEATHER_API_URL ?? "https://api.weather.gov").replace(/\/$/, ""),
            timeoutMs: 4000,
          }
        : null,
    reservationMinutes: env.RESERVATION_MINUTES,
    newsletterWelcomeCode: env.NEWSLETTER_WELCOME_CODE_PERCENT
      ? { percentOff: env.NEWSLETTER_WELCOME_CODE_PERCENT, days: env.NEWSLETTER_WELCOME_CODE_DAYS }
      : null,
    reservationStartMinutes: Math.min(env.RESERVATION_START_MINUTES, env.RESERVATION_MINUTES),
    reminderDelayMinutes: env.REMINDER_DELAY_MINUTES,
    maxUnitsPerProduct: env.ORDER_MAX_UNITS_PER_PRODUCT,
    unpaidUnitsPerClient: env.UNPAID_UNITS_PER_CLIENT,
    workerIntervalMs: env.WORKER_INTERVAL_MS,
    backgroundWorker: env.BACKGROUND_WORKER === "on",
    pageCache: (env.PAGE_CACHE ?? (env.NODE_ENV === "production" ? "on" : "off")) === "on",
    mailLeaseMs: env.MAIL_LEASE_SECONDS * 1000,
    idempotencyLeaseMs: env.IDEMPOTENCY_LEASE_SECONDS * 1000,
  };
}

/** The subset the browser may see (rendered into the page by the root loader). */
export interface PublicConfig {
  shopName: string;
  publicUrl: string;
  paymentProvider: "test" | "stripe";
  stripePublishableKey: string | null;
  /** Label of the social sign-in button, when OpenID Connect is configured. */
  socialSignIn: string | null;
}

export function publicConfig(config: Config): PublicConfig {
  return {
    shopName: config.shopName,
    publicUrl: config.publicUrl,
    paymentProvider: config.payments.provider,
    stripePublishableKey: config.payments.stripePublishableKey,
    socialSignIn: config.oidc ? config.oidc.name : null,
  };
}
