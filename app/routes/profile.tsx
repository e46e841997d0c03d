import { redirect } from "react-router";

/** Guarded: until a session says otherwise, a visitor is sent to sign in and brought back after. */
export function loader() {
  throw redirect(`/sign-in?redirectTo=${encodeURIComponent("/profile")}`);
}

export default function Profile() {
  return null;
}
