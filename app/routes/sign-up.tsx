import { Form, Link, redirect, useNavigation } from "react-router";
import { AuthCard, FormAlert } from "~/components/account/auth-card";
import { PasswordField } from "~/components/account/password-field";
import { Field } from "~/components/ui/field";
import { meetsPolicy } from "~/domain/password-policy";
import { authAction, failure } from "~/models/auth-actions.server";
import { getUser, safeRedirect } from "~/models/session.server";
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
  const form = await request.formData();
  const email = String(form.get("email") ?? "")
    .trim()
    .toLowerCase();
  const password = String(form.get("password") ?? "");
  const name = String(form.get("name") ?? "")
    .trim()
    .slice(0, 120);
  if (!meetsPolicy(password, context.services.config.passwordPolicy))
    return failure("password-does-not-meet-requirements");
  return authAction(
    context,
    request,
    "/sign-up/email",
    { email, password, name: name || email.split("@")[0], callbackURL: "/profile" },
    String(form.get("redirectTo") ?? ""),
  );
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
      <FormAlert message={actionData?.error.message} />
      <Form method="post" className="space-y-4">
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <Field name="name" label="Display name (optional)" autoComplete="nickname" maxLength={120} />
        <Field name="email" label="Email" type="email" autoComplete="email" required />
        <PasswordField name="password" label="Password" policy={loaderData.policy} />
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? "Creating your account…" : "Create account"}
        </button>
      </Form>
    </AuthCard>
  );
}
