import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import type { ReactElement } from "react";

/**
 * The HTML of markup-only components, for `StaticHtml` (app/components/html-once.tsx). `<Link>`s
 * render as plain links; the browser's `StaticHtml` makes their clicks client navigations.
 */
export function staticMarkup(element: ReactElement): string {
  return renderToStaticMarkup(<MemoryRouter>{element}</MemoryRouter>);
}
