import type { ErrorRequestHandler, RequestHandler } from "express";

/** Status ↔ code pairs of the original product's error catalogue, plus 402 for payments. */
export const STATUS_CODES = {
  400: "invalid-argument",
  401: "unauthenticated",
  402: "payment-failed",
  403: "permission-denied",
  404: "not-found",
  405: "unimplemented",
  409: "aborted",
  411: "invalid-argument",
  413: "invalid-argument",
  415: "invalid-argument",
  429: "resource-exhausted",
  499: "cancelled",
  500: "internal",
  501: "unimplemented",
  503: "unavailable",
  504: "deadline-exceeded",
} as const;

export type ErrorStatus = keyof typeof STATUS_CODES;

/** An error meant for the client: its message is safe to show. */
export class ApiError extends Error {
  constructor(
    readonly status: ErrorStatus,
    message: string,
    readonly reason?: string,
    /** Per-field messages (a form's input names → what to correct), shown next to each field. */
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }

  get code(): string {
    return STATUS_CODES[this.status];
  }
}

export function errorBody(status: ErrorStatus, message: string, reason?: string, fields?: Record<string, string>) {
  return {
    error: { code: STATUS_CODES[status], message, ...(reason ? { reason } : {}), ...(fields ? { fields } : {}) },
  };
}

export const apiNotFound: RequestHandler = (req, res) => {
  res.status(404).json(errorBody(404, `No API endpoint at ${req.method} ${req.path}`));
};

interface BodyParserError extends Error {
  type?: string;
  status?: number;
}

/** Every /api failure leaves in the envelope; unexpected ones are logged and never leak details. */
export const apiErrorHandler: ErrorRequestHandler = (err: unknown, req, res, _next) => {
  if (res.headersSent) return;
  if (err instanceof ApiError) {
    res.status(err.status).json(errorBody(err.status, err.message, err.reason, err.fields));
    return;
  }
  const parserError = err as BodyParserError;
  switch (parserError?.type) {
    case "entity.parse.failed":
      res.status(400).json(errorBody(400, "The request body is not valid JSON.", "malformed-json"));
      return;
    case "entity.too.large":
      res.status(413).json(errorBody(413, "The request body is too large.", "payload-too-large"));
      return;
    case "encoding.unsupported":
    case "charset.unsupported":
      res.status(415).json(errorBody(415, "Unsupported body encoding.", "unsupported-encoding"));
      return;
  }
  if (typeof parserError?.status === "number" && parserError.status >= 400 && parserError.status < 500) {
    res.status(400).json(errorBody(400, "The request could not be read.", "bad-request"));
    return;
  }
  if (isDatabaseUnavailable(err)) {
    req.log?.warn(
      { err: { message: (err as Error).message, code: (err as { code?: string }).code } },
      "database unavailable",
    );
    res
      .status(503)
      .json(errorBody(503, "The shop is briefly unavailable. Please try again in a minute.", "database-unavailable"));
    return;
  }
  req.log?.error({ err }, "unhandled API error");
  res.status(500).json(errorBody(500, "Something went wrong on our side. Please try again."));
};

const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "57P01",
  "57P02",
  "57P03",
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
  "SQLITE_BUSY",
]);

/** Errors that mean "the database can't be reached right now", as opposed to a bug. */
export function isDatabaseUnavailable(err: unknown): boolean {
  const e = err as { code?: string; message?: string; cause?: unknown } | null;
  if (!e) return false;
  if (e.code && UNAVAILABLE_CODES.has(e.code)) return true;
  if (
    /Connection terminated|timeout exceeded when trying to connect|connect ECONNREFUSED|Client has encountered a connection error/i.test(
      e.message ?? "",
    )
  )
    return true;
  return e.cause ? isDatabaseUnavailable(e.cause) : false;
}

/**
 * The last handler of the app: whatever failed outside /api (a page, the page cache, a static
 * file) is answered here instead of by Express's default handler, which writes a plain-text
 * stack trace to stderr. A client's mistake keeps its 4xx; anything else is logged once, as
 * JSON with the request id, and answered 500 without details.
 */
export const finalErrorHandler: ErrorRequestHandler = (err: unknown, req, res, _next) => {
  const status = (err as BodyParserError | null)?.status;
  const clientError = typeof status === "number" && status >= 400 && status < 500;
  const unavailable = !clientError && isDatabaseUnavailable(err);
  if (unavailable) req.log?.warn({ err: { message: (err as Error).message } }, "database unavailable");
  else if (!clientError) req.log?.error({ err }, "unhandled error");
  if (res.headersSent) {
    // Part of the answer is already out: all that is left is to cut it short.
    res.destroy();
    return;
  }
  const answer: ErrorStatus = clientError
    ? status in STATUS_CODES
      ? (status as ErrorStatus)
      : 400
    : unavailable
      ? 503
      : 500;
  const message = clientError
    ? "The request could not be read."
    : unavailable
      ? "The shop is briefly unavailable. Please try again in a minute."
      : "Something went wrong on our side. Please try again.";
  if (req.path.startsWith("/api/")) res.status(answer).json(errorBody(answer, message));
  else res.status(answer).type("text/plain").send(message);
};
