import { MailWarning, Package } from "lucide";
import { Form, Link, redirect, useNavigation } from "react-router";
import { FormAlert } from "#app/components/account/auth-card";
import { PasswordField } from "#app/components/account/password-field";
import { PhotoUpload } from "#app/components/account/photo-upload";
import { routeErrorBoundary } from "#app/components/route-error";
import { Field } from "#app/components/ui/field";
import { Icon } from "#app/components/ui/icon";
import { AUTH_ERROR_MESSAGES } from "#app/domain/auth-errors";
import { formatDate } from "#app/domain/dates";
import { CHECK_FIELDS, formIntent, parseForm, resultFor, type FormResult } from "#app/domain/forms";
import { formatCents } from "#app/domain/money";
import { orderConfirmationPath } from "#app/domain/order-links";
import { orderStory } from "#app/domain/order-story";
import { PROFILE_INTENTS, profileSchemas, type ProfileIntent } from "#app/forms/account";
import { listCustomerOrders } from "#app/models/accounts/customers.server";
import { callAuth, cookiesFrom, getUser, requireUser } from "#app/models/accounts/session.server";
import { customerMailAnswers, mailIsSent } from "#app/models/mail-setup.server";
import { orderToken, storyFactsFor } from "#app/models/orders/orders.server";
import { creditBalance, creditEmailOf } from "#app/models/orders/store-credit.server";
import { authFailure, authFailureFrom } from "#app/routes/edge/auth-answers.server";
import { formError, formSuccess, invalidForm } from "#app/utils/form-response";
import { pageMeta } from "#app/utils/seo";
import type { Route } from "./+types/profile";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, {
    title: "Your account",
    description: "Your Lazy Reefer account and orders.",
    path: "/profile",
  }),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  // Landing here from the link that confirmed a new address (Better Auth adds `error` when the
  // link did not work): say what happened, also to someone who opened it signed out.
  const emailLink = params.get("email") === "changed" ? (params.get("error") ? "failed" : "changed") : null;
  if (emailLink === "changed" && !(await getUser(context.services, request.headers)))
    throw redirect(`/sign-in?email=changed&redirectTo=${encodeURIComponent("/profile")}`);
  const user = await requireUser(context.services, request);
  const orders = await listCustomerOrders(context.services.database.db, user);
  const creditEmail = creditEmailOf(user);
  return {
    user,
    notice: emailLink === "changed" ? `Your email address is now ${user.email}.` : null,
    linkError: emailLink === "failed" ? AUTH_ERROR_MESSAGES["invalid-token"] : null,
    confirmDelete: params.get("delete") === "confirm",
    policy: context.services.config.passwordPolicy,
    unconfirmedNote: user.emailVerified ? null : customerMailAnswers.unconfirmedAddress(context.services.config),
    emailChangeUnavailable: customerMailAnswers.emailChangeUnavailable(context.services.config),
    orders: await withStories(context, orders),
    // Store credit (decision 034): spent by the checkout when signed in with this address.
    storeCreditCents: creditEmail ? await creditBalance(context.services.database.db, creditEmail) : 0,
  };
}

