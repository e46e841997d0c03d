import { parseConfig } from "#app/config.server";
import { watchCatalogue } from "#app/models/catalogue/catalogue-snapshot.server";
import { prepareGuideSearch } from "#app/models/catalogue/search.server";
import { getWisdomRetriever } from "#app/models/wisdom/wisdom.server";
import { createHttpApp } from "./http";
import { mountPages } from "./pages";
import { createServices } from "./services";
import { startWorker } from "./worker";

const CATALOGUE_WATCH_MS = 250;

/**
 * Entry of the server bundle: builds the services (config, database, migrations, seed) and the
 * Express app with the pages (server/pages.ts) mounted last.
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
  const cache = mountPages(app, services, () => import("virtual:react-router/server-build"));
  // This process counts its own catalogue changes at once; other processes' within this time.
  if (cache) await watchCatalogue(services.database.db, CATALOGUE_WATCH_MS);
  // Every process can run a pass on demand (tests); only the one chosen runs them on a timer.
  const worker = startWorker(services, { autoStart: config.backgroundWorker });
  // server.js's request listener asks the cache first, ahead of Express, static files and this app.
  return { app, services, worker, pageCacheAnswer: cache?.answer ?? null };
}
