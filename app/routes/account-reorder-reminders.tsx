import { data, Link, redirect } from "react-router";
import { ReorderReminderToggle } from "#app/components/reorder-reminder-toggle";
import { parseForm } from "#app/domain/forms";
import { ReorderConsentSchema } from "#app/forms/reorder-reminders";
import { requireUser } from "#app/models/accounts/session.server";
import { reorderConsents, setReorderConsent } from "#app/models/orders/reorder-reminders.server";
import { pageMeta } from "#app/utils/seo";
import type { Route } from "./+types/account-reorder-reminders";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, {
    title: "Coral food reminders",
    description: "A mail a week before your coral food runs out, with a one-tap reorder.",
    path: "/account/reorder-reminders",
  }),
  { name: "robots", content: "noindex" },
];

/** The customer's tanks, each with its reorder-reminder box (decision 048). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context.services, request);
  const url = new URL(request.url);
  return {
    tanks: await reorderConsents(context.services.database.db, user.id),
    saved: url.searchParams.get("saved"),
  };
}

/** Turns one tank's reminder on or off; another customer's tank is a 404. */
export async function action({ request, context }: Route.ActionArgs) {
  const { services } = context;
  const user = await requireUser(services, request);
  const parsed = parseForm(ReorderConsentSchema, await request.formData());
  if (!parsed.success) return data(parsed.result, { status: 400 });
  const { tankId, remind, returnTo } = parsed.data;
  const outcome = await setReorderConsent(
    { db: services.database.db, now: services.clock() },
    user.id,
    tankId,
    remind === "on",
  );
  if (outcome.kind === "not-found")
    return data({ status: "error" as const, message: "That tank is not one of yours." }, { status: 404 });
  const saved = outcome.on ? "on" : "off";
  throw redirect(
    returnTo === "tank" ? `/account/tanks/${tankId}?reminder=${saved}` : `/account/reorder-reminders?saved=${saved}`,
  );
}

export default function ReorderReminders({ loaderData, actionData }: Route.ComponentProps) {
  const { tanks, saved } = loaderData;
  return (
    <section className="container-page max-w-2xl py-12">
      <h1 className="text-4xl font-semibold">Coral food reminders</h1>
      <p className="mt-4 text-ink-soft">
        Tick a tank and we mail you once, a week before the coral food you bought from us is predicted to run out at the
        label dose for that tank — a rule of thumb — with a link that puts the same food in your cart at today&apos;s
        price.
      </p>
      {saved ? (
        <p role="status" className="mt-4 font-semibold" data-testid="reorder-saved">
          {saved === "on" ? "Reminder on." : "Reminder off."}
        </p>
      ) : null}
      {actionData && "message" in actionData && actionData.message ? (
        <p role="alert" className="mt-4 text-coral-text">
          {actionData.message}
          {"fieldErrors" in actionData && actionData.fieldErrors
            ? ` ${Object.values(actionData.fieldErrors).join(" ")}`
            : null}
        </p>
      ) : null}
      {tanks.length === 0 ? (
        <p className="mt-6">
          Add a tank first: <Link to="/account/tanks">your tanks</Link>.
        </p>
      ) : (
        <ul className="mt-6 space-y-6">
          {tanks.map((tank) => (
            <li key={tank.id}>
              <h2 className="mb-2 text-lg font-semibold">{tank.name}</h2>
              <ReorderReminderToggle tankId={tank.id} on={tank.on} returnTo="list" />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
