import { Form, Link, useNavigation } from "react-router";
import { AuthCard, FormAlert } from "~/components/account/auth-card";
import { Field } from "~/components/ui/field";
import { AUTH_ERROR_MESSAGES, authErrorCode } from "~/domain/auth-errors";
import { callAuth } from "~/models/session.server";
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
  const email = String(form.get("email") ?? "")
    .trim()
    .toLowerCase();
  const res = await callAuth(context.services, request, context.clientIp, "/request-password-reset", {
    email,
    redirectTo: "/reset-password",
  });
  if (res.status === 429) return { sent: false, error: AUTH_ERROR_MESSAGES[authErrorCode(429, undefined)] };
  // The same answer whether or not the address has an account.
  return { sent: true, error: null };
}

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
      <FormAlert message={actionData?.error} />
      {actionData?.sent ? (
        <FormAlert
          tone="success"
          message="If an account exists for that address, a reset link is on its way. It works once and expires in an hour."
        />
      ) : (
        <Form method="post" className="space-y-4">
          <Field name="email" label="Email" type="email" autoComplete="email" required />
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? "Sending…" : "Send reset link"}
          </button>
        </Form>
      )}
    </AuthCard>
  );
}
