import { renderToString } from "react-dom/server";
import { createRoutesStub, UNSAFE_ErrorResponseImpl as ErrorResponse } from "react-router";
import { describe, expect, it } from "vitest";
import { ErrorPage, type ErrorSubject } from "./error-pages";

/** The page a route's ErrorBoundary shows for `error`, rendered where the route is. */
function errorPage(subject: ErrorSubject, error: unknown, at = "/somewhere?x=1") {
  const Stub = createRoutesStub([
    {
      id: "failing",
      path: "/somewhere",
      Component: () => null,
      ErrorBoundary: () => <ErrorPage error={error} subject={subject} />,
    },
  ]);
  return renderToString(<Stub initialEntries={[at]} hydrationData={{ errors: { failing: error } }} />);
}

const status = (code: number) => new ErrorResponse(code, "", null);

describe("route error pages", () => {
  it("say what is missing in the words of the page, with the list it belongs to", () => {
    const product = errorPage("product", status(404));
    expect(product).toContain("This product isn&#x27;t in the shop");
    expect(product).toContain('href="/products"');
    expect(product).not.toContain("Try again");
    const guide = errorPage("guide", status(404));
    expect(guide).toContain("No guide by that name");
    expect(guide).toContain('href="/reef-wisdom"');
  });

  it("offer to try the same address again when the shop failed, and say it was not the visitor", () => {
    const order = errorPage("order", new Error("database gone"));
    expect(order).toContain("Something went wrong on our side");
    expect(order).toContain("We couldn&#x27;t load your order");
    expect(order).toContain('href="/somewhere?x=1"');
    expect(order).toContain('href="/contact"');
  });

  it("tell a busy shop from a broken one, and a signed-out visitor where to sign in", () => {
    expect(errorPage("product", status(503))).toContain("The shop is busy for a moment");
    const account = errorPage("account", status(401));
    expect(account).toContain("Please sign in");
    expect(account).toContain(`href="/sign-in?redirectTo=${encodeURIComponent("/somewhere?x=1")}"`);
  });

  it("keep the shop's not-found page for an unknown address", () => {
    expect(errorPage("page", status(404))).toContain("This page drifted off the reef");
  });
});
