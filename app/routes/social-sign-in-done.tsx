import { useEffect } from "react";
import { redirect } from "react-router";
import type { Route } from "./+types/social-sign-in-done";

/** Where the provider sends the browser back. In the popup it tells the opener and closes. */
export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const failed = params.get("error") !== null;
  if (params.get("popup") !== "1") throw redirect(failed ? "/sign-in?error=social" : "/profile");
  return { failed };
}

export default function SocialSignInDone({ loaderData }: Route.ComponentProps) {
  useEffect(() => {
    if (window.opener) {
      window.opener.postMessage({ type: "lr-social-sign-in", ok: !loaderData.failed }, window.location.origin);
      window.close();
    } else {
      window.location.replace(loaderData.failed ? "/sign-in?error=social" : "/profile");
    }
  }, [loaderData.failed]);
  return (
    <p role="status" className="container-page py-16 text-center text-ink-soft">
      {loaderData.failed
        ? "Sign-in did not finish. You can close this window."
        : "Signed in. You can close this window."}
    </p>
  );
}
