import { Island } from "./island";

export const SITE_FOOTER_ID = "site-footer";

const loadFooter = () => import("./site-footer").then((m) => m.SiteFooter);

/**
 * The footer (links, newsletter form) is the server's markup until the shopper reaches for it
 * (pointer, touch or focus): its code is not among what every page loads to become interactive.
 */
export function SiteFooterIsland({ shopName }: { shopName: string }) {
  return <Island id={SITE_FOOTER_ID} html={undefined} load={loadFooter} props={{ shopName }} />;
}
