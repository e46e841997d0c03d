import { isRouteErrorResponse, Link, useLocation } from "react-router";

/*
 * The error and not-found pages. Kept out of root.tsx so that their markup is fetched only when
 * a page fails, not by every storefront page before interaction (app/components/route-error.tsx).
 */

/** What the failing page shows, so that its error says what could not be shown. */
export type ErrorSubject = "page" | "product" | "guide" | "order" | "account";

type ErrorKind = "missing" | "signed-out" | "busy" | "ours";

interface Wording {
  title: string;
  body: string;
}

const NOUN: Record<ErrorSubject, string> = {
  page: "this page",
  product: "this product",
  guide: "this guide",
  order: "your order",
  account: "your account",
};

const MISSING: Record<Exclude<ErrorSubject, "page">, Wording> = {
  product: {
    title: "This product isn't in the shop",
    body: "It may no longer be sold, or the link may be mistyped. Everything we sell is in the shop.",
  },
  guide: {
    title: "No guide by that name",
    body: "The guide may have moved, or the link may be mistyped. Every guide is listed on Reef Wisdom.",
  },
  order: {
    title: "We couldn't find that order",
    body: "Open it from the link you were given when you ordered, or from your confirmation email.",
  },
  account: {
    title: "Nothing here",
    body: "The link may be mistyped. Your orders and details are on your account page.",
  },
};

function kindOf(error: unknown): ErrorKind {
  if (!isRouteErrorResponse(error)) return "ours";
  if (error.status === 404) return "missing";
  if (error.status === 401 || error.status === 403) return "signed-out";
  if (error.status === 429 || error.status === 503) return "busy";
  return "ours";
}

function wording(kind: ErrorKind, subject: ErrorSubject): Wording {
  const noun = NOUN[subject];
  switch (kind) {
    case "missing":
      return subject === "page" ? { title: "Page not found", body: "" } : MISSING[subject];
    case "signed-out":
      return { title: "Please sign in", body: `Sign in to see ${noun}; your session may have ended.` };
    case "busy":
      return {
        title: "The shop is busy for a moment",
        body: `We couldn't load ${noun} just now. Nothing is lost: please try again in a minute.`,
      };
    case "ours":
      return {
        title: "Something went wrong on our side",
        body: `We couldn't load ${noun}. It isn't anything you did: please try again, or write to us if it keeps happening.`,
      };
  }
}

/** Where to go next from a failed page: retry the same address, or the list it belongs to. */
function NextSteps({ kind, subject }: { kind: ErrorKind; subject: ErrorSubject }) {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const list =
    subject === "guide"
      ? { to: "/reef-wisdom", label: "All guides" }
      : subject === "account" && kind !== "signed-out"
        ? { to: "/profile", label: "Your account" }
        : { to: "/products", label: "Browse the shop" };
  return (
    <div className="mt-8 flex flex-wrap justify-center gap-3">
      {kind === "signed-out" ? (
        <Link to={`/sign-in?redirectTo=${encodeURIComponent(here)}`} className="btn-primary">
          Sign in
        </Link>
      ) : kind === "missing" ? null : (
        <a href={here} className="btn-primary">
          Try again
        </a>
      )}
      <Link to={list.to} className={kind === "missing" ? "btn-primary" : "btn-secondary"}>
        {list.label}
      </Link>
      {subject === "order" || kind === "ours" ? (
        <Link to="/contact" className="btn-secondary">
          Contact us
        </Link>
      ) : null}
    </div>
  );
}

export function ErrorPage({ error, subject = "page" }: { error: unknown; subject?: ErrorSubject }) {
  const kind = kindOf(error);
  if (kind === "missing" && subject === "page") return <NotFound />;
  const { title, body } = wording(kind, subject);
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <section className="container-page py-24 text-center" aria-labelledby="error-heading" data-status={status}>
      <title>{`${title} | Lazy Reefer`}</title>
      <meta name="robots" content="noindex" />
      <p className="eyebrow">{kind === "missing" ? "Not found" : `Error ${status}`}</p>
      <h1 id="error-heading" className="mt-3 text-4xl font-semibold">
        {title}
      </h1>
      <p className="mx-auto mt-4 max-w-md text-lg text-ink-soft">{body}</p>
      {import.meta.env.DEV && error instanceof Error ? (
        <pre className="mx-auto mt-4 max-w-2xl overflow-auto text-left text-sm">{error.message}</pre>
      ) : null}
      <NextSteps kind={kind} subject={subject} />
    </section>
  );
}

export function NotFound() {
  return (
    <section className="container-page py-24 text-center" aria-labelledby="not-found-heading">
      <title>Page not found | Lazy Reefer</title>
      <meta name="robots" content="noindex" />
      <p className="eyebrow">404</p>
      <h1 id="not-found-heading" className="mt-3 text-4xl font-semibold sm:text-5xl">
        This page drifted off the reef
      </h1>
      <p className="mx-auto mt-4 max-w-md text-lg text-ink-soft">
        We couldn't find what you were looking for. It may have moved, or the link may be mistyped.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/products" className="btn-primary">
          Browse the shop
        </Link>
        <Link to="/reef-wisdom" className="btn-secondary">
          Read the guides
        </Link>
      </div>
    </section>
  );
}
