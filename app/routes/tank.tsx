import { data, Form, Link, redirect } from "react-router";
import { FormAlert } from "#app/components/account/auth-card";
import { TankFields } from "#app/components/account/tank-fields";
import { ParameterChart } from "#app/components/parameter-chart";
import { ReorderReminderToggle } from "#app/components/reorder-reminder-toggle";
import { routeErrorBoundary } from "#app/components/route-error";
import { Sparkline } from "#app/components/sparkline";
import { Field, SelectField, TextAreaField } from "#app/components/ui/field";
import { ScrollRegion } from "#app/components/ui/scroll-region";
import { formatDateTime } from "#app/domain/dates";
import { CHECK_FIELDS, formIntent, parseForm, resultFor, typedValues } from "#app/domain/forms";
import { parseWindow, SPARKLINE_DAYS } from "#app/domain/parameter-trends";
import { targetInLogUnit } from "#app/domain/reef-targets";
import { REEF_PARAMETERS } from "#app/domain/reef-units";
import { calculatorLinks } from "#app/domain/tank-profile";
import { MAX_CSV_BYTES } from "#app/domain/tank-readings-csv";
import { ReadingSchema, TankSchema } from "#app/forms/tanks";
import { getUser, requireUser } from "#app/models/accounts/session.server";
import { reorderConsents } from "#app/models/orders/reorder-reminders.server";
import {
  addReading,
  deleteTank,
  getTank,
  importReadingsCsv,
  latestPerParameter,
  listReadings,
  updateTank,
} from "#app/models/tanks/tanks.server";
import { formError, invalidForm } from "#app/utils/form-response";
import { pageMeta } from "#app/utils/seo";
import type { Route } from "./+types/tank";

const UNIT_OPTIONS = [...new Set(REEF_PARAMETERS.flatMap((p) => p.units))].map((u) => ({ value: u, label: u }));
const LABEL = new Map(REEF_PARAMETERS.map((p) => [p.id, p.label]));

export const meta: Route.MetaFunction = ({ matches, data: loaded, params }) => [
  ...pageMeta(matches, {
    title: loaded?.tank.name ?? "Tank",
    description: "A reef tank's parameter log.",
    path: `/account/tanks/${params.tankId}`,
  }),
  { name: "robots", content: "noindex" },
];

