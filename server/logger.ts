import { AsyncLocalStorage } from "node:async_hooks";
import crypto from "node:crypto";
import { pino, type DestinationStream, type Logger } from "pino";
import { loggablePath } from "#app/utils/loggable-path";
import type { IncomingMessage, ServerResponse } from "node:http";

// Also used by the page renderer (app/entry.server.tsx), which may not import server/.
export { loggablePath };

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
