import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, inject } from "vitest";
import { parseConfig } from "#app/config.server";
import { openDatabase } from "#database/db.server";
import { createHttpApp } from "#server/http";
import { createServices, type AppServices } from "#server/services";
import { testDatabaseKind, testPostgresUrl } from "./test-database";
import type { Clock } from "#app/domain/clock";
import type { PaymentProvider } from "#app/services/payments/provider";
import type { Logger } from "pino";

/**
 * Real services on a real database of the run's kind: a fresh SQLite file, or a fresh
 * PostgreSQL schema, per call. Migrations and the seed run exactly as at server start.
 */
export async function createTestServices(
  options: { clock?: Clock; env?: Record<string, string>; payments?: PaymentProvider; logger?: Logger } = {},
): Promise<AppServices> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lr-test-"));
  const id = crypto.randomBytes(4).toString("hex");
  const postgres = testDatabaseKind() === "postgres";
  const databaseUrl = postgres ? testPostgresUrl() : `file:${path.join(dataDir, "shop.db")}`;
  const config = parseConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: "silent",
    // Most suites place many orders from one loopback address; the suites about limits turn them on.
    RATE_LIMITS: "off",
    ...options.env,
  });
  const database = await openDatabase(
    databaseUrl,
    postgres ? { schema: `lr_t_${inject("runId")}_${id}`, maxConnections: 20 } : {},
  );
  return createServices(config, {
    database,
    clock: options.clock,
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.payments ? { payments: options.payments } : {}),
  });
}

/** The HTTP app (API and security headers) listening on an ephemeral loopback port. */
export async function startTestServer(services: AppServices): Promise<{ url: string; close(): Promise<void> }> {
  const app = createHttpApp(services);
  return new Promise((resolve) => {
    const server = app.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

type TestServicesOptions = Parameters<typeof createTestServices>[0];

/**
 * Real services and an HTTP server for one describe block, created before its tests and closed
 * after them. Read `services` and `url` inside tests (they exist once `beforeAll` has run).
 * Options may be a function, called in `beforeAll`, for values that exist only once an earlier
 * `beforeAll` has run (a peer's port).
 */
export function useTestServer(options: TestServicesOptions | (() => TestServicesOptions) = {}) {
  let services: AppServices | undefined;
  let server: { url: string; close(): Promise<void> } | undefined;
  beforeAll(async () => {
    services = await createTestServices(typeof options === "function" ? options() : options);
    server = await startTestServer(services);
  });
  afterAll(async () => {
    await server?.close();
    await services?.database.destroy();
  });
  return {
    get services(): AppServices {
      if (!services) throw new Error("useTestServer: services are created in beforeAll");
      return services;
    },
    get url(): string {
      if (!server) throw new Error("useTestServer: the server starts in beforeAll");
      return server.url;
    },
  };
}
