import { ShieldAlert } from "lucide";
import { useEffect, useLayoutEffect } from "react";
import { isRouteErrorResponse, Link, Outlet } from "react-router";
import { AdminShell } from "#app/components/admin/admin-shell";
import { takeEarlySubmit } from "#app/components/admin/early-submit";
import { markHydrated } from "#app/components/cart/early-taps";
import { Icon } from "#app/components/ui/icon";
import { requireAdmin } from "#app/models/back-office/access.server";
import type { Route } from "./+types/layout";

export const meta: Route.MetaFunction = () => [
  { title: "Back office | Lazy Reefer" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(context.services, request);
  return { admin: { name: admin.name, email: admin.email }, shopName: context.services.config.shopName };
}

/** Tells the root layout to leave out the storefront chrome (header, cart, footer). */
export const handle = { backOffice: true };

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  // The early-tap script holds a `data-early-submit` form (a refund, a cancellation) sent before
  // the page was ready; sent again now, it goes through its handler and asks for confirmation.
  useLayoutEffect(markHydrated, []);
  useEffect(() => {
    const held = takeEarlySubmit();
    if (held?.isConnected) held.requestSubmit();
  }, []);
  return (
    <AdminShell shopName={loaderData.shopName} adminEmail={loaderData.admin.email}>
      <Outlet />
    </AdminShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const forbidden = isRouteErrorResponse(error) && error.status === 403;
  return (
    // No shell here (the visitor may not be an admin), so this page brings its own <main>.
    <main id="main" className="container-page py-20 text-center">
      <Icon icon={ShieldAlert} aria-hidden="true" className="mx-auto h-12 w-12 text-coral-text" />
      <p className="eyebrow mt-4">{forbidden ? "403" : "Error"}</p>
      <h1 className="mt-2 text-4xl font-semibold">
        {forbidden ? "This area is for the shop's administrators" : "Unexpected Application Error!"}
      </h1>
      <p className="mx-auto mt-3 max-w-md text-ink-soft">
        {forbidden
          ? "You're signed in, but your account doesn't have access to the back office."
          : isRouteErrorResponse(error)
            ? `${error.status} ${error.statusText}`
            : "Something went wrong."}
      </p>
      <Link to="/" className="btn-primary mt-6">
        Back to the shop
      </Link>
    </main>
  );
}
