import { Link } from "react-router";
import { UserRound } from "lucide-react";
import type { Route } from "./+types/sign-in";
import { pageMeta } from "~/utils/seo";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Sign in", description: "Sign in to your Lazy Reefer account.", path: "/sign-in" }),
  { name: "robots", content: "noindex" },
];

export function loader({ request }: Route.LoaderArgs) {
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  return { redirectTo: redirectTo?.startsWith("/") && !redirectTo.startsWith("//") ? redirectTo : "/" };
}

export default function SignIn() {
  return (
    <section className="container-page flex justify-center py-16">
      <div className="card w-full max-w-md p-8">
        <UserRound aria-hidden="true" className="h-10 w-10 text-reef" />
        <h1 className="mt-4 text-3xl font-semibold">Customer accounts are on the way</h1>
        <p className="mt-3 text-ink-soft">
          Accounts with order history open shortly. Until then you can shop as a guest: every order gets a confirmation
          email with a private link to follow it.
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to="/products" className="btn-primary">
            Shop as a guest
          </Link>
          <Link to="/contact" className="btn-secondary">
            Ask about an order
          </Link>
        </div>
      </div>
    </section>
  );
}
