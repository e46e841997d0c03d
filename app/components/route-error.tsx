import { lazy, Suspense } from "react";
import type { ErrorSubject } from "./error-pages";

// The error pages are loaded on demand (app/components/error-pages.tsx): rare, and not worth bytes
// on every page. Suspense lets the server stream the page and the browser hydrate it once loaded.
const ErrorPage = lazy(() => import("./error-pages").then((module) => ({ default: module.ErrorPage })));

/**
 * A route's `ErrorBoundary`, saying what failed in the words of what the page shows (a product, a
 * guide, an order, the account) and what the visitor can do next, by the error's status.
 */
export function routeErrorBoundary(subject: ErrorSubject) {
  return function ErrorBoundary({ error }: { error: unknown }) {
    return (
      <Suspense fallback={null}>
        <ErrorPage error={error} subject={subject} />
      </Suspense>
    );
  };
}
