import { Form, Link, redirect, useNavigation } from "react-router";
import { AuthCard, FormAlert } from "#app/components/account/auth-card";
import { PasswordField } from "#app/components/account/password-field";
import { routeErrorBoundary } from "#app/components/route-error";
import { AUTH_ERROR_MESSAGES } from "#app/domain/auth-errors";
import { parseForm } from "#app/domain/forms";
import { resetPasswordSchema } from "#app/forms/account";
import { callAuth } from "#app/models/accounts/session.server";
import { authFailureFrom } from "#app/routes/edge/auth-answers.server";
import { invalidForm } from "#app/utils/form-response";
import { pageMeta } from "#app/utils/seo";
import type { Route } from "./+types/reset-password";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, {
    title: "Choose a new password",
    description: "Choose a new password for your Lazy Reefer account.",
    path: "/reset-password",
  }),
  { name: "robots", content: "noindex" },
];

export function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  return {
    token: params.get("token") ?? "",
    linkError: params.get("error"),
    policy: context.services.config.passwordPolicy,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = parseForm(resetPasswordSchema(context.services.config.passwordPolicy), await request.formData());
  if (!parsed.success) return invalidForm(parsed.result);
  const { token, password } = parsed.data;
  const res = await callAuth(context.services, request, context.clientIp, "/reset-password", {
    token,
    newPassword: password,
  });
  if (res.ok) throw redirect("/sign-in?reset=1");
  return authFailureFrom(res);
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  if (!loaderData.token || loaderData.linkError) {
    return (
      <AuthCard title="This link has expired" intro={AUTH_ERROR_MESSAGES["invalid-token"]}>
        <Link to="/forgot-password" className="btn-primary">
          Request a new link
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Choose a new password" intro="Other devices will be signed out when you save it.">
      <FormAlert message={actionData?.fieldErrors?.token ?? actionData?.message} />
      <Form method="post" className="space-y-4">
        <input type="hidden" name="token" value={loaderData.token} />
        <PasswordField
          name="password"
          label="New password"
          policy={loaderData.policy}
          error={actionData?.fieldErrors?.password}
        />
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? "Saving…" : "Save new password"}
        </button>
      </Form>
    </AuthCard>
  );
}

export const ErrorBoundary = routeErrorBoundary("account");
