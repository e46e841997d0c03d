import { redirect } from "react-router";

export function loader() {
  throw redirect("/admin/dashboard");
}

export default function Admin() {
  return null;
}
