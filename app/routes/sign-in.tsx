import { Form, Link, redirect, useNavigation } from "react-router";
import { AuthCard, FormAlert } from "#app/components/account/auth-card";
import { SocialSignInButton } from "#app/components/account/social-sign-in-button";
import { routeErrorBoundary } from "#app/components/route-error";
import { EmailField, Field } from "#app/components/ui/field";
import { AUTH_ERROR_MESSAGES } from "#app/domain/auth-errors";
import { parseForm, typedValues } from "#app/domain/forms";
import { SignInSchema } from "#app/forms/account";
import { getUser, safeRedirect } from "#app/models/accounts/session.server";
import { authAction } from "#app/routes/edge/auth-answers.server";
import { invalidForm } from "#app/utils/form-response";
import { pageMeta } from "#app/utils/seo";
import type { Route } from "./+types/sign-in";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, {
    title: "Sign in",
    description: "Sign in to your Lazy Reefer account to see your orders.",
    path: "/sign-in",
  }),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"));
  if (await getUser(context.services, request.headers)) throw redirect(redirectTo);
  const params = new URL(request.url).searchParams;
  return {
    redirectTo,
    social: context.services.config.oidc?.name ?? null,
    notice: params.get("reset")
      ? "Your password is changed. Sign in with the new one."
      : params.get("email") === "changed"
        ? "Your email address is changed. Sign in with the new one."
        : null,
    socialError: params.get("error") === "social" ? AUTH_ERROR_MESSAGES.unknown : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = parseForm(SignInSchema, form);
  if (!parsed.success) return invalidForm(parsed.result, form);
  const { email, password, redirectTo } = parsed.data;
  const body = { email, password, rememberMe: true };
  return authAction(context, request, "/sign-in/email", body, redirectTo, typedValues(form));
}

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <AuthCard
      title="Sign in"
      intro="See your orders and check out faster."
      footer={
        <p>
          New here?{" "}
          <Link
            to={`/sign-up?redirectTo=${encodeURIComponent(loaderData.redirectTo)}`}
            className="font-semibold text-reef-dark underline"
          >
            Create an account
          </Link>{" "}
          · or keep shopping as a guest.
        </p>
      }
    >
      {/* The notice of the page's arrival ("password changed") is older than any answer to a
          sign-in: only the latest result is shown, never a success beside a later error. */}
      <FormAlert tone="success" message={actionData ? null : loaderData.notice} />
      <FormAlert message={actionData?.message ?? loaderData.socialError} />
      {loaderData.social ? (
        <div className="mb-6">
          <SocialSignInButton label={loaderData.social} redirectTo={loaderData.redirectTo} />
          <p className="mt-4 text-center text-xs font-semibold tracking-wide text-ink-soft uppercase">
            or with your email
          </p>
        </div>
      ) : null}
      <Form method="post" className="space-y-4">
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <EmailField defaultValue={actionData?.values?.email} error={actionData?.fieldErrors?.email} />
        <Field
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          maxLength={1024}
          error={actionData?.fieldErrors?.password}
        />
        <div className="flex items-center justify-between gap-3">
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? "Signing in…" : "Sign in"}
          </button>
          <Link to="/forgot-password" className="text-sm font-semibold text-reef-dark underline">
            Forgot your password?
          </Link>
        </div>
      </Form>
    </AuthCard>
  );
}

export const ErrorBoundary = routeErrorBoundary("account");
