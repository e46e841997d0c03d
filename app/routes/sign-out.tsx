import { redirect } from "react-router";
import { callAuth, cookiesFrom } from "#app/models/accounts/session.server";
import type { Route } from "./+types/sign-out";

/** POST only (a link must not sign anyone out); clears the session and its cookies. */
export async function action({ request, context }: Route.ActionArgs) {
  const res = await callAuth(context.services, request, context.clientIp, "/sign-out", {});
  throw redirect("/", { headers: cookiesFrom(res) });
}

export function loader() {
  throw redirect("/");
}

export default function SignOut() {
  return null;
}
