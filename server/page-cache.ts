import crypto from "node:crypto";
import zlib from "node:zlib";
import { hasSessionCookie } from "#app/models/accounts/session-cookie";
import { requestId as strictRequestId } from "./logger";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import type { IncomingMessage, ServerResponse } from "node:http";

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
 * instead of once per request. A copy is dropped the moment the catalogue changes (the
 * `generation` option: stock, prices, what is on sale), so a stock badge or price is never older
 * than the catalogue; other content may be up to STALE_MS old. Browsers revalidate with the ETag
 * (304); shared caches may keep a page for `s-maxage`.
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

/** A copy as sent: its bytes and header pairs; `own` = where the render's headers end and ours begin. */
interface Wire {
  bytes: Buffer;
  headers: string[];
  own: number;
}

interface Entry {
  body: Buffer;
  /** The body compressed for each encoding asked for so far, with its response headers. */
  encoded: Partial<Record<Encoding, Wire>>;
  /** As the render set them: content type, CSP with its nonce, the other security headers. */
  headers: Record<string, string | string[]>;
  etag: string;
  storedAt: number;
  /** The catalogue generation the render began at. */
  generation: number;
}

/**
 * The encoding to send: what a browser sends ("gzip, deflate, br, zstd") is read without
 * allocating; a header with q-values is weighed as HTTP says (the highest q wins, q=0 refuses).
 */
function preferredEncoding(header: string | undefined): Encoding {
  if (!header) return "identity";
  if (!header.includes(";")) {
    return /\bbr\b/.test(header) ? "br" : /\bgzip\b/.test(header) ? "gzip" : "identity";
  }
  let best: Encoding = "identity";
  let bestQ = 0;
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = Number(
      params
        .find((p) => p.trim().startsWith("q="))
        ?.trim()
        .slice(2) ?? 1,
    );
    const encoding = name === "br" || name === "gzip" ? name : name === "*" ? "br" : null;
    // Brotli first at equal weight: it is smaller.
    if (encoding && q > 0 && (q > bestQ || (q === bestQ && encoding === "br"))) {
      best = encoding;
      bestQ = q;
    }
  }
  return best;
}

/** The copy's bytes and response headers in `encoding`, compressed and assembled once per copy. */
function encode(entry: Entry, encoding: Encoding): Wire {
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
  const headers: string[] = [];
  for (const [name, value] of Object.entries(entry.headers)) {
    for (const one of Array.isArray(value) ? value : [value]) headers.push(name, one);
  }
  const own = headers.length;
  headers.push("ETag", entry.etag, "Cache-Control", SHARED_CACHE_CONTROL, "Vary", "Accept-Encoding");
  // Already encoded: the compression middleware leaves a response with Content-Encoding alone.
  if (encoding !== "identity") headers.push("Content-Encoding", encoding);
  headers.push("Content-Length", String(bytes.length));
  const wire = { bytes, headers, own };
  entry.encoded[encoding] = wire;
  return wire;
}