/** Each listed order with its link and what happened to it, told as on the order page. */
async function withStories<T extends { id: string }>(context: Route.LoaderArgs["context"], orders: T[]) {
  const facts = await storyFactsFor(
    context.services.database.db,
    orders.map((o) => o.id),
  );
  const mailSent = mailIsSent(context.services.config);
  return orders.map((o) => {
    const known = facts.get(o.id);
    return {
      ...o,
      url: orderConfirmationPath(o.id, orderToken(context.services.secret, o.id)),
      story: known ? orderStory(known, { mailSent }) : null,
    };
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = formIntent(form);
  const user = await getUser(context.services, request.headers);
  if (!user) return authFailure("no-user", 401, intent);
  if (!isProfileIntent(intent)) return formError("This form is out of date. Reload the page and try again.");
  const parsed = parseForm(profileSchemas(context.services.config.passwordPolicy)[intent], form, intent);
  if (!parsed.success) return invalidForm(parsed.result);
  const call = (path: string, body: unknown) => callAuth(context.services, request, context.clientIp, path, body);
  const input = parsed.data;

  if ("name" in input) {
    const res = await call("/update-user", { name: input.name });
    return res.ok ? formSuccess("Your name is updated.", { intent }) : authFailureFrom(res, intent);
  }

  // Sensitive changes need the current password again: the auth endpoint checks it (and counts
  // the check against the user's limit), and a wrong one is said once, beside its field.
  if ("newPassword" in input) {
    const res = await call("/change-password", {
      currentPassword: input.reauthPassword,
      newPassword: input.newPassword,
      revokeOtherSessions: true,
    });
    if (!res.ok) return reauthFailure(res, intent, { password: "newPassword" });
    return formSuccess("Password changed. Your other devices were signed out.", { intent, headers: cookiesFrom(res) });
  }
  if ("newEmail" in input) {
    const { config } = context.services;
    // The change takes effect only through the link mailed to the new address: without mail it
    // cannot be made, so nothing is asked of the auth server and the customer is told so.
    if (!mailIsSent(config))
      return formError(customerMailAnswers.emailChange(config, input.newEmail, user.email), { intent, status: 409 });
    const res = await call("/change-email", {
      newEmail: input.newEmail,
      password: input.reauthPassword,
      callbackURL: "/profile?email=changed",
    });
    if (!res.ok) return reauthFailure(res, intent, { email: "newEmail" });
    return formSuccess(customerMailAnswers.emailChange(config, input.newEmail, user.email), { intent });
  }
  const res = await call("/delete-user", { password: input.reauthPassword });
  if (!res.ok) return reauthFailure(res, intent);
  throw redirect("/account-deleted", { headers: cookiesFrom(res) });
}

/** A refused sensitive change: a wrong current password is named beside its field, once. */
async function reauthFailure(response: Response, intent: string, fieldNames?: Record<string, string>) {
  const payload = (await response
    .clone()
    .json()
    .catch(() => ({}))) as { code?: string };
  if (payload.code === "INVALID_PASSWORD")
    return formError(CHECK_FIELDS, { intent, fieldErrors: { reauthPassword: "That isn't your current password." } });
  return authFailureFrom(response, intent, fieldNames);
}

function isProfileIntent(intent: string): intent is ProfileIntent {
  return (PROFILE_INTENTS as readonly string[]).includes(intent);
}

/** One profile card: heading, the outcome of its last submission, a form posting its intent. */
function IntentForm(props: {
  id: string;
  title: string;
  intent: string;
  result: FormResult | null;
  busy: boolean;
  submit: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={`${props.id}-heading`} className="card p-6">
      <h2 id={`${props.id}-heading`} className="text-xl font-semibold">
        {props.title}
      </h2>
      <FormAlert message={props.result?.status === "error" ? props.result.message : null} />
      <FormAlert tone="success" message={props.result?.status === "success" ? props.result.message : null} />
      <Form method="post" className="mt-3 space-y-3">
        <input type="hidden" name="intent" value={props.intent} />
        {props.children}
        <button type="submit" className="btn-primary" disabled={props.busy}>
          {props.submit}
        </button>
      </Form>
    </section>
  );
}

function ReauthFields({ prefix, email, error }: { prefix: string; email: string; error?: string }) {
  return (
    <fieldset className="space-y-3 rounded-xl bg-sand p-4">
      <legend className="px-1 text-sm font-semibold">Confirm it's you</legend>
      {/* Lets password managers pick the right account; the customer is already known. */}
      <input type="hidden" name="username" value={email} autoComplete="username" />
      <Field
        id={`${prefix}-reauth-password`}
        name="reauthPassword"
        label="Current password"
        type="password"
        autoComplete="current-password"
        required
        maxLength={1024}
        error={error}
      />
    </fieldset>
  );
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { user, orders, policy } = loaderData;
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const result = (intent: string) => resultFor(actionData, intent);
  const initials =
    user.name
      .split(/\s+/)
      .map((p) => p[0])
      .join("")
      .slice(0, 2)
      .toUpperCase() || "?";

  return (
    <section className="container-page py-12">
      <div className="flex flex-wrap items-center gap-4">
        {user.image ? (
          <img
            src={user.image}
            alt={user.name}
            width={64}
            height={64}
            className="h-16 w-16 rounded-full object-cover"
            data-testid="profile-photo"
          />
        ) : (
          <span
            aria-hidden="true"
            className="grid h-16 w-16 place-items-center rounded-full bg-reef text-xl font-bold text-white"
          >
            {initials}
          </span>
        )}
        <div>
          <p className="eyebrow">Your account</p>
          <h1 className="text-4xl font-semibold">{user.name}</h1>
          <p className="text-ink-soft">{user.email}</p>
        </div>
        <PhotoUpload />
        <Link to="/account/tanks" className="btn-secondary" data-testid="my-tanks-link">
          My tanks
        </Link>
        <Link to="/account/subscriptions" className="btn-secondary" data-testid="my-subscriptions-link">
          My subscriptions
        </Link>
        <Form method="post" action="/sign-out" className="ml-auto">
          <button type="submit" className="btn-secondary">
            Sign out
          </button>
        </Form>
      </div>

      {loaderData.notice ? (
        <div className="mt-6">
          <FormAlert tone="success" message={loaderData.notice} />
        </div>
      ) : null}
      {loaderData.linkError ? (
        <div className="mt-6">
          <FormAlert message={loaderData.linkError} />
        </div>
      ) : null}
      {loaderData.unconfirmedNote ? (
        <p className="mt-6 flex items-start gap-2 rounded-xl bg-gold-light p-4 text-sm">
          <Icon icon={MailWarning} aria-hidden="true" className="h-5 w-5 shrink-0" />
          {loaderData.unconfirmedNote}
        </p>
      ) : null}

      <div className="mt-10 grid items-start gap-8 lg:grid-cols-[1.3fr_1fr]">
        <section aria-labelledby="orders-heading" className="card p-6">
          <h2 id="orders-heading" className="text-2xl font-semibold">
            Your orders
          </h2>
          {loaderData.storeCreditCents > 0 ? (
            <p className="mt-2 font-semibold text-chaeto" data-testid="store-credit">
              Store credit: {formatCents(loaderData.storeCreditCents)}, taken off your next order when you check out
              signed in.
            </p>
          ) : null}
          {orders.length === 0 ? (
            <div className="mt-4 flex flex-col items-start gap-3 text-ink-soft">
              <Icon icon={Package} aria-hidden="true" className="h-8 w-8" />
              <p>No orders yet. When you buy something, it shows up here.</p>
              <Link to="/products" className="btn-primary">
                Browse products
              </Link>
            </div>
          ) : (
            <ul className="mt-4 divide-y divide-line" data-testid="order-history">
              {orders.map((o) => (
                <li key={o.id} className="py-3" data-testid="order-history-row">
                  <Link to={o.url} className="flex flex-wrap items-center justify-between gap-2 hover:bg-sand/60">
                    <span>
                      <span className="block font-semibold">{o.number}</span>
                      <span className="text-sm text-ink-soft">
                        {formatDate(o.createdAt)} · {o.itemCount} {o.itemCount === 1 ? "item" : "items"}
                      </span>
                    </span>
                    <span className="text-right">
                      <span className="block font-semibold">{formatCents(o.totalCents)}</span>
                      <span className="text-sm text-ink-soft" data-testid="order-history-status">
                        {o.story?.label ?? o.status}
                      </span>
                    </span>
                  </Link>
                  {o.story ? (
                    <p className="mt-1 text-sm text-ink-soft">
                      {o.story.headline}
                      {o.story.tracking ? (
                        <>
                          {" "}
                          {o.story.tracking.carrier} tracking{" "}
                          {o.story.tracking.url ? (
                            <a
                              href={o.story.tracking.url}
                              className="font-semibold break-all text-reef-dark underline"
                              target="_blank"
                              rel="noopener noreferrer"
                            >
                              {o.story.tracking.number}
                            </a>
                          ) : (
                            <strong className="break-all">{o.story.tracking.number}</strong>
                          )}
                          .
                        </>
                      ) : null}
                      {o.story.refund ? ` ${o.story.refund}` : null}
                    </p>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </section>

        <div className="space-y-8">
          <IntentForm
            id="name"
            title="Display name"
            intent="update-name"
            result={result("update-name")}
            busy={busy("update-name")}
            submit="Save name"
          >
            <Field
              name="name"
              label="Name"
              defaultValue={user.name}
              autoComplete="nickname"
              required
              maxLength={120}
              error={result("update-name")?.fieldErrors?.name}
            />
          </IntentForm>
          <IntentForm
            id="password"
            title="Change password"
            intent="change-password"
            result={result("change-password")}
            busy={busy("change-password")}
            submit="Change password"
          >
            <ReauthFields
              prefix="password"
              email={user.email}
              error={result("change-password")?.fieldErrors?.reauthPassword}
            />
            <PasswordField
              name="newPassword"
              label="New password"
              policy={policy}
              error={result("change-password")?.fieldErrors?.newPassword}
            />
          </IntentForm>
          {loaderData.emailChangeUnavailable ? (
            <section aria-labelledby="email-heading" className="card p-6" data-testid="email-change-unavailable">
              <h2 id="email-heading" className="text-xl font-semibold">
                Change email
              </h2>
              <p className="mt-2 text-sm text-ink-soft">{loaderData.emailChangeUnavailable}</p>
            </section>
          ) : (
            <IntentForm
              id="email"
              title="Change email"
              intent="change-email"
              result={result("change-email")}
              busy={busy("change-email")}
              submit="Send confirmation link"
            >
              <ReauthFields
                prefix="email"
                email={user.email}
                error={result("change-email")?.fieldErrors?.reauthPassword}
              />
              <Field
                name="newEmail"
                label="New email"
                type="email"
                autoComplete="email"
                required
                maxLength={254}
                error={result("change-email")?.fieldErrors?.newEmail}
              />
            </IntentForm>
          )}

          <section
            id="delete-account"
            aria-labelledby="delete-heading"
            className="card border border-coral-text/30 p-6"
          >
            <h2 id="delete-heading" className="text-xl font-semibold">
              Delete account
            </h2>
            <p className="mt-1 text-sm text-ink-soft">
              Your account and sign-in are removed. Order records are kept for tax purposes, without a link to you.
            </p>
            {/* Two steps, each a page of its own, so the question is asked with or without JavaScript. */}
            {loaderData.confirmDelete || result("delete-account") ? (
              <>
                <p className="mt-3 font-semibold" data-testid="delete-confirmation">
                  Are you sure? Deleting your account can't be undone.
                </p>
                <FormAlert message={result("delete-account")?.message} />
                <Form method="post" className="mt-3 space-y-3">
                  <input type="hidden" name="intent" value="delete-account" />
                  <ReauthFields
                    prefix="delete"
                    email={user.email}
                    error={result("delete-account")?.fieldErrors?.reauthPassword}
                  />
                  <div className="flex flex-wrap gap-3">
                    <button
                      type="submit"
                      className="btn bg-coral-text text-white hover:bg-[#8f2e11]"
                      disabled={busy("delete-account")}
                    >
                      Yes, delete my account
                    </button>
                    <Link to="/profile" className="btn-secondary">
                      Keep my account
                    </Link>
                  </div>
                </Form>
              </>
            ) : (
              <Link
                to="/profile?delete=confirm#delete-account"
                className="btn mt-3 bg-coral-text text-white hover:bg-[#8f2e11]"
              >
                Delete my account…
              </Link>
            )}
          </section>
        </div>
      </div>
    </section>
  );
}

export const ErrorBoundary = routeErrorBoundary("account");
