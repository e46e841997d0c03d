import { Search, UserRound } from "lucide";
import { Link, NavLink, useLocation, useNavigate } from "react-router";
import { CartDrawer } from "#app/components/cart/cart-drawer";
import { Icon } from "#app/components/ui/icon";
import { Island } from "./island";
import { LogoMark } from "./logo";

// The box is shown from 1280 px only, and typed into by few: an island whose code comes on first
// pointer or focus (the server's form works meanwhile, decision 019), not with every page. Its
// HTML: ./layout-islands.server.tsx.
export const HEADER_SEARCH_ID = "site-search-box";
export const HEADER_SEARCH = { inputId: "site-search", className: "hidden w-56 xl:flex" };
const loadSearchBox = () => import("./search-box").then((m) => m.SearchBox);

const NAV = [
  { to: "/products", label: "Shop" },
  { to: "/reef-wisdom", label: "Reef Wisdom" },
  { to: "/care", label: "Chaeto Care" },
  { to: "/plan", label: "The Plan" },
  { to: "/contact", label: "Contact" },
];

export function SiteHeader({
  shopName,
  userName,
  backOffice,
}: {
  shopName: string;
  userName: string | null;
  /** The signed-in person is an administrator (decided by the server from their session). */
  backOffice: boolean;
}) {
  const account = userName ? { to: "/profile", label: userName } : { to: "/sign-in", label: "Sign in" };
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <header className="sticky top-0 z-30 print:hidden border-b border-line/70 bg-sand/90 backdrop-blur supports-[backdrop-filter]:bg-sand/75">
      <div className="container-page flex h-16 items-center gap-4">
        <Link to="/" className="flex shrink-0 items-center gap-2 rounded-lg" aria-label={`${shopName} home`}>
          <LogoMark />
          <span className="font-display text-lg font-semibold tracking-tight whitespace-nowrap min-[360px]:text-xl">
            {shopName}
          </span>
        </Link>
        <nav aria-label="Main" className="ml-auto hidden lg:block">
          <ul className="flex items-center gap-1">
            {NAV.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  prefetch="intent"
                  className={({ isActive }) =>
                    `rounded-full px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors hover:bg-sand-deep ${isActive ? "bg-sand-deep text-ink" : "text-ink-soft"}`
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex shrink-0 items-center gap-2 lg:ml-2">
          {/* The box where there is room; narrower, a link to the search page (whose box takes the
              focus); under 380 px, the first item of the menu. Both work without JavaScript. */}
          <Island
            id={HEADER_SEARCH_ID}
            html={undefined}
            load={loadSearchBox}
            props={{ ...HEADER_SEARCH, navigate }}
            className="contents"
          />
          <Link
            to="/search"
            aria-label="Search"
            className="btn-secondary hidden min-h-10 w-10 px-0 min-[380px]:inline-flex xl:hidden"
          >
            <Icon icon={Search} className="h-4 w-4" />
          </Link>
          {backOffice ? (
            <Link to="/admin" className="btn-secondary hidden min-h-10 max-w-40 truncate px-4 sm:inline-flex">
              Back office
            </Link>
          ) : null}
          <Link
            to={account.to}
            className="btn-secondary hidden min-h-10 max-w-40 truncate px-4 sm:inline-flex"
            data-testid="account-link"
          >
            <Icon icon={UserRound} aria-hidden="true" className="h-4 w-4 shrink-0" />
            <span className="truncate">{account.label}</span>
          </Link>
          <CartDrawer />
          {/* A new page starts with the menu closed: the details element is remade on each one. */}
          <details key={location.pathname} className="relative lg:hidden">
            <summary className="btn-secondary min-h-10 cursor-pointer list-none px-4 [&::-webkit-details-marker]:hidden">
              Menu
            </summary>
            <nav aria-label="Mobile" className="card absolute right-0 mt-2 w-56 p-2">
              <ul>
                {[
                  // Below 380 px the header has no room for the search button.
                  { to: "/search", label: "Search" },
                  ...NAV,
                  userName ? { to: "/profile", label: "Your account" } : { to: "/sign-in", label: "Sign in" },
                  ...(backOffice ? [{ to: "/admin", label: "Back office" }] : []),
                ].map((item) => (
                  <li key={item.to}>
                    <Link to={item.to} className="block rounded-lg px-3 py-2.5 text-base font-medium hover:bg-sand">
                      {item.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          </details>
        </div>
      </div>
    </header>
  );
}
