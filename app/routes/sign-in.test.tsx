import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import SignIn from "./sign-in";

const NOTICE = "Your password is changed. Sign in with the new one.";

function page(actionData?: unknown) {
  const Stub = createRoutesStub([{ id: "sign-in", path: "/sign-in", Component: SignIn as never }]);
  return renderToString(
    <Stub
      initialEntries={["/sign-in?reset=1"]}
      hydrationData={{
        loaderData: { "sign-in": { redirectTo: "/", social: null, notice: NOTICE, socialError: null } },
        ...(actionData ? { actionData: { "sign-in": actionData } } : {}),
      }}
    />,
  );
}

describe("sign-in page messages", () => {
  it("shows the notice it was opened with", () => {
    expect(page()).toContain(NOTICE);
  });

  it("shows only the latest result: an error after the notice replaces it", () => {
    const html = page({ status: "error", message: "That email and password don't match." });
    expect(html).toContain("That email and password don&#x27;t match.");
    expect(html).not.toContain(NOTICE);
  });
});
