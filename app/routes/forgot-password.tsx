import { Form, Link, useNavigation } from "react-router";
import { AuthCard, FormAlert } from "#app/components/account/auth-card";
import { routeErrorBoundary } from "#app/components/route-error";
import { EmailField } from "#app/components/ui/field";
import { LinkedText } from "#app/components/ui/linked-text";
import { parseForm, typedValues } from "#app/domain/forms";
import { ForgotPasswordSchema } from "#app/forms/account";
import { callAuth } from "#app/models/accounts/session.server";
import { customerMailAnswers, mailIsSent } from "#app/models/mail-setup.server";
import { authFailure } from "#app/routes/edge/auth-answers.server";
import { formError, formSuccess, invalidForm } from "#app/utils/form-response";
import { pageMeta } from "#app/utils/seo";
import type { Route } from "./+types/forgot-password";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, {
    title: "Reset your password",
    description: "Get a link to reset your Lazy Reefer password.",
    path: "/forgot-password",
  }),
  { name: "robots", content: "noindex" },
];

export function loader({ context }: Route.LoaderArgs) {
  const { config } = context.services;
  return { intro: customerMailAnswers.passwordResetIntro(config), mailSent: mailIsSent(config) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = parseForm(ForgotPasswordSchema, form);
  if (!parsed.success) return invalidForm(parsed.result, form);
  const { config } = context.services;
  // No link can reach anyone: nothing is asked of the auth server, and the shopper is told what to do.
  if (!mailIsSent(config)) return formError(customerMailAnswers.passwordReset(config), { status: 409 });
  const res = await callAuth(context.services, request, context.clientIp, "/request-password-reset", {
    email: parsed.data.email,
    redirectTo: "/reset-password",
  });
  if (res.status === 429) return authFailure("too-many-requests", 429, undefined, {}, typedValues(form));
  // The same answer whether or not the address has an account.
  return formSuccess(customerMailAnswers.passwordReset(config));
}

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <AuthCard
      title="Reset your password"
      // Without mail the intro says to write to the shop: one tap on a phone.
      intro={<LinkedText text={loaderData.intro} />}
      footer={
        <Link to="/sign-in" className="font-semibold text-reef-dark underline">
          Back to sign in
        </Link>
      }
    >
      {actionData?.status === "error" ? <FormAlert message={actionData.message} /> : null}
      {actionData?.status === "success" ? (
        <FormAlert tone="success" message={actionData.message} />
      ) : loaderData.mailSent ? (
        <Form method="post" className="space-y-4">
          <EmailField defaultValue={actionData?.values?.email} error={actionData?.fieldErrors?.email} />
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? "Sending…" : "Send reset link"}
          </button>
        </Form>
      ) : null}
    </AuthCard>
  );
}

export const ErrorBoundary = routeErrorBoundary("account");
