import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type AppLoadContext, type EntryContext, type HandleErrorFunction } from "react-router";
import { DocumentHtmlProvider } from "#app/components/island";
import { NonceProvider } from "#app/components/nonce";
import { loggablePath } from "#app/utils/loggable-path";
import { scriptsAfterPaint } from "#app/utils/scripts-after-paint.server";

export const streamTimeout = 5_000;

/**
 * React Router's own report of an error thrown in a loader or action: into the JSON log (its
 * default is a multi-line console.error). Aborted requests are the client's doing, not errors.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const url = new URL(request.url);
  (context as AppLoadContext).services.logger.error(
    { err: error, method: request.method, url: loggablePath(url.pathname) },
    "route error",
  );
};

/** Streams the page; bots and SPA-mode get the whole document at once. Scripts carry the CSP nonce. */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.nonce;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // An error page is rendered whole before it is sent: its text is a lazy module, and streamed
    // as a late segment it would show only after React's reveal delay, on a blank page.
    const waitForAll =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode || Boolean(routerContext.staticHandlerContext.errors);
    const readyEvent = waitForAll ? "onAllReady" : "onShellReady";

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <DocumentHtmlProvider value={loadContext.documentHtml ?? null}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </DocumentHtmlProvider>
      </NonceProvider>,
      {
        nonce,
        // React (19.2+) would move a finished Suspense boundary (the footer, a streamed island)
        // out of place once the page passes 12.8 KB, to be put back by an inline script: without
        // JavaScript it stayed hidden (the footer's newsletter form with it). Finished is written
        // in place; only what is still loading streams in later (decision 018).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyEvent]() {
          shellRendered = true;
          const body = new PassThrough();
          const stream = createReadableStreamFromReadable(body.pipe(scriptsAfterPaint()));
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error instanceof Error ? error : new Error(String(error)));
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) loadContext.services.logger.error({ err: error }, "page render failed");
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
