import { renderToString } from "react-dom/server";
import { MemoryRouter, type AppLoadContext } from "react-router";
import type { ReactElement } from "react";

/**
 * `html` as loader data for a client navigation; on a document request, kept for the render only
 * and `undefined` in the data: the page carries it once, as HTML (`Island`,
 * app/components/island.tsx).
 */
export function htmlOnce(context: AppLoadContext, id: string, html: string): string | undefined {
  if (!context.documentHtml) return html;
  context.documentHtml.set(id, html);
  return undefined;
}

/** The HTML of the `Island` with `id`, rendered as the island's own root hydrates it (same id prefix). */
function render(id: string, element: ReactElement): string {
  // `<Link>`s render as plain links (the island makes their clicks client navigations); the
  // router's contexts render no markup, so hydration without them sees the same tree.
  return renderToString(<MemoryRouter>{element}</MemoryRouter>, { identifierPrefix: `${id}-` });
}

/** The island's HTML for the page (`htmlOnce`). */
export function islandHtml(context: AppLoadContext, id: string, element: ReactElement): string | undefined {
  return htmlOnce(context, id, render(id, element));
}

/**
 * For islands of the layout every page shares (the header's search box, the footer): the browser
 * keeps them across client navigations, so only a document request renders their HTML.
 */
export function layoutIslandHtml(context: AppLoadContext, id: string, element: ReactElement): void {
  context.documentHtml?.set(id, render(id, element));
}
