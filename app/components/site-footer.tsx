import { LogoMark } from "./logo";
import { NewsletterSignup } from "./newsletter-signup";

const COLUMNS = [
  {
    title: "Shop",
    links: [
      { to: "/products", label: "All products" },
      { to: "/products?category=bundle", label: "Bundles" },
      { to: "/products?category=macroalgae", label: "Live chaeto" },
      { to: "/coming-soon", label: "Coming soon" },
    ],
  },
  {
    title: "Learn",
    links: [
      { to: "/reef-wisdom", label: "Reef Wisdom guides" },
      { to: "/care", label: "Chaeto care" },
      { to: "/hermit", label: "Hermit crab care" },
      { to: "/plan", label: "The Lazy Reefer Plan" },
      { to: "/calculators", label: "Reef calculators" },
    ],
  },
  {
    title: "Help",
    links: [
      { to: "/shipping-info", label: "Shipping & arrive-alive" },
      { to: "/contact", label: "Contact us" },
      { to: "/privacy-policy", label: "Privacy policy" },
      { to: "/terms-of-service", label: "Terms of service" },
    ],
  },
];

export function SiteFooter({ shopName }: { shopName: string }) {
  return (
    <footer className="mt-24 border-t border-line bg-ink text-sand print:hidden">
      <div className="container-page grid gap-10 py-14 md:grid-cols-[1.3fr_2fr]">
        <section aria-labelledby="newsletter-heading" className="max-w-sm">
          <div className="flex items-center gap-2">
            <LogoMark className="h-8 w-8" />
            <span className="font-display text-lg font-semibold">{shopName}</span>
          </div>
          <h2 id="newsletter-heading" className="mt-6 text-xl font-semibold">
            Reef notes, once a month
          </h2>
          <p className="mt-2 text-sm leading-relaxed text-sand/85">
            Seasonal chaeto care, restock alerts for live plants and one useful tip per letter. No spam, unsubscribe in
            one click.
          </p>
          <div id="newsletter-slot" className="relative mt-4">
            <NewsletterSignup source="footer" />
          </div>
        </section>
        <div className="grid grid-cols-2 gap-8 sm:grid-cols-3">
          {COLUMNS.map((column) => (
            <nav key={column.title} aria-label={column.title}>
              <h2 className="font-sans text-sm font-semibold tracking-wide text-white uppercase">{column.title}</h2>
              <ul className="mt-3 space-y-2 text-sm">
                {column.links.map((link) => (
                  <li key={link.to}>
                    {/* A plain link: the footer is an island, whose links the page follows itself. */}
                    <a href={link.to} className="text-sand/85 hover:text-white hover:underline">
                      {link.label}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
      </div>
      <div className="border-t border-sand/15">
        <p className="container-page py-5 text-xs text-sand/75">
          © {new Date().getFullYear()} {shopName}. Farm-grown chaeto, shipped Monday to Wednesday. Free shipping on
          every order.
        </p>
      </div>
    </footer>
  );
}
