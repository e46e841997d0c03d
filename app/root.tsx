import { lazy, Suspense, useEffect, useState } from "react";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteLoaderData,
  type LinksFunction,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import { CartProvider, useCart } from "#app/components/cart/cart-context";
import { EARLY_TAPS_SCRIPT } from "#app/components/cart/early-taps";
import { renderLayoutIslands } from "#app/components/layout-islands.server";
import { useNonce } from "#app/components/nonce";
import { routeErrorBoundary } from "#app/components/route-error";
import { SiteFooterIsland } from "#app/components/site-footer-island";
import { SiteHeader } from "#app/components/site-header";
import { whenIdle } from "#app/components/ui/idle";
import { DeferredToaster, notify } from "#app/components/ui/toaster";
import { toTheMinute } from "#app/domain/dates";
import { getUser } from "#app/models/accounts/session.server";
import { isAdmin } from "#app/models/back-office/access.server";
import { loadCatalogueSnapshot } from "#app/models/catalogue/catalogue-snapshot.server";
import appStylesheet from "./app.css?url";
import { publicConfig } from "./config.server";
import type { Route } from "./+types/root";

export const links: LinksFunction = () => [
  // With a precedence React 19 writes the stylesheet ahead of the modulepreloads, so the browser
  // asks for the render-blocking CSS before any script (as a plain link it came after all of them).
  { rel: "stylesheet", href: appStylesheet, precedence: "default" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "icon", href: "/favicon-32.png", type: "image/png", sizes: "32x32" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "manifest", href: "/site.webmanifest" },
];

export async function loader({ context, request }: Route.LoaderArgs) {
  const [catalogue, user] = await Promise.all([
    loadCatalogueSnapshot(context.services.database.db),
    getUser(context.services, request.headers),
  ]);
  const config = publicConfig(context.services.config);
  renderLayoutIslands(context, config.shopName);
  // The cart prices in the browser from this snapshot (descriptions trimmed: not needed there).
  return {
    config,
    // Decided here, from the session's role: the link is only a convenience, /admin checks again.
    user: user ? { name: user.name, backOffice: isAdmin(user) } : null,
    // To the minute (server/page-cache.ts): the combo builder's HTML is drawn with the same minute.
    now: toTheMinute(context.services.clock()).toISOString(),
    catalogue: {
      products: catalogue.products.map((p) => ({ ...p, description: "" })),
      bundles: catalogue.bundles.map((b) => ({ ...b, description: "" })),
    },
  };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>("root");
  const shopName = data?.config.shopName ?? "Lazy Reefer";
  const catalogue = data?.catalogue ?? { products: [], bundles: [] };
  const backOffice = useMatches().some((m) => isBackOffice(m.handle));
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#f6f1e7" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col">
        {/* The script runs from the server's HTML; hydration leaves a script's content alone, so the
            browser bundle does without its text (about 0.4 KB on every page). */}
        <script
          nonce={nonce}
          dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? EARLY_TAPS_SCRIPT : "" }}
          suppressHydrationWarning
        />
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2"
        >
          Skip to content
        </a>
        {backOffice ? (
          // The back office draws its own frame (app/components/admin/admin-shell.tsx), <main> included.
          children
        ) : (
          <CartProvider catalogue={catalogue} now={data?.now ?? new Date(0).toISOString()}>
            <SiteHeader shopName={shopName} userName={data?.user?.name ?? null} backOffice={!!data?.user?.backOffice} />
            <IdleNavigationProgress shopName={shopName} />
            <main id="main" className="flex-1">
              {children}
            </main>
            <SiteFooterIsland shopName={shopName} />
            <ShopToaster />
          </CartProvider>
        )}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * Toasts sit bottom right, except while the cart panel is open: there they would cover its
 * Checkout button, so they move to the top, below the panel's title and close button (on a phone
 * the panel is the whole width).
 */
function ShopToaster() {
  const { open } = useCart();
  // Opening the panel takes away the toasts about the cart that led to it ("Added…, View cart").
  useEffect(() => {
    if (open) notify.dismissAll();
  }, [open]);
  return (
    <DeferredToaster
      position={open ? "top-center" : "bottom-right"}
      mobileOffset={open ? { top: PANEL_HEADER_CLEARANCE } : undefined}
      offset={open ? { top: PANEL_HEADER_CLEARANCE } : undefined}
      visibleToasts={3}
      duration={4000}
      closeButton
    />
  );
}

const NavigationProgress = lazy(() =>
  import("#app/components/navigation-progress").then((module) => ({ default: module.NavigationProgress })),
);

/**
 * The "Loading…" pill matters only once the shopper navigates, so its code is fetched when the
 * browser is idle after hydration, not before the first interaction (the script budget).
 */
function IdleNavigationProgress({ shopName }: { shopName: string }) {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  return idle ? (
    <Suspense fallback={null}>
      <NavigationProgress shopName={shopName} />
    </Suspense>
  ) : null;
}

/**
 * Below the cart panel's header (its title and 44 px close button with their padding) on a phone,
 * where the panel is the whole width; on a wider screen a top-centred toast is beside the panel.
 */
const PANEL_HEADER_CLEARANCE = "5.5rem";

/**
 * Routes whose handle says `{ backOffice: true }` (the /admin layout) get no storefront chrome:
 * no header, cart, newsletter footer or toaster.
 */
function isBackOffice(handle: unknown): boolean {
  return typeof handle === "object" && handle !== null && (handle as { backOffice?: unknown }).backOffice === true;
}

export default function App() {
  return <Outlet />;
}

export const ErrorBoundary = routeErrorBoundary("page");

const BACK_OFFICE = /^\/admin(\/|$)/;

/**
 * The root's data is the storefront's frame: the catalogue the cart prices from, the signed-in
 * name, the minute. The back office draws none of it, so its actions and page changes do not
 * reload the catalogue; leaving the back office does, as the owner may have changed prices there.
 */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return BACK_OFFICE.test(currentUrl.pathname) ? !BACK_OFFICE.test(nextUrl.pathname) : defaultShouldRevalidate;
}
