import { data, redirect } from "react-router";
import { getUser, type SessionUser } from "#app/models/accounts/session.server";
import type { AppServices } from "#app/services/container";

export function isAdmin(user: SessionUser | null): user is SessionUser {
  return user?.role === "admin";
}

/**
 * Every admin loader and action calls this itself (a `.data` request may run one route's loader
 * alone, so a guard on the layout would not be enough): signed out → sign in; not an admin → 403.
 */
export async function requireAdmin(services: AppServices, request: Request): Promise<SessionUser> {
  const user = await getUser(services, request.headers);
  if (!user) {
    const url = new URL(request.url);
    throw redirect(`/sign-in?redirectTo=${encodeURIComponent(url.pathname.replace(/\.data$/, "") + url.search)}`);
  }
  if (!isAdmin(user)) throw data({ message: "This area is for the shop's administrators." }, { status: 403 });
  return user;
}