/** "2026-11-29T08:30" in UTC, as a datetime-local input holds it. */
const localInputValue = (at: Date) => at.toISOString().slice(0, 16);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireUser(context.services, request);
  const { db } = context.services.database;
  const tank = await getTank(db, user.id, params.tankId);
  if (!tank) throw data(null, { status: 404 });
  const now = context.services.clock();
  const readings = (await listReadings(db, user.id, tank.id)) ?? [];
  const reminderOn = (await reorderConsents(db, user.id)).some((t) => t.id === tank.id && t.on);
  const search = new URL(request.url).searchParams;
  const window = parseWindow(search.get("window"));
  // The sparkline needs the last month; the chart its window (the longest is a year).
  const since = new Date(now.getTime() - Math.max(window, SPARKLINE_DAYS) * 86_400_000).toISOString();
  const recent = readings
    .filter((r) => r.takenAt >= since)
    .map(({ parameter, canonicalValue, takenAt }) => ({ parameter, canonicalValue, takenAt }));
  const imported = search.get("imported");
  const latest = latestPerParameter(readings);
  return {
    tank,
    calculators: calculatorLinks(tank, latest),
    now: localInputValue(now),
    at: now.toISOString(),
    window,
    reminderOn,
    latest,
    trends: REEF_PARAMETERS.filter((p) => readings.some((r) => r.parameter === p.id)).map((p) => ({
      id: p.id,
      label: p.label,
      unit: p.canonicalUnit,
      ...targetInLogUnit(p.id),
      readings: recent.filter((r) => r.parameter === p.id),
    })),
    confirmDelete: search.get("delete") === "confirm",
    notice:
      search.get("logged") !== null
        ? "Reading logged."
        : imported !== null
          ? `Imported ${imported} readings${Number(search.get("already")) > 0 ? `; ${search.get("already")} were already logged and kept as they were` : ""}.`
          : search.get("saved") !== null
            ? "Tank details saved."
            : search.get("reminder") === "on"
              ? "We'll mail you a week before your coral food runs out."
              : search.get("reminder") === "off"
                ? "No coral food reminders for this tank."
                : null,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await getUser(context.services, request.headers);
  const form = await request.formData();
  const intent = formIntent(form);
  if (!user) return formError("Your session has ended. Sign in again.", { intent, status: 401 });
  const deps = { db: context.services.database.db, now: context.services.clock() };
  const tankId = params.tankId;
  const here = `/account/tanks/${tankId}`;

  if (intent === "add-reading") {
    const parsed = parseForm(ReadingSchema, form, intent);
    if (!parsed.success) return invalidForm(parsed.result, form);
    const outcome = await addReading(deps, user.id, tankId, parsed.data);
    if (outcome.kind === "not-found") throw data(null, { status: 404 });
    if (outcome.kind !== "added")
      return formError(CHECK_FIELDS, {
        intent,
        status: outcome.kind === "conflict" ? 409 : 400,
        fieldErrors: outcome.fields,
        values: typedValues(form),
      });
    throw redirect(`${here}?logged=${outcome.reading.parameter}`);
  }
  if (intent === "import-csv") {
    const file = form.get("file");
    const pasted = form.get("csv");
    const text = file instanceof File && file.size > 0 ? await file.text() : typeof pasted === "string" ? pasted : "";
    if (text.trim() === "")
      return formError("Choose a CSV file or paste its lines.", {
        intent,
        fieldErrors: { file: "Choose a CSV file." },
      });
    if (text.length > MAX_CSV_BYTES)
      return formError("The file is too large: import at most 1 MB at a time.", { intent });
    const outcome = await importReadingsCsv(deps, user.id, tankId, text);
    if (outcome.kind === "not-found") throw data(null, { status: 404 });
    if (outcome.kind === "invalid")
      return data(
        {
          status: "error" as const,
          intent,
          message: "Nothing was imported. Correct these rows and try again:",
          rows: outcome.errors,
        },
        { status: 400 },
      );
    throw redirect(`${here}?imported=${outcome.added}&already=${outcome.alreadyLogged}`);
  }
  if (intent === "update-tank") {
    const parsed = parseForm(TankSchema, form, intent);
    if (!parsed.success) return invalidForm(parsed.result, form);
    if (!(await updateTank(deps, user.id, tankId, parsed.data))) throw data(null, { status: 404 });
    throw redirect(`${here}?saved`);
  }
  if (intent === "delete-tank") {
    if (!(await deleteTank(deps.db, user.id, tankId))) throw data(null, { status: 404 });
    throw redirect("/account/tanks");
  }
  return formError("This form is out of date. Reload the page and try again.");
}

function ReadingValue({ value, unit }: { value: number; unit: string }) {
  return (
    <>
      {value} {unit === "pH" ? "" : unit}
    </>
  );
}

