import { createContext, useContext, useState, type MouseEvent, type SyntheticEvent } from "react";
import { PrefetchPageLinks, useNavigate } from "react-router";

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

/** The link an event happened on, when it leads to another page of this app. */
function appLink(target: EventTarget | null): HTMLAnchorElement | null {
  const link = target instanceof Element ? target.closest("a") : null;
  if (
    !link ||
    link.target ||
    link.hasAttribute("download") ||
    link.origin !== window.location.origin ||
    link.getAttribute("href")?.startsWith("#")
  ) {
    return null;
  }
  return link;
}

/**
 * A part of a page that is markup only (no state, no handlers), rendered to HTML by its loader
 * (app/utils/static-markup.server.tsx) and sent once (`htmlOnce`): its components never reach the
 * browser (docs/decisions/023-markup-only-parts.md). Its links behave as `<Link prefetch="intent">`
 * would: a click is a client navigation, and pointing at, touching or focusing one fetches that
 * page's code and data. A hash, a modified click or a link elsewhere is left to the browser.
 */
export function StaticHtml({ id, html, className }: { id: string; html: string | undefined; className?: string }) {
  const navigate = useNavigate();
  const markup = useHtmlOnce(id, html);
  const [intent, setIntent] = useState<string | null>(null);
  const followLink = (event: MouseEvent<HTMLDivElement>) => {
    const link = appLink(event.target);
    if (!link || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate(link.pathname + link.search + link.hash);
  };
  const prefetch = (event: SyntheticEvent<HTMLDivElement>) => {
    const link = appLink(event.target);
    if (link) setIntent(link.pathname + link.search);
  };
  return (
    <>
      {/* Clicks and intent are handled for the links inside; the wrapper only delegates them. */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions */}
      <div
        id={id}
        className={className}
        onClick={followLink}
        // A touch starts with pointerover too.
        onPointerOver={prefetch}
        onFocus={prefetch}
        dangerouslySetInnerHTML={{ __html: markup }}
      />
      {intent ? <PrefetchPageLinks page={intent} /> : null}
    </>
  );
}
