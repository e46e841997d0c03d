import { redirect } from "react-router";
import { requireAdmin } from "#app/models/back-office/access.server";
import type { Route } from "./+types/index";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.services, request);
  throw redirect("/admin/dashboard");
}

export default function AdminIndex() {
  return null;
}
