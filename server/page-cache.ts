import crypto from "node:crypto";
import zlib from "node:zlib";
import { hasSessionCookie } from "~/models/session-cookie";
import { requestId } from "./logger";
import type { NextFunction, Request, RequestHandler, Response } from "express";

/**
 * A short-lived cache of server-rendered pages for anonymous visitors, in this process.
 *
 * Why: the catalogue, product and guide pages are the same for every visitor without a session,
 * and rendering React for each request is what limits the server. A page is rendered once per
 * FRESH_MS, then served from memory; between FRESH_MS and STALE_MS the stale copy is served
 * while one background request re-renders it (stale-while-revalidate). Concurrent misses wait
 * for one render instead of each rendering (no stampede).
 *
 * Safe because: only GET/HEAD of the paths below, never with a session cookie, never a response
 * that sets a cookie or is not 200. A cached page is sent byte for byte as rendered — with the
 * CSP nonce and header of its render, so one nonce serves every visitor of that copy (as a CDN
 * would): the nonce still cannot be known before the render, and everything a render puts in a
 * page is in the copy (docs/decisions/009-caching.md). Each copy is compressed once per encoding
 * instead of once per request. What a visitor sees may be up to STALE_MS old (a stock count,
 * say); checkout re-checks everything on the server. Browsers revalidate with the ETag (304);
 * shared caches may keep a page for `s-maxage`.
 */
export const PAGE_CACHE_PATHS =
  /^\/(|products|product\/[A-Za-z0-9_-]{1,100}|reef-wisdom|reef-wisdom\/lazy-reefer-guide\/[a-z0-9-]{1,100}|care|hermit|shipping-info|privacy-policy|terms-of-service|plan|theplan|coming-soon|contact)(\.data)?$/;
const FRESH_MS = 5_000;
const STALE_MS = 60_000;
const MAX_ENTRIES = 500;
const MAX_QUERY_LENGTH = 200;
/** Headers that belong to one response, not to the page: everything else a render set is kept. */
const PER_RESPONSE_HEADERS = new Set([
  "x-request-id",
  "set-cookie",
  "content-length",
  "content-encoding",
  "etag",
  "date",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "vary",
  "cache-control",
  "x-page-cache",
]);

export const SHARED_CACHE_CONTROL = `public, max-age=0, s-maxage=${FRESH_MS / 1000}, stale-while-revalidate=${STALE_MS / 1000}`;

type Encoding = "br" | "gzip" | "identity";

interface Entry {
  body: Buffer;
  /** The body compressed for each encoding asked for so far. */
  encoded: Partial<Record<Encoding, Buffer>>;
  /** As the render set them: content type, CSP with its nonce, the other security headers. */
  headers: Record<string, string | string[]>;
  etag: string;
  storedAt: number;
}

function preferredEncoding(req: Request): Encoding {
  const accepted = req.acceptsEncodings("br", "gzip", "identity");
  return accepted === "br" || accepted === "gzip" ? accepted : "identity";
}

function encode(entry: Entry, encoding: Encoding): Buffer {
  const cached = entry.encoded[encoding];
  if (cached) return cached;
  const bytes =
    encoding === "br"
      ? zlib.brotliCompressSync(entry.body, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: entry.body.length,
          },
        })
      : encoding === "gzip"
        ? zlib.gzipSync(entry.body, { level: 9 })
        : entry.body;
  entry.encoded[encoding] = bytes;
  return bytes;
}

export interface PageCacheOptions {
  now?: () => number;
  freshMs?: number;
  staleMs?: number;
  /** Logs the copies `fastPath` serves, as the app logs the requests it handles. */
  logRequest?: (req: Request, res: Response, ms: number) => void;
}

export type PageCache = RequestHandler & {
  /**
   * Serves a copy in memory before anything else runs, or passes the request on: mounted first
   * in server.js, so a hit skips static-file lookups, the middleware stack and the router. Its
   * headers are the ones its render was sent with (security headers included).
   */
  fastPath: RequestHandler;
  clear(): void;
  size(): number;
};

/** The cache key of a request that may be answered from the cache, or null. */
function cacheKey(req: Request): string | null {
  if (req.method !== "GET" && req.method !== "HEAD") return null;
  const url = req.originalUrl;
  const q = url.indexOf("?");
  const pathname = q === -1 ? url : url.slice(0, q);
  if (
    !PAGE_CACHE_PATHS.test(pathname) ||
    (q !== -1 && url.length - q > MAX_QUERY_LENGTH) ||
    hasSessionCookie(req.headers.cookie)
  )
    return null;
  // Normalised as the WHATWG URL parser would (a bare "?" is no query).
  return q === -1 || q === url.length - 1 ? pathname : url;
}

