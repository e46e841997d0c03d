import { AlertTriangle, CheckCircle2, XCircle } from "lucide";
import { data, Form, useNavigation } from "react-router";
import { AdminPage } from "#app/components/admin/admin-page";
import { SetupWarnings } from "#app/components/admin/setup-warnings";
import { Icon } from "#app/components/ui/icon";
import { parseForm, type FormResult } from "#app/domain/forms";
import { DIAGNOSTIC_CHECKS, DiagnosticFormSchema } from "#app/forms/admin-diagnostics";
import { requireAdmin } from "#app/models/back-office/access.server";
import { DIAGNOSTICS, type CheckResult } from "#app/models/back-office/diagnostics.server";
import { setupWarnings } from "#app/models/mail-setup.server";
import { invalidForm } from "#app/utils/form-response";
import type { Route } from "./+types/diagnostics";
import type { ReactNode } from "react";

export const meta: Route.MetaFunction = () => [{ title: "Diagnostics | Back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.services, request);
  return {
    checks: await Promise.all([DIAGNOSTICS.database(context.services), DIAGNOSTICS.worker(context.services)]),
    warnings: setupWarnings(context.services.config),
  };
}

/** A check that ran answers 200 whatever it found: the request was fine, the report says what failed. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(context.services, request);
  const parsed = parseForm(DiagnosticFormSchema, await request.formData(), "check");
  if (!parsed.success) return invalidForm(parsed.result);
  const result = await DIAGNOSTICS[parsed.data.check](context.services);
  return data<FormResult>({
    status: result.ok ? "success" : "error",
    intent: "check",
    message: `${result.name} ${verdict(result)}: ${result.detail} (${result.ms} ms)`,
  });
}

function verdict(result: CheckResult): string {
  return result.ok ? "works" : result.incomplete ? "did not send" : "failed";
}

function Outcome({ ok, incomplete = false, children }: { ok: boolean; incomplete?: boolean; children: ReactNode }) {
  return (
    <li className="flex items-start gap-2 text-sm">
      {ok ? (
        <Icon icon={CheckCircle2} aria-hidden="true" className="h-5 w-5 text-chaeto" />
      ) : incomplete ? (
        <Icon icon={AlertTriangle} aria-hidden="true" className="h-5 w-5 shrink-0 text-[#7a5300]" />
      ) : (
        <Icon icon={XCircle} aria-hidden="true" className="h-5 w-5 text-coral-text" />
      )}
      <span>{children}</span>
    </li>
  );
}

function Result({ result }: { result: CheckResult }) {
  return (
    <Outcome ok={result.ok} incomplete={result.incomplete}>
      <strong>{result.name}</strong> {verdict(result)}: {result.detail}{" "}
      <span className="text-ink-soft">({result.ms} ms)</span>
    </Outcome>
  );
}

export default function Diagnostics({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <AdminPage headingId="diagnostics-heading" title="Diagnostics">
      <div className="mt-4">
        <SetupWarnings warnings={loaderData.warnings} />
      </div>
      <ul className="card mt-4 space-y-2 p-5" data-testid="diagnostics-status">
        {loaderData.checks.map((c) => (
          <Result key={c.name} result={c} />
        ))}
      </ul>
      <Form method="post" className="card mt-4 space-y-3 p-5">
        <h2 className="text-xl font-semibold">Run a check</h2>
        <div className="flex flex-wrap gap-2">
          {DIAGNOSTIC_CHECKS.map((name) => (
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
        {actionData?.message ? (
          <ul aria-live="polite" data-testid="diagnostic-result">
            <Outcome ok={actionData.status === "success"}>{actionData.message}</Outcome>
          </ul>
        ) : null}
      </Form>
    </AdminPage>
  );
}
