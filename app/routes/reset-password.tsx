import { Form, Link, redirect, useNavigation } from "react-router";
import { AuthCard, FormAlert } from "~/components/account/auth-card";
import { PasswordField } from "~/components/account/password-field";
import { AUTH_ERROR_MESSAGES, authErrorCode } from "~/domain/auth-errors";
import { meetsPolicy } from "~/domain/password-policy";
import { callAuth } from "~/models/session.server";
import { pageMeta } from "~/utils/seo";
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
  const form = await request.formData();
  const token = String(form.get("token") ?? "");
  const newPassword = String(form.get("password") ?? "");
  if (!meetsPolicy(newPassword, context.services.config.passwordPolicy))
    return { error: AUTH_ERROR_MESSAGES["password-does-not-meet-requirements"] };
  const res = await callAuth(context.services, request, context.clientIp, "/reset-password", { token, newPassword });
  if (res.ok) throw redirect("/sign-in?reset=1");
  const body = (await res.json().catch(() => ({}))) as { code?: string };
  return { error: AUTH_ERROR_MESSAGES[authErrorCode(res.status, body.code)] };
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
      <FormAlert message={actionData?.error} />
      <Form method="post" className="space-y-4">
        <input type="hidden" name="token" value={loaderData.token} />
        <PasswordField name="password" label="New password" policy={loaderData.policy} />
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? "Saving…" : "Save new password"}
        </button>
      </Form>
    </AuthCard>
  );
}
