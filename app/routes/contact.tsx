import { Clock, Mail, Truck } from "lucide";
import { useRef } from "react";
import { Form, Link, redirect, useNavigation } from "react-router";
import { FormAlert } from "#app/components/account/auth-card";
import { PageHeader } from "#app/components/page-header";
import { Field, TextAreaField } from "#app/components/ui/field";
import { useFocusFirstError } from "#app/components/ui/focus-first-error";
import { Icon } from "#app/components/ui/icon";
import { parseForm, typedValues } from "#app/domain/forms";
import { ARRIVE_ALIVE_HOURS } from "#app/domain/shop-policies";
import { ContactSchema, submitContactMessage } from "#app/models/contact.server";
import { COMMUNITY_LIMIT } from "#app/services/rate-limit.server";
import { formError, invalidForm } from "#app/utils/form-response";
import { pageMeta } from "#app/utils/seo";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Contact us",
    description:
      "Questions about chaeto, an order or your reef? Write to Lazy Reefer: real reefers answer within two business days.",
    path: "/contact",
  });

export function loader({ context }: Route.LoaderArgs) {
  return { shopEmail: context.services.config.shopEmail };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = parseForm(ContactSchema, form);
  if (!parsed.success) return invalidForm(parsed.result, form);
  const { services } = context;
  const limited = await services.rateLimiter.hit(`contact:${context.clientIp}`, COMMUNITY_LIMIT);
  if (!limited.allowed)
    return formError("Too many messages from your connection. Please try again in a few minutes.", {
      status: 429,
      values: typedValues(form),
    });
  await submitContactMessage(services.database.db, services.config, parsed.data, services.clock());
  throw redirect("/thankyou?from=contact");
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { shopEmail } = loaderData;
  const busy = useNavigation().state === "submitting";
  const errors = actionData?.fieldErrors ?? {};
  // Filled in again after an error from a post made before the page's JavaScript ran.
  const typed = actionData?.values ?? {};
  const formCard = useRef<HTMLElement>(null);
  useFocusFirstError(formCard, actionData);
  return (
    <>
      <PageHeader
        eyebrow="Contact"
        title="Talk to a reefer"
        intro="Questions about an order, a struggling ball of chaeto or a tank that won't behave: the people who grow and pack your order answer every message."
      />
      <div className="container-page pt-12">
        <section ref={formCard} aria-labelledby="form-heading" className="card relative max-w-2xl p-6 sm:p-8">
          <h2 id="form-heading" className="text-2xl font-semibold">
            Send us a message
          </h2>
          <div className="mt-4">
            <FormAlert message={actionData?.message} />
          </div>
          <Form method="post" className="space-y-4">
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                name="name"
                label="Your name"
                autoComplete="name"
                required
                maxLength={120}
                defaultValue={typed.name}
                error={errors.name}
              />
              <Field
                name="email"
                label="Email"
                type="email"
                autoComplete="email"
                required
                maxLength={254}
                defaultValue={typed.email}
                error={errors.email}
              />
            </div>
            <Field
              name="subject"
              label="Subject (optional)"
              maxLength={150}
              defaultValue={typed.subject}
              error={errors.subject}
            />
            <TextAreaField
              name="message"
              label="Message"
              required
              minLength={10}
              maxLength={5000}
              rows={6}
              defaultValue={typed.message}
              error={errors.message}
            />
            <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
              <label htmlFor="website">Website</label>
              <input id="website" name="website" type="text" tabIndex={-1} autoComplete="off" />
            </div>
            <button type="submit" className="btn-primary" disabled={busy}>
              {busy ? "Sending…" : "Send message"}
            </button>
          </Form>
        </section>
      </div>
      <div className="container-page grid gap-6 py-12 md:grid-cols-3">
        <section className="card p-6" aria-labelledby="email-heading">
          <Icon icon={Mail} aria-hidden="true" className="h-6 w-6 text-reef" />
          <h2 id="email-heading" className="mt-3 text-xl font-semibold">
            Write to us directly
          </h2>
          <p className="mt-2 text-ink-soft">
            The quickest way to reach us. Include your order number if it's about an order.
          </p>
          <a href={`mailto:${shopEmail}`} className="mt-4 inline-block font-semibold text-reef-dark underline">
            {shopEmail}
          </a>
        </section>
        <section className="card p-6" aria-labelledby="hours-heading">
          <Icon icon={Clock} aria-hidden="true" className="h-6 w-6 text-reef" />
          <h2 id="hours-heading" className="mt-3 text-xl font-semibold">
            Response times
          </h2>
          <p className="mt-2 text-ink-soft">
            Monday to Friday, within two business days. Arrive-alive claims sent within {ARRIVE_ALIVE_HOURS} hours of
            delivery get priority.
          </p>
        </section>
        <section className="card p-6" aria-labelledby="help-heading">
          <Icon icon={Truck} aria-hidden="true" className="h-6 w-6 text-reef" />
          <h2 id="help-heading" className="mt-3 text-xl font-semibold">
            Before you write
          </h2>
          <p className="mt-2 text-ink-soft">
            Shipping days and the arrive-alive policy are on the{" "}
            <Link to="/shipping-info" className="font-semibold text-reef-dark underline">
              shipping page
            </Link>
            ; care questions are often answered in{" "}
            <Link to="/reef-wisdom" className="font-semibold text-reef-dark underline">
              Reef Wisdom
            </Link>
            .
          </p>
        </section>
      </div>
    </>
  );
}
