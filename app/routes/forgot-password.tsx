import { Form, Link, useNavigation } from "react-router";
import { AuthCard, FormAlert } from "~/components/account/auth-card";
import { routeErrorBoundary } from "~/components/route-error";
import { EmailField } from "~/components/ui/field";
import { parseForm, typedValues } from "~/domain/forms";
import { ForgotPasswordSchema } from "~/forms/account";
import { authFailure } from "~/models/auth-actions.server";
import { callAuth } from "~/models/session.server";
import { formSuccess, invalidForm } from "~/utils/form-response";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/forgot-password";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, {
    title: "Reset your password",
    description: "Get a link to reset your Lazy Reefer password.",
    path: "/forgot-password",
  }),
  { name: "robots", content: "noindex" },
];

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = parseForm(ForgotPasswordSchema, form);
  if (!parsed.success) return invalidForm(parsed.result, form);
  const res = await callAuth(context.services, request, context.clientIp, "/request-password-reset", {
    email: parsed.data.email,
    redirectTo: "/reset-password",
  });
  if (res.status === 429) return authFailure("too-many-requests", 429, undefined, {}, typedValues(form));
  // The same answer whether or not the address has an account.
  return formSuccess(SENT);
}

const SENT = "If an account exists for that address, a reset link is on its way. It works once and expires in an hour.";

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <AuthCard
      title="Reset your password"
      intro="Enter your email and we'll send a link to choose a new password."
      footer={
        <Link to="/sign-in" className="font-semibold text-reef-dark underline">
          Back to sign in
        </Link>
      }
    >
      {actionData?.status === "error" ? <FormAlert message={actionData.message} /> : null}
      {actionData?.status === "success" ? (
        <FormAlert tone="success" message={actionData.message} />
      ) : (
        <Form method="post" className="space-y-4">
          <EmailField defaultValue={actionData?.values?.email} error={actionData?.fieldErrors?.email} />
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? "Sending…" : "Send reset link"}
          </button>
        </Form>
      )}
    </AuthCard>
  );
}

export const ErrorBoundary = routeErrorBoundary("account");
