import { UserRoundX } from "lucide";
import { Link } from "react-router";
import { Icon } from "#app/components/ui/icon";
import { pageMeta } from "#app/utils/seo";
import type { Route } from "./+types/account-deleted";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, {
    title: "Account deleted",
    description: "Your Lazy Reefer account is deleted.",
    path: "/account-deleted",
  }),
  { name: "robots", content: "noindex" },
];

/** Where deleting an account lands: says what happened and what the shop keeps. */
export default function AccountDeleted() {
  return (
    <section className="container-page py-20 text-center">
      <Icon icon={UserRoundX} aria-hidden="true" className="mx-auto h-12 w-12 text-ink-soft" />
      <h1 className="mt-4 text-4xl font-semibold">Your account is deleted</h1>
      <p className="mx-auto mt-4 max-w-lg text-lg text-ink-soft">
        Your sign-in, name, photo and sessions are gone, and you are signed out everywhere. Orders you placed are kept
        for tax records, without a link to an account. You can still shop as a guest any time.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/products" className="btn-primary">
          Back to the shop
        </Link>
        <Link to="/privacy-policy" className="btn-secondary">
          What we keep and why
        </Link>
      </div>
    </section>
  );
}
