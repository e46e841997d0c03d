import { AsyncLocalStorage } from "node:async_hooks";
import crypto from "node:crypto";
import { pino, type DestinationStream, type Logger } from "pino";
import type { IncomingMessage, ServerResponse } from "node:http";

/** Lines waiting for stdout beyond this are dropped (and counted) rather than queued without end. */
const LOG_BUFFER_BYTES = 1024 * 1024;

/**
 * Standard output without ever blocking the server. Pino's default destination writes with a
 * synchronous `write(2)`: once a pipe nobody reads is full, the main thread stops there for good
 * (not even a forced exit timer can fire). `process.stdout` writes to pipes and sockets through
 * libuv without blocking; whatever the reader has not taken yet waits in memory up to
 * LOG_BUFFER_BYTES, past that lines are dropped, and the count is logged once output moves again.
 */
export function stdoutDestination(
  out: NodeJS.WritableStream & { writableLength: number } = process.stdout,
  limit = LOG_BUFFER_BYTES,
): DestinationStream & { dropped(): number } {
  let dropped = 0;
  let droppedTotal = 0;
  return {
    write(line: string) {
      if (out.writableLength > limit) {
        dropped++;
        droppedTotal++;
        return;
      }
      if (dropped > 0) {
        out.write(`${JSON.stringify({ level: 40, time: Date.now(), dropped, msg: "log lines dropped" })}\n`);
        dropped = 0;
      }
      out.write(line);
    },
    dropped: () => droppedTotal,
  };
}

/** Structured JSON logs; secrets are redacted by path wherever they might appear. */
export function createLogger(level: string, destination: DestinationStream = stdoutDestination()): Logger {
  return pino(
    {
      level,
      base: undefined,
      // Lines written while a request is answered (a page's error, Better Auth, a model's warning)
      // carry its id like the request's own child logger does; that one already has it bound.
      mixin(_fields, _level, logger) {
        const reqId = requestScope.getStore();
        return reqId === undefined || "reqId" in logger.bindings() ? {} : { reqId };
      },
      redact: {
        paths: [
          "req.headers.authorization",
          "req.headers.cookie",
          'res.headers["set-cookie"]',
          "*.password",
          "*.currentPassword",
          "*.newPassword",
          "*.card",
          "*.token",
        ],
        censor: "[redacted]",
      },
    },
    destination,
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Paths whose segment after the prefix is a secret (Better Auth's reset link carries its token there). */
const TOKEN_PATH_PREFIXES = ["/api/auth/reset-password/", "/api/auth/magic-link/", "/api/auth/verify/"];

/**
 * The part of a request URL that may be logged: the path without its query string (reset,
 * verification, order, unsubscribe and OAuth links carry their secrets there) and with any
 * token-bearing segment replaced. Besides the known token paths, a long segment that looks
 * generated (no hyphen, letters mixed with digits or capitals, not a UUID) is redacted too, so a
 * new token-bearing route does not leak before someone remembers to list it.
 */
export function loggablePath(url: string): string {
  const path = url.split(/[?#]/, 1)[0] ?? "";
  for (const prefix of TOKEN_PATH_PREFIXES) {
    if (path.startsWith(prefix) && path.length > prefix.length) return `${prefix}[redacted]`;
  }
  return path
    .split("/")
    .map((segment) =>
      segment.length >= 20 && !segment.includes("-") && /[A-Z0-9]/.test(segment) && !UUID.test(segment)
        ? "[redacted]"
        : segment,
    )
    .join("/");
}

/** The shape a client's or proxy's request id must have to be kept (it becomes part of our log id). */
const REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{7,63}$/;

/**
 * The id of one request in the log and the X-Request-Id answer: always a new UUID, so no client
 * can forge another request's id or make two requests share one. A client's or proxy's own id in
 * the strict shape is kept in front of it ("theirs.ours"), so their traces still find the line.
 */
export function requestId(header: string | string[] | undefined): string {
  const ours = crypto.randomUUID();
  return typeof header === "string" && REQUEST_ID.test(header) ? `${header}.${ours}` : ours;
}

/** The id of the request being answered, for log lines written by code that has no `req.log`. */
export const requestScope = new AsyncLocalStorage<string>();

/** The fields of the one "request" line each answered request gets, from the app or the page cache's fast path. */
export function requestLogFields(req: IncomingMessage & { originalUrl?: string }, res: ServerResponse, ms: number) {
  return {
    method: req.method,
    url: loggablePath(req.originalUrl ?? req.url ?? ""),
    status: res.statusCode,
    ms: Math.round(ms * 10) / 10,
  };
}