export default function TankPage({ loaderData, actionData }: Route.ComponentProps) {
  const { tank, latest, trends } = loaderData;
  const sparkline = (parameter: string) => {
    const t = trends.find((x) => x.id === parameter);
    return t ? (
      <Sparkline parameter={t.id} unit={t.unit} readings={t.readings} now={loaderData.at} band={t.band} />
    ) : null;
  };
  const reading = resultFor(actionData, "add-reading");
  const imported = resultFor(actionData, "import-csv");
  const edit = resultFor(actionData, "update-tank");
  const errors = reading?.fieldErrors ?? {};
  const typed = reading?.values ?? {};
  const importRows = imported && "rows" in imported ? (imported.rows as Array<{ row: number; reason: string }>) : [];
  return (
    <section className="container-page py-12">
      <p className="eyebrow">
        <Link to="/account/tanks" className="underline">
          My tanks
        </Link>
      </p>
      <h1 className="text-4xl font-semibold">{tank.name}</h1>
      <p className="text-ink-soft" data-testid="tank-volume">
        {tank.displayVolume} {tank.volumeUnit} display
        {tank.sumpVolume ? ` + ${tank.sumpVolume} ${tank.volumeUnit} sump/refugium` : ""}
        {tank.corals.length > 0
          ? ` · ${tank.corals.map((c) => (c === "soft" ? "soft" : c.toUpperCase())).join(", ")} corals`
          : ""}
      </p>
      {loaderData.notice ? (
        <div className="mt-4">
          <FormAlert tone="success" message={loaderData.notice} />
        </div>
      ) : null}

      <div className="mt-8 grid items-start gap-8 lg:grid-cols-[1.3fr_1fr]">
        <div className="min-w-0 space-y-8">
          <section aria-labelledby="latest-heading" className="card p-6">
            <h2 id="latest-heading" className="text-2xl font-semibold">
              Latest readings
            </h2>
            {latest.length === 0 ? (
              <p className="mt-3 text-ink-soft">Nothing logged yet.</p>
            ) : (
              <ScrollRegion label="Latest readings table">
                <table className="mt-3 w-full text-left text-sm [&_td]:pr-3 [&_th]:pr-3" data-testid="latest-readings">
                  <thead>
                    <tr>
                      <th scope="col">Parameter</th>
                      <th scope="col">Reading</th>
                      <th scope="col">Taken (UTC)</th>
                      <th scope="col">Last 30 days</th>
                    </tr>
                  </thead>
                  <tbody>
                    {latest.map((r) => (
                      <tr key={r.parameter}>
                        <th scope="row">{LABEL.get(r.parameter)}</th>
                        <td>
                          <ReadingValue value={r.value} unit={r.unit} />
                        </td>
                        <td>{formatDateTime(r.takenAt)}</td>
                        <td>{sparkline(r.parameter)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </ScrollRegion>
            )}
          </section>

          <section aria-labelledby="charts-heading" data-slot="tank-charts" className="card p-6">
            <h2 id="charts-heading" className="text-2xl font-semibold">
              Trends
            </h2>
            <p className="mt-1 text-sm text-ink-soft">Each reading against the guides' target range.</p>
            {trends.length === 0 ? (
              <p className="mt-3 text-ink-soft">Log a reading to see its trend here.</p>
            ) : (
              <div className="mt-4 space-y-8">
                {trends.map((t) => (
                  <ParameterChart
                    key={t.id}
                    parameter={t.id}
                    unit={t.unit}
                    band={t.band}
                    readings={t.readings}
                    window={loaderData.window}
                    now={loaderData.at}
                    {...(t.maxStepPerDay === undefined ? {} : { maxStepPerDay: t.maxStepPerDay })}
                  />
                ))}
              </div>
            )}
          </section>
        </div>

        <div className="min-w-0 space-y-8">
          <section aria-labelledby="reading-heading" className="card p-6">
            <h2 id="reading-heading" className="text-xl font-semibold">
              Log a reading
            </h2>
            <FormAlert message={reading?.status === "error" ? reading.message : null} />
            <Form method="post" className="mt-3 space-y-3">
              <input type="hidden" name="intent" value="add-reading" />
              <SelectField
                name="parameter"
                label="Parameter"
                options={REEF_PARAMETERS.map((p) => ({ value: p.id, label: p.label }))}
                defaultValue={typed.parameter ?? "alkalinity"}
                error={errors.parameter}
              />
              <div className="grid grid-cols-2 gap-3">
                <Field
                  name="value"
                  label="Value"
                  inputMode="decimal"
                  required
                  maxLength={40}
                  defaultValue={typed.value ?? ""}
                  error={errors.value}
                />
                <SelectField
                  name="unit"
                  label="Unit"
                  options={UNIT_OPTIONS}
                  defaultValue={typed.unit ?? "dKH"}
                  error={errors.unit}
                />
              </div>
              <Field
                name="takenAt"
                label="Taken at (UTC)"
                type="datetime-local"
                defaultValue={typed.takenAt ?? loaderData.now}
                error={errors.takenAt}
              />
              <button type="submit" className="btn-primary">
                Log reading
              </button>
            </Form>
          </section>

          <section aria-labelledby="calculators-heading" className="card p-6">
            <h2 id="calculators-heading" className="text-xl font-semibold">
              Calculators for this tank
            </h2>
            <p className="mt-1 text-sm text-ink-soft">Filled in with this tank&apos;s water and latest readings.</p>
            <ul className="mt-3 list-disc space-y-1 pl-5 text-sm">
              <li>
                <a href={loaderData.calculators.dose} className="font-semibold text-reef-dark underline">
                  Dose to raise alkalinity
                </a>
              </li>
              <li>
                <a href={loaderData.calculators.salt} className="font-semibold text-reef-dark underline">
                  Salt for a 10% water change
                </a>
              </li>
              {loaderData.calculators.light ? (
                <li>
                  <a href={loaderData.calculators.light} className="font-semibold text-reef-dark underline">
                    Refugium light hours from your latest nitrate
                  </a>
                </li>
              ) : null}
            </ul>
          </section>

          <section aria-labelledby="csv-heading" className="card p-6">
            <h2 id="csv-heading" className="text-xl font-semibold">
              Import and export
            </h2>
            <p className="mt-2 text-sm">
              <a
                href={`/api/tanks/${tank.id}/readings.csv`}
                download
                className="font-semibold text-reef-dark underline"
              >
                Download readings (CSV)
              </a>
            </p>
            <FormAlert message={imported?.status === "error" ? imported.message : null} />
            {importRows.length > 0 ? (
              <ul className="mb-3 list-disc pl-5 text-sm text-coral-text" data-testid="import-errors">
                {importRows.slice(0, 20).map((e) => (
                  <li key={`${e.row}-${e.reason}`}>
                    Row {e.row}: {e.reason}
                  </li>
                ))}
                {importRows.length > 20 ? <li>…and {importRows.length - 20} more.</li> : null}
              </ul>
            ) : null}
            <Form method="post" encType="multipart/form-data" className="mt-3 space-y-3">
              <input type="hidden" name="intent" value="import-csv" />
              <Field
                name="file"
                label="CSV file"
                type="file"
                accept=".csv,text/csv"
                hint="taken_at,parameter,value,unit, or a spreadsheet with a date column and one column per parameter."
                error={imported?.fieldErrors?.file}
              />
              <TextAreaField name="csv" label="…or paste the lines" rows={4} />
              <button type="submit" className="btn-secondary">
                Import readings
              </button>
            </Form>
          </section>

          <section aria-labelledby="reminder-heading" className="card p-6">
            <h2 id="reminder-heading" className="text-xl font-semibold">
              Coral food reminder
            </h2>
            <p className="mt-1 text-sm text-ink-soft">
              From this tank's volume and the coral food you buy from us, at the label dose: a rule of thumb.
            </p>
            <div className="mt-3">
              <ReorderReminderToggle tankId={tank.id} on={loaderData.reminderOn} />
            </div>
          </section>

          <section aria-labelledby="edit-heading" className="card p-6" id="edit-tank">
            <h2 id="edit-heading" className="text-xl font-semibold">
              Tank details
            </h2>
            <details open={edit !== null} className="mt-2">
              <summary className="cursor-pointer font-semibold">Edit the details</summary>
              <FormAlert message={edit?.status === "error" ? edit.message : null} />
              <Form method="post" className="mt-3 space-y-3">
                <input type="hidden" name="intent" value="update-tank" />
                <TankFields prefix="edit" result={edit} tank={tank} />
                <button type="submit" className="btn-primary">
                  Save details
                </button>
              </Form>
            </details>
            {loaderData.confirmDelete ? (
              <Form method="post" className="mt-4 space-y-3">
                <input type="hidden" name="intent" value="delete-tank" />
                <p className="font-semibold">Delete {tank.name} and all its readings? This can't be undone.</p>
                <div className="flex flex-wrap gap-3">
                  <button type="submit" className="btn bg-coral-text text-white">
                    Yes, delete the tank
                  </button>
                  <Link to={`/account/tanks/${tank.id}`} className="btn-secondary">
                    Keep it
                  </Link>
                </div>
              </Form>
            ) : (
              <Link to={`/account/tanks/${tank.id}?delete=confirm#edit-tank`} className="btn-secondary mt-4">
                Delete this tank…
              </Link>
            )}
          </section>
        </div>
      </div>
    </section>
  );
}

export const ErrorBoundary = routeErrorBoundary("account");
