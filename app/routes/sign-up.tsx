import { Form, Link, redirect, useNavigation } from "react-router";
import { AuthCard, FormAlert } from "~/components/account/auth-card";
import { PasswordField } from "~/components/account/password-field";
import { EmailField, Field } from "~/components/ui/field";
import { parseForm } from "~/domain/forms";
import { signUpSchema } from "~/forms/account";
import { authAction } from "~/models/auth-actions.server";
import { getUser, safeRedirect } from "~/models/session.server";
import { invalidForm } from "~/utils/form-response";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/sign-up";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Create an account", description: "Create a Lazy Reefer account.", path: "/sign-up" }),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"));
  if (await getUser(context.services, request.headers)) throw redirect(redirectTo);
  return { redirectTo, policy: context.services.config.passwordPolicy };
}

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = parseForm(signUpSchema(context.services.config.passwordPolicy), await request.formData());
  if (!parsed.success) return invalidForm(parsed.result);
  const { email, password, name, redirectTo } = parsed.data;
  return authAction(context, request, "/sign-up/email", { email, password, name, callbackURL: "/profile" }, redirectTo);
}

export default function SignUp({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <AuthCard
      title="Create an account"
      intro="Keep your orders in one place. We'll email a link to confirm your address."
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
      <FormAlert message={actionData?.message} />
      <Form method="post" className="space-y-4">
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <Field
          name="name"
          label="Display name (optional)"
          autoComplete="nickname"
          maxLength={120}
          error={actionData?.fieldErrors?.name}
        />
        <EmailField error={actionData?.fieldErrors?.email} />
        <PasswordField
          name="password"
          label="Password"
          policy={loaderData.policy}
          error={actionData?.fieldErrors?.password}
        />
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? "Creating your account…" : "Create account"}
        </button>
      </Form>
    </AuthCard>
  );
}
