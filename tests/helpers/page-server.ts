import net from "node:net";
import { createHttpApp } from "#server/http";
import { mountPages } from "#server/pages";
import type { AppServices } from "#server/services";
import type { AddressInfo } from "node:net";
import type { ServerBuild } from "react-router";

export interface PageServer {
  url: string;
  build: ServerBuild;
  close(): Promise<void>;
}

/** A free loopback port, for a test whose services must know their public URL before listening. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The whole app as server/app.ts assembles it (API, page cache when on, pages, last error
 * handler), with the pages built from the sources through Vite (no build needed), listening on
 * `port` of the loopback.
 */
export async function startPageServer(services: AppServices, port: number): Promise<PageServer> {
  const vite = await import("vite");
  const viteServer = await vite.createServer({
    server: { middlewareMode: true, hmr: false, watch: null },
    appType: "custom",
    logLevel: "silent",
  });
  const build = (await viteServer.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
  const app = createHttpApp(services);
  mountPages(app, services, build);
  return new Promise((resolve) => {
    const server = app.listen(port, "127.0.0.1", () => {
      // Idle kept-alive connections stay open through the test: a busy machine can delay a client's
      // next request past Node's 5 s, and the server would close the connection as it is reused.
      server.keepAliveTimeout = 120_000;
      resolve({
        url: `http://127.0.0.1:${port}`,
        build,
        close: async () => {
          await new Promise<void>((done) => server.close(() => done()));
          await viteServer.close();
        },
      });
    });
  });
}
