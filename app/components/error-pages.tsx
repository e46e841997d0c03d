import { isRouteErrorResponse, Link } from "react-router";

/*
 * The error and not-found pages. Kept out of root.tsx so that their markup is fetched only when
 * a page fails, not by every storefront page before interaction.
 */
export function ErrorPage({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText || ""}`.trim()
    : error instanceof Error && import.meta.env.DEV
      ? error.message
      : "Something went wrong on our side.";
  return (
    <section className="container-page py-24 text-center">
      <title>Unexpected Application Error! | Lazy Reefer</title>
      <p className="eyebrow">Error</p>
      <h1 className="mt-3 text-4xl font-semibold">Unexpected Application Error!</h1>
      <p className="mx-auto mt-4 max-w-md text-lg text-ink-soft">{detail}</p>
      <Link to="/" className="btn-primary mt-8">
        Back to the shop
      </Link>
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