export function pageCache(options: PageCacheOptions = {}): PageCache {
  const now = options.now ?? Date.now;
  const freshMs = options.freshMs ?? FRESH_MS;
  const staleMs = options.staleMs ?? STALE_MS;
  const entries = new Map<string, Entry>();
  const rendering = new Map<string, Promise<Entry | null>>();
  // Background refreshes come from this process to itself; the token keeps outsiders from
  // forcing renders with the same header.
  const refreshToken = crypto.randomBytes(16).toString("hex");

  function remember(key: string, entry: Entry) {
    entries.delete(key);
    entries.set(key, entry);
    if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  }

  function serve(req: Request, res: Response, entry: Entry, state: "hit" | "stale") {
    for (const [name, value] of Object.entries(entry.headers)) res.setHeader(name, value);
    res.setHeader(
      "X-Request-Id",
      typeof req.id === "string" ? req.id : requestId(req.headers["x-request-id"]), // the fast path runs before pino-http
    );
    res.setHeader("ETag", entry.etag);
    res.setHeader("Cache-Control", SHARED_CACHE_CONTROL);
    res.setHeader("X-Page-Cache", state);
    res.setHeader("Vary", "Accept-Encoding");
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    const encoding = preferredEncoding(req);
    const bytes = encode(entry, encoding);
    // Already encoded: the compression middleware leaves a response with Content-Encoding alone.
    if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", bytes.length);
    res.status(200).end(req.method === "HEAD" ? undefined : bytes);
  }

  function refreshInBackground(req: Request, key: string) {
    if (rendering.has(key)) return;
    const port = req.socket.localPort;
    const done = fetch(`http://127.0.0.1:${port}${req.originalUrl}`, {
      headers: { "x-page-cache-refresh": refreshToken, "accept-encoding": "identity" },
      signal: AbortSignal.timeout(10_000),
    })
      .then((r) => r.arrayBuffer())
      .then(() => entries.get(key) ?? null)
      .catch(() => null)
      .finally(() => rendering.delete(key));
    rendering.set(key, done);
  }

  /** Lets the renderer answer this request and keeps what it sent, if it may be shared. */
  function renderAndKeep(req: Request, res: Response, next: NextFunction, key: string) {
    let release: (entry: Entry | null) => void = () => {};
    rendering.set(key, new Promise((resolve) => (release = resolve)));
    const chunks: Buffer[] = [];
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    const collect = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === "function") return;
      chunks.push(
        Buffer.isBuffer(chunk)
          ? chunk
          : Buffer.from(chunk as string, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8"),
      );
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      collect(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as Response["write"];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      collect(chunk, rest[0]);
      return end(chunk, ...rest);
    }) as Response["end"];
    res.on("close", () => {
      rendering.delete(key);
      const type = String(res.getHeader("content-type") ?? "");
      const shareable =
        res.statusCode === 200 &&
        res.writableFinished &&
        !res.getHeader("set-cookie") &&
        !/private|no-store/.test(String(res.getHeader("cache-control") ?? "")) &&
        /^text\/(html|x-script)/.test(type);
      if (!shareable) return release(null);
      const body = Buffer.concat(chunks);
      const headers: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(res.getHeaders())) {
        if (value !== undefined && !PER_RESPONSE_HEADERS.has(name))
          headers[name] = typeof value === "number" ? String(value) : value;
      }
      // Weak: the same page is sent in several encodings. The nonce is left out of the hash so
      // renders of an unchanged page in different processes share one ETag.
      const nonce = String(res.locals.nonce ?? "");
      const stable = nonce ? body.toString("utf8").split(nonce).join("") : body.toString("utf8");
      const entry: Entry = {
        body,
        encoded: {},
        headers,
        etag: `W/"${crypto.createHash("sha1").update(stable).digest("base64url")}"`,
        storedAt: now(),
      };
      remember(key, entry);
      release(entry);
    });
    res.setHeader("Cache-Control", SHARED_CACHE_CONTROL);
    res.setHeader("X-Page-Cache", "miss");
    next();
  }

  /** A fresh or stale copy for this key, served (and refreshed when stale); false when there is none. */
  function serveKept(req: Request, res: Response, key: string): boolean {
    const entry = entries.get(key);
    const age = entry ? now() - entry.storedAt : Infinity;
    if (entry && age < freshMs) {
      serve(req, res, entry, "hit");
      return true;
    }
    if (entry && age < staleMs) {
      refreshInBackground(req, key);
      serve(req, res, entry, "stale");
      return true;
    }
    return false;
  }

  const fastPath: RequestHandler = (req, res, next) => {
    const key = cacheKey(req);
    if (!key || req.headers["x-page-cache-refresh"] !== undefined) return next();
    const started = options.logRequest ? performance.now() : 0;
    if (!serveKept(req, res, key)) return next();
    options.logRequest?.(req, res, performance.now() - started);
  };

  const middleware = (async (req: Request, res: Response, next: NextFunction) => {
    const key = cacheKey(req);
    if (!key) {
      // Personal or sensitive pages (account, checkout, admin, any page with a session): never
      // stored by the browser or a shared cache.
      if (req.method === "GET" || req.method === "HEAD") res.setHeader("Cache-Control", "private, no-store");
      return next();
    }
    const isRefresh =
      req.headers["x-page-cache-refresh"] === refreshToken && req.socket.remoteAddress?.endsWith("127.0.0.1");
    if (isRefresh) return renderAndKeep(req, res, next, key);

    if (serveKept(req, res, key)) return;
    const inFlight = rendering.get(key);
    if (inFlight) {
      const rendered = await inFlight;
      if (rendered) return serve(req, res, rendered, "hit");
    }
    if (req.method === "HEAD") return next(); // no body to keep
    renderAndKeep(req, res, next, key);
  }) as PageCache;
  middleware.fastPath = fastPath;
  middleware.clear = () => entries.clear();
  middleware.size = () => entries.size;
  return middleware;
}
