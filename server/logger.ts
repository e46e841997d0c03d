import { pino, type Logger } from "pino";

/** Structured JSON logs; secrets are redacted by path wherever they might appear. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: undefined,
    redact: {
      paths: [
        "req.headers.authorization",
        "req.headers.cookie",
        'res.headers["set-cookie"]',
        "*.password",
        "*.card",
        "*.token",
      ],
      censor: "[redacted]",
    },
  });
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      id?: string;
      log?: Logger;
    }
  }
}
