// Process entry: serves static assets, mounts the app from the build (or from Vite in --dev),
// and shuts down gracefully on SIGTERM/SIGINT.
import compression from "compression";
import express from "express";
import expressStaticGzip from "express-static-gzip";

const dev = process.argv.includes("--dev");
process.env.NODE_ENV ??= dev ? "development" : "production";

const server = express();
server.disable("x-powered-by");
let createApp;

if (dev) {
  const vite = await import("vite");
  const viteDevServer = await vite.createServer({ server: { middlewareMode: true } });
  server.use(viteDevServer.middlewares);
  ({ createApp } = await viteDevServer.ssrLoadModule("./server/app.ts"));
} else {
  // Build files were compressed once at build time (scripts/precompress.ts): send the .br or
  // .gz twin the browser accepts. Hashed assets never change, so they are cached for a year.
  const precompressed = (maxAge, immutable = false) => ({
    enableBrotli: true,
    orderPreference: ["br", "gz"],
    index: false,
    serveStatic: { maxAge, immutable, index: false },
  });
  server.use("/assets", expressStaticGzip("build/client/assets", precompressed("1y", true)));
  server.use(expressStaticGzip("build/client", precompressed("1h")));
  // Pages and API answers are compressed per response: compression 1.8 negotiates Brotli
  // (quality 4, about gzip's cost) where the browser accepts it, gzip otherwise.
  server.use(compression());
  ({ createApp } = await import("./build/server/index.js"));
}

let app, services, worker;
try {
  ({ app, services, worker } = await createApp());
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
server.use(app);

const listener = server.listen(services.config.port, services.config.host, () => {
  const address = listener.address();
  const port = typeof address === "object" && address ? address.port : services.config.port;
  services.logger.info({ port }, `${services.config.shopName} is open on http://localhost:${port}`);
});

let closing = false;
async function shutdown(signal) {
  if (closing) return;
  closing = true;
  services.logger.info({ signal }, "shutting down");
  listener.close(async () => {
    await worker.stop().catch(() => {});
    await services.kv?.close().catch(() => {});
    await services.database.destroy().catch(() => {});
    process.exit(0);
  });
  listener.closeIdleConnections?.();
  setTimeout(() => process.exit(0), 10_000).unref();
}
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);
