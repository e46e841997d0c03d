import { redirect } from "react-router";

/** The old address of the plan page, kept for links in the wild. */
export function loader() {
  throw redirect("/plan", 301);
}

export default function ThePlan() {
  return null;
}
