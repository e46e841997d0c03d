import { layoutIslandHtml } from "#app/utils/island-html.server";
import { SearchBox } from "./search-box";
import { SiteFooter } from "./site-footer";
import { SITE_FOOTER_ID } from "./site-footer-island";
import { HEADER_SEARCH, HEADER_SEARCH_ID } from "./site-header";
import type { AppLoadContext } from "react-router";

/** The HTML of the islands every storefront page's frame has: the header's search box and the footer. */
export function renderLayoutIslands(context: AppLoadContext, shopName: string): void {
  layoutIslandHtml(context, HEADER_SEARCH_ID, <SearchBox {...HEADER_SEARCH} navigate={() => undefined} />);
  layoutIslandHtml(context, SITE_FOOTER_ID, <SiteFooter shopName={shopName} />);
}
