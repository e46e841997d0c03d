import { Form, Link, redirect, useNavigation } from "react-router";
import { AuthCard, FormAlert } from "#app/components/account/auth-card";
import { PasswordField } from "#app/components/account/password-field";
import { routeErrorBoundary } from "#app/components/route-error";
import { EmailField, Field } from "#app/components/ui/field";
import { parseForm, typedValues } from "#app/domain/forms";
import { signUpSchema } from "#app/forms/account";
import { callAuth, getUser, safeRedirect } from "#app/models/accounts/session.server";
import { customerMailAnswers, mailIsSent } from "#app/models/mail-setup.server";
import { authFailure, authFailureFrom } from "#app/routes/edge/auth-answers.server";
import { formSuccess, invalidForm } from "#app/utils/form-response";
import { pageMeta } from "#app/utils/seo";
import type { Route } from "./+types/sign-up";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Create an account", description: "Create a Lazy Reefer account.", path: "/sign-up" }),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"));
  if (await getUser(context.services, request.headers)) throw redirect(redirectTo);
  return {
    redirectTo,
    policy: context.services.config.passwordPolicy,
    intro: customerMailAnswers.signUpIntro(context.services.config),
    mailSent: mailIsSent(context.services.config),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = parseForm(signUpSchema(context.services.config.passwordPolicy), form);
  if (!parsed.success) return invalidForm(parsed.result, form);
  const values = typedValues(form);
  const { email, password, name, redirectTo } = parsed.data;
  const callbackURL = safeRedirect(redirectTo, "/profile");
  let response: Response;
  try {
    response = await callAuth(context.services, request, context.clientIp, "/sign-up/email", {
      email,
      password,
      name,
      callbackURL,
    });
  } catch {
    return authFailure("network-request-failed", 503, undefined, {}, values);
  }
  if (!response.ok) return authFailureFrom(response, undefined, undefined, values);
  // The same words whether the address is new or already has an account (the owner of a known
  // address gets a mail saying so): the form must not tell a stranger who shops here.
  return formSuccess(customerMailAnswers.signUp(context.services.config, email));
}

export default function SignUp({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <AuthCard
      title="Create an account"
      intro={loaderData.intro}
      footer={
        <p>
          Already have an account?{" "}
          <Link
            to={`/sign-in?redirectTo=${encodeURIComponent(loaderData.redirectTo)}`}
            className="font-semibold text-reef-dark underline"
          >
            Sign in
          </Link>
        </p>
      }
    >
      {actionData?.status === "success" ? (
        <div className="space-y-4">
          <FormAlert tone="success" message={actionData.message} />
          {loaderData.mailSent ? (
            <p className="text-sm text-ink-soft">
              No email after a few minutes? Check your spam folder, or{" "}
              <Link to="/sign-up" reloadDocument className="font-semibold text-reef-dark underline">
                try again
              </Link>
              .
            </p>
          ) : (
            <Link to={`/sign-in?redirectTo=${encodeURIComponent(loaderData.redirectTo)}`} className="btn-primary">
              Sign in
            </Link>
          )}
        </div>
      ) : (
        <SignUpForm
          redirectTo={loaderData.redirectTo}
          policy={loaderData.policy}
          busy={busy}
          message={actionData?.message}
          fieldErrors={actionData?.fieldErrors}
          typed={actionData?.values}
        />
      )}
    </AuthCard>
  );
}

function SignUpForm({
  redirectTo,
  policy,
  busy,
  message,
  fieldErrors,
  typed,
}: {
  redirectTo: string;
  policy: Route.ComponentProps["loaderData"]["policy"];
  busy: boolean;
  message: string | undefined;
  fieldErrors: Record<string, string> | undefined;
  /** Filled in again after an error from a post made before the page's JavaScript ran. */
  typed: Record<string, string> | undefined;
}) {
  return (
    <>
      <FormAlert message={message} />
      <Form method="post" className="space-y-4">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field
          name="name"
          label="Display name (optional)"
          autoComplete="nickname"
          maxLength={120}
          defaultValue={typed?.name}
          error={fieldErrors?.name}
        />
        <EmailField defaultValue={typed?.email} error={fieldErrors?.email} />
        <PasswordField name="password" label="Password" policy={policy} error={fieldErrors?.password} />
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? "Creating your account…" : "Create account"}
        </button>
      </Form>
    </>
  );
}

export const ErrorBoundary = routeErrorBoundary("account");
