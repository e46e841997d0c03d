import { ChevronDown } from "lucide";
import { Form, Link, useLocation } from "react-router";
import { Icon } from "#app/components/ui/icon";
import type { ReactNode } from "react";

interface NavItem {
  to: string;
  label: string;
  /** Whether the current location is this item's page (search included: orders vs abandoned checkouts). */
  current: (path: string, search: URLSearchParams) => boolean;
}

const under = (prefix: string) => (path: string) => path === prefix || path.startsWith(`${prefix}/`);

const ADMIN_NAV: readonly NavItem[] = [
  { to: "/admin/dashboard", label: "Dashboard", current: (p) => p === "/admin" || p === "/admin/dashboard" },
  {
    to: "/admin/orders",
    label: "Orders",
    current: (p, s) => under("/admin/orders")(p) && s.get("view") !== "abandoned",
  },
  {
    to: "/admin/orders?view=abandoned",
    label: "Abandoned checkouts",
    current: (p, s) => p === "/admin/orders" && s.get("view") === "abandoned",
  },
  { to: "/admin/catalogue", label: "Catalogue", current: under("/admin/catalogue") },
  { to: "/admin/shipping", label: "Shipping", current: under("/admin/shipping") },
  { to: "/admin/customers", label: "Customers", current: under("/admin/customers") },
  { to: "/admin/messages", label: "Messages", current: under("/admin/messages") },
  { to: "/admin/claims", label: "Claims", current: under("/admin/claims") },
  { to: "/admin/newsletter", label: "Newsletter", current: under("/admin/newsletter") },
  { to: "/admin/waitlist", label: "Waitlists", current: under("/admin/waitlist") },
  { to: "/admin/discount-codes", label: "Discount codes", current: under("/admin/discount-codes") },
  { to: "/admin/subscriptions", label: "Subscriptions", current: under("/admin/subscriptions") },
  { to: "/admin/outbox", label: "Outbox", current: under("/admin/outbox") },
  { to: "/admin/images", label: "Images", current: under("/admin/images") },
  { to: "/admin/diagnostics", label: "Diagnostics", current: under("/admin/diagnostics") },
];

function NavList() {
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  return (
    <ul className="flex flex-col gap-0.5">
      {ADMIN_NAV.map((item) => {
        const current = item.current(location.pathname.replace(/\/$/, ""), search);
        return (
          <li key={item.to}>
            <Link
              to={item.to}
              aria-current={current ? "page" : undefined}
              className={`block rounded-lg px-3 py-2 text-sm font-medium ${current ? "bg-ink text-white" : "text-ink hover:bg-sand-deep"}`}
            >
              {item.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The back office's frame: a compact top bar (shop name, "View shop", sign out) and a sidebar.
 * On phones the sidebar is a <details> menu, so it opens and closes without JavaScript; it is
 * keyed by the location so that, with JavaScript, following a link closes it again.
 */
export function AdminShell({
  shopName,
  adminEmail,
  children,
}: {
  shopName: string;
  adminEmail: string;
  children: ReactNode;
}) {
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const here = ADMIN_NAV.find((item) => item.current(location.pathname.replace(/\/$/, ""), search));
  return (
    <div className="flex min-h-dvh flex-col" data-testid="admin-shell">
      <header className="border-b border-line bg-paper print:hidden">
        <div className="flex min-h-14 flex-wrap items-center gap-x-4 gap-y-1 px-4 py-2 lg:px-6">
          <Link to="/admin/dashboard" className="font-display text-lg font-semibold text-ink">
            {shopName} <span className="hidden text-sm font-medium text-ink-soft sm:inline">back office</span>
          </Link>
          <span className="hidden truncate text-sm text-ink-soft sm:inline">{adminEmail}</span>
          <div className="ml-auto flex items-center gap-2">
            <Link to="/" className="rounded-lg px-3 py-2 text-sm font-medium text-reef-dark underline">
              View shop
            </Link>
            <Form method="post" action="/sign-out">
              <button type="submit" className="btn-secondary min-h-9 px-3 py-1.5">
                Sign out
              </button>
            </Form>
          </div>
        </div>
      </header>
      <div className="flex flex-1 flex-col lg:flex-row">
        <details
          key={location.pathname + location.search}
          className="group border-b border-line bg-paper lg:hidden print:hidden"
        >
          <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 px-4 [&::-webkit-details-marker]:hidden text-sm font-semibold">
            <Icon
              icon={ChevronDown}
              aria-hidden="true"
              className="h-4 w-4 transition-transform group-open:rotate-180 motion-reduce:transition-none"
            />
            Menu
            {here ? <span className="font-normal text-ink-soft">· {here.label}</span> : null}
          </summary>
          <nav aria-label="Back office" className="px-2 pb-3">
            <NavList />
          </nav>
        </details>
        <aside className="hidden w-56 shrink-0 border-r border-line bg-paper px-3 py-5 lg:block print:hidden">
          <nav aria-label="Back office">
            <NavList />
          </nav>
        </aside>
        <main id="main" className="min-w-0 flex-1 px-4 py-6 sm:px-6 lg:px-8 print:p-0">
          {children}
        </main>
      </div>
    </div>
  );
}
