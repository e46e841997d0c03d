import { CheckCircle2, XCircle } from "lucide";
import { Form, useNavigation } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { Icon } from "~/components/ui/icon";
import { requireAdmin } from "~/models/admin-access.server";
import { DIAGNOSTICS, type CheckResult, type DiagnosticName } from "~/models/diagnostics.server";
import type { Route } from "./+types/diagnostics";

export const meta: Route.MetaFunction = () => [{ title: "Diagnostics | Back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.services, request);
  return { checks: await Promise.all([DIAGNOSTICS.database(context.services), DIAGNOSTICS.worker(context.services)]) };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(context.services, request);
  const name = String((await request.formData()).get("check")) as DiagnosticName;
  const run = DIAGNOSTICS[name];
  return { result: run ? await run(context.services) : null };
}

function Result({ result }: { result: CheckResult }) {
  return (
    <li className="flex items-start gap-2 text-sm">
      {result.ok ? (
        <Icon icon={CheckCircle2} aria-hidden="true" className="h-5 w-5 text-chaeto" />
      ) : (
        <Icon icon={XCircle} aria-hidden="true" className="h-5 w-5 text-coral-text" />
      )}
      <span>
        <strong>{result.name}</strong> {result.ok ? "works" : "failed"}: {result.detail}{" "}
        <span className="text-ink-soft">({result.ms} ms)</span>
      </span>
    </li>
  );
}

export default function Diagnostics({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <AdminPage headingId="diagnostics-heading" title="Diagnostics">
      <ul className="card mt-4 space-y-2 p-5" data-testid="diagnostics-status">
        {loaderData.checks.map((c) => (
          <Result key={c.name} result={c} />
        ))}
      </ul>
      <Form method="post" className="card mt-4 space-y-3 p-5">
        <h2 className="text-xl font-semibold">Run a check</h2>
        <div className="flex flex-wrap gap-2">
          {(["database", "email", "storage", "payment", "worker"] as const).map((name) => (
            <button key={name} type="submit" name="check" value={name} className="btn-secondary" disabled={busy}>
              {name === "email"
                ? "Send a test email"
                : name === "payment"
                  ? "Test charge"
                  : name === "storage"
                    ? "Storage round trip"
                    : name === "database"
                      ? "Database round trip"
                      : "Worker heartbeat"}
            </button>
          ))}
        </div>
        {actionData?.result ? (
          <ul aria-live="polite" data-testid="diagnostic-result">
            <Result result={actionData.result} />
          </ul>
        ) : null}
      </Form>
    </AdminPage>
  );
}
