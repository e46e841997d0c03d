import type { AppLoadContext } from "react-router";

/**
 * `html` as loader data for a client navigation; on a document request, kept for the render only
 * and `undefined` in the data (app/components/html-once.tsx): the page carries it once, as HTML.
 */
export function htmlOnce(context: AppLoadContext, id: string, html: string): string | undefined {
  if (!context.documentHtml) return html;
  context.documentHtml.set(id, html);
  return undefined;
}
