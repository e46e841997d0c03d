import { createRequestHandler } from "@react-router/express";
import { parseConfig } from "~/config.server";
import { catalogueGeneration, watchCatalogue } from "~/models/catalogue-snapshot.server";
import { prepareGuideSearch } from "~/models/search.server";
import { getWisdomRetriever } from "~/models/wisdom.server";
import { createHttpApp } from "./http";
import { requestLogFields } from "./logger";
import { pageCache } from "./page-cache";
import { createServices } from "./services";
import { startWorker } from "./worker";
import type { ServerBuild } from "react-router";

const CATALOGUE_WATCH_MS = 250;

/**
 * Entry of the server bundle: builds the services (config, database, migrations, seed) and the
 * Express app with the React Router page handler mounted last.
 */
export async function createApp() {
  const config = parseConfig();
  const services = await createServices(config);
  const app = createHttpApp(services);
  // The guides' indexes take about a second of CPU to build, during which a process answers
  // nothing: built before it listens, so no shopper's first question or search waits for them.
  const warm = performance.now();
  getWisdomRetriever();
  prepareGuideSearch();
  services.logger.debug({ ms: Math.round(performance.now() - warm) }, "guide indexes built");
  const cache = config.pageCache
    ? pageCache({
        generation: catalogueGeneration,
        logRequest: (req, res, ms) =>
          services.logger.info(
            { reqId: res.getHeader("X-Request-Id"), ...requestLogFields(req, res, ms), cache: "fast" },
            "request",
          ),
      })
    : null;
  if (cache) {
    app.use(cache);
    // This process counts its own catalogue changes at once; other processes' within this time.
    await watchCatalogue(services.database.db, CATALOGUE_WATCH_MS);
  }
  app.use(
    createRequestHandler({
      build: () => import("virtual:react-router/server-build") as Promise<ServerBuild>,
      mode: config.env === "production" ? "production" : "development",
      getLoadContext: (req, res) => ({
        services,
        nonce: res.locals.nonce as string,
        clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown",
        documentHtml: req.path.endsWith(".data") ? undefined : new Map<string, string>(),
      }),
    }),
  );
  // Every process can run a pass on demand (tests); only the one chosen runs them on a timer.
  const worker = startWorker(services, { autoStart: config.backgroundWorker });
  // server.js's request listener asks the cache first, ahead of Express, static files and this app.
  return { app, services, worker, pageCacheAnswer: cache?.answer ?? null };
}