/** As `req.fresh` decides it for a weak ETag: the browser's copy is current unless it asks for a full answer. */
function isFresh(req: IncomingMessage, etag: string): boolean {
  const match = req.headers["if-none-match"];
  if (!match || /(?:^|,)\s*no-cache\s*(?:,|$)/.test(req.headers["cache-control"] ?? "")) return false;
  if (match.trim() === "*") return true;
  const tag = etag.replace(/^W\//, "");
  return match.split(",").some((m) => m.trim().replace(/^W\//, "") === tag);
}

export interface PageCacheOptions {
  now?: () => number;
  freshMs?: number;
  staleMs?: number;
  /**
   * The catalogue's change count (app/models/catalogue/catalogue-snapshot.server.ts): a copy rendered
   * before the count moved is never served, fresh or stale.
   */
  generation?: () => number;
  /** Logs the copies `answer` serves, as the app logs the requests it handles. */
  logRequest?: (req: IncomingMessage, res: ServerResponse, ms: number) => void;
}

export type PageCache = RequestHandler & {
  /**
   * Answers from a copy in memory before anything else runs and returns true, or returns false:
   * called first by server.js's request listener on the bare Node request, so a hit skips
   * Express itself, static-file lookups, the middleware stack and the router. Its headers are
   * the ones its render was sent with (security headers included).
   */
  answer: (req: IncomingMessage, res: ServerResponse) => boolean;
  clear(): void;
  size(): number;
};

/** The cache key of a request that may be answered from the cache, or null. */
function cacheKey(req: IncomingMessage, url: string): string | null {
  if (req.method !== "GET" && req.method !== "HEAD") return null;
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
  const generation = options.generation ?? (() => 0);
  const current = (entry: Entry) => entry.generation === generation();
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

  /**
   * Sends a copy. `bare`: nothing has touched the response yet (server.js's listener), so the
   * headers assembled once per copy go out as they are; otherwise the app's middleware has set
   * its own (a fresh nonce's CSP, a request id), which the copy's must replace, not join.
   */
  function serve(req: IncomingMessage, res: ServerResponse, entry: Entry, state: "hit" | "stale", bare: boolean) {
    // Behind the app pino-http has chosen the id; on the bare path a client's is kept only in a strict shape.
    const requestId = typeof req.id === "string" ? req.id : strictRequestId(req.headers["x-request-id"]);
    const fresh = isFresh(req, entry.etag);
    const { bytes, headers, own } = encode(
      entry,
      fresh ? "identity" : preferredEncoding(req.headers["accept-encoding"]),
    );
    // A 304 carries the validators and caching headers, not a body or its length and encoding.
    const sent = fresh ? headers.slice(0, headers.indexOf("Vary") + 2) : headers;
    const status = fresh ? 304 : 200;
    if (bare) {
      res.writeHead(status, [...sent, "X-Request-Id", requestId, "X-Page-Cache", state]);
    } else {
      for (const [name, value] of Object.entries(entry.headers)) res.setHeader(name, value);
      for (let i = own; i < sent.length; i += 2) res.setHeader(sent[i]!, sent[i + 1]!);
      res.setHeader("X-Request-Id", requestId);
      res.setHeader("X-Page-Cache", state);
      res.statusCode = status;
    }
    res.end(fresh || req.method === "HEAD" ? undefined : bytes);
  }

  function refreshInBackground(req: IncomingMessage, key: string) {
    if (rendering.has(key)) return;
    const port = req.socket.localPort;
    const done = fetch(`http://127.0.0.1:${port}${req.url}`, {
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
    // Taken before the render reads anything: a change during the render makes the copy old.
    const renderedAt = generation();
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
      // Weak: the same page is sent in several encodings. The nonce is part of the hash: a 304
      // carries this copy's CSP header, which only allows this copy's nonce, so a browser's copy
      // of an earlier render (another nonce) must get the new page, not a 304 that blocks every
      // script in the one it has.
      const entry: Entry = {
        body,
        encoded: {},
        headers,
        etag: `W/"${crypto.createHash("sha1").update(body).digest("base64url")}"`,
        storedAt: now(),
        generation: renderedAt,
      };
      remember(key, entry);
      release(entry);
    });
    res.setHeader("Cache-Control", SHARED_CACHE_CONTROL);
    res.setHeader("X-Page-Cache", "miss");
    next();
  }

  /** A fresh or stale copy for this key, served (and refreshed when stale); false when there is none. */
  function serveKept(req: IncomingMessage, res: ServerResponse, key: string, bare: boolean): boolean {
    let entry = entries.get(key);
    if (entry && !current(entry)) {
      entries.delete(key);
      entry = undefined;
    }
    const age = entry ? now() - entry.storedAt : Infinity;
    if (entry && age < freshMs) {
      serve(req, res, entry, "hit", bare);
      return true;
    }
    if (entry && age < staleMs) {
      refreshInBackground(req, key);
      serve(req, res, entry, "stale", bare);
      return true;
    }
    return false;
  }

  const answer = (req: IncomingMessage, res: ServerResponse): boolean => {
    const key = cacheKey(req, req.url ?? "/");
    if (!key || req.headers["x-page-cache-refresh"] !== undefined) return false;
    const started = options.logRequest ? performance.now() : 0;
    if (!serveKept(req, res, key, true)) return false;
    options.logRequest?.(req, res, performance.now() - started);
    return true;
  };

  const middleware = (async (req: Request, res: Response, next: NextFunction) => {
    const key = cacheKey(req, req.originalUrl);
    if (!key) {
      // Personal or sensitive pages (account, checkout, admin, any page with a session): never
      // stored by the browser or a shared cache.
      if (req.method === "GET" || req.method === "HEAD") res.setHeader("Cache-Control", "private, no-store");
      return next();
    }
    const isRefresh =
      req.headers["x-page-cache-refresh"] === refreshToken && req.socket.remoteAddress?.endsWith("127.0.0.1");
    if (isRefresh) return renderAndKeep(req, res, next, key);

    if (serveKept(req, res, key, false)) return;
    const inFlight = rendering.get(key);
    if (inFlight) {
      const rendered = await inFlight;
      if (rendered && current(rendered)) return serve(req, res, rendered, "hit", false);
    }
    if (req.method === "HEAD") return next(); // no body to keep
    renderAndKeep(req, res, next, key);
  }) as PageCache;
  middleware.answer = answer;
  middleware.clear = () => entries.clear();
  middleware.size = () => entries.size;
  return middleware;
}
