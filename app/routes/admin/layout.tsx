import { ShieldAlert } from "lucide";
import { isRouteErrorResponse, Link, NavLink, Outlet } from "react-router";
import { Icon } from "~/components/ui/icon";
import { requireAdmin } from "~/models/admin-access.server";
import type { Route } from "./+types/layout";

export const meta: Route.MetaFunction = () => [
  { title: "Back office | Lazy Reefer" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(context.services, request);
  return { admin: { name: admin.name, email: admin.email } };
}

const NAV = [
  ["dashboard", "Dashboard"],
  ["orders", "Orders"],
  ["orders/new", "New order"],
  ["catalogue", "Catalogue"],
  ["customers", "Customers"],
  ["newsletter", "Newsletter"],
  ["messages", "Messages"],
  ["outbox", "Outbox"],
  ["diagnostics", "Diagnostics"],
] as const;

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container-page grid gap-8 py-8 lg:grid-cols-[13rem_1fr]">
      <aside className="print:hidden">
        <p className="eyebrow">Back office</p>
        <p className="mt-1 truncate text-sm text-ink-soft">{loaderData.admin.email}</p>
        <nav aria-label="Back office" className="mt-4">
          <ul className="flex flex-wrap gap-1 lg:flex-col">
            {NAV.map(([to, label]) => (
              <li key={to}>
                <NavLink
                  to={`/admin/${to}`}
                  end={to === "orders"}
                  className={({ isActive }) =>
                    `block rounded-lg px-3 py-2 text-sm font-medium ${isActive ? "bg-ink text-white" : "text-ink hover:bg-sand-deep"}`
                  }
                >
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const forbidden = isRouteErrorResponse(error) && error.status === 403;
  return (
    <section className="container-page py-20 text-center">
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
    </section>
  );
}
