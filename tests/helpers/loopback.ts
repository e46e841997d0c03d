import type http from "node:http";

/**
 * Starts a stand-in's HTTP server on loopback (port 0: any free one) and gives the port it got and
 * a close that ends kept-alive and hanging sockets too, so a stand-in told never to answer can't
 * hold a test open.
 */
export async function listenOnLoopback(
  server: http.Server,
  port = 0,
): Promise<{ port: number; close: () => Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
  const { port: bound } = server.address() as { port: number };
  return {
    port: bound,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
