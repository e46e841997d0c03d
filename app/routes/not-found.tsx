import { data } from "react-router";
import { NotFound } from "#app/components/error-pages";

/** Catch-all: any path not in the table answers 404 with the not-found page. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFoundRoute() {
  return <NotFound />;
}
