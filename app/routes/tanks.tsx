import { Form, Link, redirect, useNavigation } from "react-router";
import { FormAlert } from "#app/components/account/auth-card";
import { TankFields } from "#app/components/account/tank-fields";
import { routeErrorBoundary } from "#app/components/route-error";
import { parseForm, resultFor } from "#app/domain/forms";
import { TankSchema } from "#app/forms/tanks";
import { getUser, requireUser } from "#app/models/accounts/session.server";
import { createTank, listTanks } from "#app/models/tanks/tanks.server";
import { formError, invalidForm } from "#app/utils/form-response";
import { pageMeta } from "#app/utils/seo";
import type { Route } from "./+types/tanks";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, {
    title: "My tanks",
    description: "Your reef tanks and their parameter logs.",
    path: "/account/tanks",
  }),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context.services, request);
  return { tanks: await listTanks(context.services.database.db, user.id) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await getUser(context.services, request.headers);
  if (!user) return formError("Your session has ended. Sign in again.", { intent: "create-tank", status: 401 });
  const form = await request.formData();
  const parsed = parseForm(TankSchema, form, "create-tank");
  if (!parsed.success) return invalidForm(parsed.result, form);
  const tank = await createTank(
    { db: context.services.database.db, now: context.services.clock() },
    user.id,
    parsed.data,
  );
  throw redirect(`/account/tanks/${tank.id}`);
}

export default function Tanks({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const result = resultFor(actionData, "create-tank");
  return (
    <section className="container-page py-12">
      <p className="eyebrow">
        <Link to="/profile" className="underline">
          Your account
        </Link>
      </p>
      <h1 className="text-4xl font-semibold">My tanks</h1>
      <div className="mt-8 grid items-start gap-8 lg:grid-cols-[1.3fr_1fr]">
        <section aria-labelledby="tanks-heading" className="card p-6">
          <h2 id="tanks-heading" className="text-2xl font-semibold">
            Your tanks
          </h2>
          {loaderData.tanks.length === 0 ? (
            <p className="mt-3 text-ink-soft">No tanks yet. Add one to start logging its parameters.</p>
          ) : (
            <ul className="mt-4 divide-y divide-line" data-testid="tank-list">
              {loaderData.tanks.map((tank) => (
                <li key={tank.id} className="py-3">
                  <Link to={`/account/tanks/${tank.id}`} className="font-semibold text-reef-dark underline">
                    {tank.name}
                  </Link>
                  <span className="block text-sm text-ink-soft">
                    {tank.displayVolume} {tank.volumeUnit} display
                    {tank.sumpVolume ? ` + ${tank.sumpVolume} ${tank.volumeUnit} sump` : ""}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="add-tank-heading" className="card p-6">
          <h2 id="add-tank-heading" className="text-xl font-semibold">
            Add a tank
          </h2>
          <FormAlert message={result?.status === "error" ? result.message : null} />
          <Form method="post" className="mt-3 space-y-3">
            <TankFields prefix="new" result={result} />
            <button type="submit" className="btn-primary" disabled={navigation.state === "submitting"}>
              Add tank
            </button>
          </Form>
        </section>
      </div>
    </section>
  );
}

export const ErrorBoundary = routeErrorBoundary("account");
