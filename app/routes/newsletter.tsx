import { Form, Link, useNavigation } from "react-router";
import { FormAlert } from "#app/components/account/auth-card";
import { PageHeader } from "#app/components/page-header";
import { EmailField } from "#app/components/ui/field";
import { parseForm } from "#app/domain/forms";
import { NewsletterSchema } from "#app/forms/newsletter";
import { requestSubscription } from "#app/models/accounts/newsletter.server";
import { customerMailAnswers, mailIsSent } from "#app/models/mail-setup.server";
import { COMMUNITY_LIMIT } from "#app/services/rate-limit.server";
import { formError, formSuccess, invalidForm } from "#app/utils/form-response";
import { pageMeta } from "#app/utils/seo";
import type { Route } from "./+types/newsletter";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, {
    title: "Newsletter",
    description: "One email when something new is in stock, plus monthly reef notes from Lazy Reefer.",
    path: "/newsletter",
  }),
  { name: "robots", content: "noindex" },
];

/**
 * Where the newsletter forms post when the page's JavaScript has not run (or is off): the same
 * double opt-in as `/api/newsletter`, answered with this page (decision 018).
 */
export function loader({ context }: Route.LoaderArgs) {
  return { mailSent: mailIsSent(context.services.config) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = parseForm(NewsletterSchema, await request.formData());
  if (!parsed.success) return invalidForm(parsed.result);
  const { services } = context;
  const limited = await services.rateLimiter.hit(`newsletter:${context.clientIp}`, COMMUNITY_LIMIT);
  if (!limited.allowed)
    return formError("Too many requests from your connection. Please try again in a few minutes.", { status: 429 });
  if (!parsed.data.website)
    await requestSubscription(
      { db: services.database.db, config: services.config, secret: services.secret, now: services.clock() },
      parsed.data.email,
      parsed.data.source,
    );
  return formSuccess(customerMailAnswers.newsletter(services.config));
}

export default function Newsletter({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const done = actionData?.status === "success";
  return (
    <>
      <PageHeader
        eyebrow="Newsletter"
        title={done ? (loaderData.mailSent ? "Check your inbox" : "Not subscribed yet") : "Reef notes by email"}
        intro="One email when something new is in stock, plus our monthly reef notes. Unsubscribe in one click."
      />
      <div className="container-page py-12">
        <section aria-label="Newsletter signup" className="card relative max-w-xl p-6 sm:p-8">
          {done ? (
            <>
              <p role="status" className="rounded-xl bg-chaeto-light p-4 font-medium text-chaeto">
                {actionData.message}
              </p>
              <Link to="/products" className="btn-primary mt-6">
                Back to the shop
              </Link>
            </>
          ) : (
            <>
              <FormAlert message={actionData?.message} />
              <Form method="post" className="space-y-4">
                <EmailField label="Email address" error={actionData?.fieldErrors?.email} />
                <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
                  <label htmlFor="website">Website</label>
                  <input id="website" name="website" type="text" tabIndex={-1} autoComplete="off" />
                </div>
                <button type="submit" className="btn-primary" disabled={busy}>
                  {busy ? "Sending…" : "Subscribe"}
                </button>
              </Form>
            </>
          )}
        </section>
      </div>
    </>
  );
}
