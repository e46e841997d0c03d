import { writeReadableStreamToWritable } from "@react-router/node";
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "react-router";
import { catalogueGeneration } from "#app/models/catalogue/catalogue-snapshot.server";
import { finalErrorHandler } from "./errors";
import { requestLogFields } from "./logger";
import { pageCache } from "./page-cache";
import type { AppServices } from "./services";
import type { Express, Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";

/** What a page answers: GET and HEAD render it, POST runs its action. */
const PAGE_METHODS = ["GET", "HEAD", "POST"];
/** The two encodings an HTML form (and React Router's own submissions) post in. */
const FORM_TYPE = /^(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

function refuse(res: ExpressResponse, status: 400 | 405 | 415, message: string): void {
  res.status(status).type("text/plain").send(message);
}

/** Reads the whole body; limitBodies has already capped its announced length. */
async function readBody(req: ExpressRequest): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

/**
 * The request as React Router takes it: the address built as @react-router/express builds it
 * (the host from Host, or X-Forwarded-Host behind a trusted proxy, cut at a stray delimiter),
 * the headers, the form read before. Null when the host, target or headers do not make one.
 */
function fetchRequest(
  req: ExpressRequest,
  body: Uint8Array<ArrayBuffer> | undefined,
  signal: AbortSignal,
): Request | null {
  const forwarded = req.app.enabled("trust proxy") ? (req.get("X-Forwarded-Host")?.split(":") ?? []) : [];
  const port = Number.parseInt(forwarded[1] ?? req.get("host")?.split(":")[1] ?? "", 10);
  const hostname = ((req.hostname as string | undefined) ?? "").split(/[\\/?#@]/)[0] || "localhost";
  try {
    const url = new URL(
      `${req.protocol}://${hostname}${Number.isSafeInteger(port) ? `:${port}` : ""}${req.originalUrl}`,
    );
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
    }
    return new Request(url, { method: req.method, headers, body, signal });
  } catch {
    return null;
  }
}

/**
 * React Router's pages behind a guard for what no page can answer, so that a client's odd
 * request is refused with a 4xx instead of failing inside an action (every action reads its
 * body with `request.formData()`, which throws on anything but a well-formed form):
 * - methods other than GET, HEAD and POST: 405 with Allow;
 * - a POST whose body is not a form (JSON, text, none declared): 415;
 * - a form whose body does not parse (a multipart body without its boundary, cut short or
 *   otherwise broken): 400;
 * - a path with a broken percent-encoding, or a host and target that do not make a URL: 400.
 * The form is read here once (its size is capped by limitBodies) and handed to React Router.
 * Headers a page's response sets replace the ones middleware set before it (a loader's own
 * Cache-Control wins over the default); only Set-Cookie is added to.
 */
export function pageHandler(options: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
}): RequestHandler {
  const handle = createRequestHandler(options.build, options.mode);
  return async (req, res, next) => {
    let body: Uint8Array<ArrayBuffer> | undefined;
    if (req.method !== "GET" && req.method !== "HEAD") {
      // Read before answering, also a refusal: the client then always gets to read the answer
      // instead of a reset while it is still sending.
      try {
        body = await readBody(req);
      } catch {
        // The client went away mid-body: there is nobody to answer.
        if (!res.headersSent) res.destroy();
        return;
      }
    }
    if (!PAGE_METHODS.includes(req.method)) {
      res.setHeader("Allow", PAGE_METHODS.join(", "));
      return refuse(res, 405, "Pages answer GET, HEAD and POST only.");
    }
    if (req.method === "POST") {
      const type = req.get("content-type") ?? "";
      if (!FORM_TYPE.test(type))
        return refuse(res, 415, "Send the form as application/x-www-form-urlencoded or multipart/form-data.");
      try {
        await new Response(body, { headers: { "Content-Type": type } }).formData();
      } catch {
        return refuse(res, 400, "The form could not be read.");
      }
    }
    try {
      // React Router would only warn (in plain text) and match the path undecoded.
      decodeURIComponent(req.path);
    } catch {
      return refuse(res, 400, "The address contains an invalid percent-encoding.");
    }
    const controller = new AbortController();
    const request = fetchRequest(req, body, controller.signal);
    if (!request) return refuse(res, 400, "The request's host, address or headers are not valid.");
    let finished = false;
    res.on("finish", () => (finished = true));
    res.on("close", () => finished || controller.abort());
    try {
      const response = await handle(request, options.getLoadContext(req, res));
      await send(res, response);
    } catch (error) {
      next(error);
    }
  };
}

async function send(res: ExpressResponse, response: Response) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers) {
    if (name === "set-cookie") res.append(name, value);
    else res.setHeader(name, value);
  }
  if (!response.body) return void res.end();
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (!(res.destroyed || res.writableEnded)) throw error;
  }
}

/**
 * Everything after the API, as server/app.ts mounts it and tests mount it: the page cache
 * (when on), the pages, and the app's last error handler.
 */
export function mountPages(app: Express, services: AppServices, build: ServerBuild | (() => Promise<ServerBuild>)) {
  const cache = services.config.pageCache
    ? pageCache({
        generation: catalogueGeneration,
        logRequest: (req, res, ms) =>
          services.logger.info(
            { reqId: res.getHeader("X-Request-Id"), ...requestLogFields(req, res, ms), cache: "fast" },
            "request",
          ),
      })
    : null;
  if (cache) app.use(cache);
  app.use(
    pageHandler({
      build,
      mode: services.config.env === "production" ? "production" : "development",
      getLoadContext: (req, res) => ({
        services,
        nonce: res.locals.nonce as string,
        clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown",
        documentHtml: req.path.endsWith(".data") ? undefined : new Map<string, string>(),
      }),
    }),
  );
  app.use(finalErrorHandler);
  return cache;
}
