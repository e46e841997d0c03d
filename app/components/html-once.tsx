import { createContext, useContext, useState } from "react";

/**
 * Server-rendered HTML that a page sends once. On a document request the loader hands the HTML
 * to the render through this context (`htmlOnce`, app/utils/html-once.server.ts) instead of its
 * data, so the hydration data does not repeat it; the browser then takes it from the element
 * the server rendered. Client navigations fetch it as loader data, as usual.
 */
const DocumentHtmlContext = createContext<ReadonlyMap<string, string> | null>(null);
export const DocumentHtmlProvider = DocumentHtmlContext.Provider;

/** The HTML of the element with `id`: from loader data when sent, else from the server render or the DOM. */
export function useHtmlOnce(id: string, html: string | undefined): string {
  const fromServer = useContext(DocumentHtmlContext);
  // Read once, while hydrating: React has not touched the server's markup yet.
  const [fromDom] = useState(() =>
    html === undefined && typeof document !== "undefined" ? (document.getElementById(id)?.innerHTML ?? "") : "",
  );
  return html ?? fromServer?.get(id) ?? fromDom;
}
