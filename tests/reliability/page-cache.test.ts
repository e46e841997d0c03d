import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authClient } from "../helpers/auth-client";
import { startServer, tempDataDir, type ServerProcess } from "./server-process";

const PRODUCT = "/product/premium-chaeto";

function nonces(html: string): Set<string> {
  return new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]!));
}
function cspNonce(res: Response): string | undefined {
  return res.headers.get("content-security-policy")?.match(/'nonce-([^']+)'/)?.[1];
}

/** The anonymous page cache of the production build (server/page-cache.ts), over real HTTP. */
describe("anonymous page cache", () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServer({ DATA_DIR: tempDataDir("lr-page-cache-"), WEB_CONCURRENCY: "1", PAGE_CACHE: "on" });
  });
  afterAll(async () => {
    server?.proc.kill("SIGTERM");
    await server?.exited;
  });

  it("renders a page once, then serves that copy from memory: same bytes, its CSP header matching its nonce, compressed once per encoding", async () => {
    const first = await fetch(`${server.url}${PRODUCT}`);
    const second = await fetch(`${server.url}${PRODUCT}`);
    expect(first.headers.get("x-page-cache")).toBe("miss");
    expect(second.headers.get("x-page-cache")).toBe("hit");
    const [a, b] = [await first.text(), await second.text()];
    expect(b).toBe(a);
    // Every nonce in the page is the one its CSP header allows, on the render and on the copy.
    expect([...nonces(a)]).toEqual([cspNonce(first)]);
    expect([...nonces(b)]).toEqual([cspNonce(second)]);
    expect(second.headers.get("cache-control")).toMatch(
      /^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/,
    );
    // A copy is answered ahead of the app's middleware, with the headers its render was sent with.
    for (const name of [
      "content-type",
      "x-frame-options",
      "x-content-type-options",
      "referrer-policy",
      "permissions-policy",
      "cross-origin-opener-policy",
      "cross-origin-resource-policy",
      "strict-transport-security",
    ]) {
      expect(second.headers.get(name), name).toBe(first.headers.get(name));
    }
    expect(second.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(second.headers.get("permissions-policy")).toContain("camera=()");
    expect(second.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.headers.get("x-request-id")).not.toBe(first.headers.get("x-request-id"));

    for (const encoding of ["br", "gzip"]) {
      const raw = await new Promise<{ encoding?: string; bytes: number }>((resolve, reject) =>
        http
          .get(`${server.url}${PRODUCT}`, { headers: { "Accept-Encoding": encoding } }, (res) => {
            let bytes = 0;
            res.on("data", (chunk: Buffer) => (bytes += chunk.length));
            res.on("end", () => resolve({ encoding: res.headers["content-encoding"], bytes }));
          })
          .on("error", reject),
      );
      expect(raw.encoding).toBe(encoding);
      expect(raw.bytes).toBeLessThan(Buffer.byteLength(a) / 3);
    }
  });

  it("answers 304 Not Modified to a browser revalidating with the ETag", async () => {
    const page = await fetch(`${server.url}${PRODUCT}`);
    const etag = page.headers.get("etag");
    expect(etag).toMatch(/^W\/".+"$/);
    // As a browser revalidates (fetch() would add `Cache-Control: no-cache` by itself, which
    // asks for a full answer).
    const again = await fetch(`${server.url}${PRODUCT}`, {
      headers: { "If-None-Match": etag!, "Cache-Control": "max-age=0" },
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });

  it("after a re-render, a browser's earlier copy gets the new page, not a 304 whose CSP blocks its scripts", async () => {
    await fetch(`${server.url}/hermit`);
    const before = await fetch(`${server.url}/hermit`);
    expect(before.headers.get("x-page-cache")).toBe("hit");
    const etag = before.headers.get("etag")!;
    const oldNonce = cspNonce(before);
    await before.text();
    // Past the fresh period: the next visit is served stale and the copy is rendered again.
    await new Promise((r) => setTimeout(r, 5_300));
    await (await fetch(`${server.url}/hermit`)).text();
    // Until the background render has replaced the copy (a new nonce).
    for (let i = 0; i < 50; i++) {
      const copy = await fetch(`${server.url}/hermit`);
      await copy.text();
      if (cspNonce(copy) !== oldNonce) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const again = await fetch(`${server.url}/hermit`, {
      headers: { "If-None-Match": etag, "Cache-Control": "max-age=0" },
    });
    expect(cspNonce(again)).not.toBe(oldNonce);
    // The browser would keep its body (nonce `oldNonce`) under this CSP: only a full answer is safe.
    expect(again.status).toBe(200);
    const html = await again.text();
    expect([...nonces(html)]).toEqual([cspNonce(again)]);
  });

  it("never caches a signed-in visitor's page, nor checkout", async () => {
    const client = authClient(server.url, "203.0.113.50", server.url);
    const signUp = await client.signUp({
      email: `cache-${Date.now()}@example.com`,
      password: "coral-reef-42",
      name: "Cora Cache",
    });
    expect(signUp.status).toBe(200);
    const cookie = [...client.jar].map(([k, v]) => `${k}=${v}`).join("; ");
    const page = await fetch(`${server.url}${PRODUCT}`, { headers: { cookie } });
    expect(page.headers.get("x-page-cache")).toBeNull();
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    expect(await page.text()).toContain("Cora Cache");

    const checkout = await fetch(`${server.url}/checkout`);
    expect(checkout.headers.get("x-page-cache")).toBeNull();
    expect(checkout.headers.get("cache-control")).toBe("private, no-store");
  });

  it("serves a stale copy while one background render refreshes it", async () => {
    await fetch(`${server.url}/care`);
    await new Promise((r) => setTimeout(r, 5_300)); // past the fresh period
    const stale = await fetch(`${server.url}/care`);
    expect(stale.headers.get("x-page-cache")).toBe("stale");
    expect(stale.status).toBe(200);
    await new Promise((r) => setTimeout(r, 1_000));
    const refreshed = await fetch(`${server.url}/care`);
    expect(refreshed.headers.get("x-page-cache")).toBe("hit");
  });
});
