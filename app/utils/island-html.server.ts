import { renderToString } from "react-dom/server";
import type { ReactElement } from "react";

/**
 * The HTML of an `Island` (app/components/island.tsx), as its own root will hydrate it: rendered
 * as a root of its own (same id prefix), with the markers hydration needs between adjacent texts,
 * which `renderToStaticMarkup` leaves out.
 */
export function islandHtml(id: string, element: ReactElement): string {
  return renderToString(element, { identifierPrefix: `${id}-` });
}
