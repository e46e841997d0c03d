import { redirect } from "react-router";
import { callAuth, cookiesFrom, safeRedirect } from "#app/models/accounts/session.server";
import type { Route } from "./+types/social-sign-in";

/**
 * Starts OpenID Connect sign-in: asks Better Auth for the provider's authorization URL (it sets the
 * state cookie) and sends the browser there. Used by the popup and by the no-popup fallback.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (!context.services.config.oidc) throw redirect("/sign-in");
  const params = new URL(request.url).searchParams;
  const popup = params.get("popup") === "1";
  const redirectTo = safeRedirect(params.get("redirectTo"));
  const callbackURL = popup ? `/sign-in/social/done?popup=1` : redirectTo;
  // Better Auth 1.7's generic OAuth providers sign in through the core social endpoint.
  const res = await callAuth(context.services, request, context.clientIp, "/sign-in/social", {
    provider: "oidc",
    callbackURL,
    errorCallbackURL: `/sign-in/social/done?${popup ? "popup=1&" : ""}error=1`,
  });
  const body = (await res.json().catch(() => ({}))) as { url?: string };
  if (!res.ok || !body.url) throw redirect("/sign-in?error=social");
  throw redirect(body.url, { headers: cookiesFrom(res) });
}

export default function SocialSignIn() {
  return null;
}
