import { redirect } from "react-router";

/** Administrators only: a visitor without a session is sent to sign in first. */
export function loader() {
  throw redirect(`/sign-in?redirectTo=${encodeURIComponent("/admin/dashboard")}`);
}

export default function AdminDashboard() {
  return null;
}
