import { Form, Link, useNavigation } from "react-router";
import { ActionResult, AdminPage } from "#app/components/admin/admin-page";
import { FormActions } from "#app/components/admin/form-actions";
import { Field } from "#app/components/ui/field";
import { formIntent, parseForm, resultFor, type FormResult } from "#app/domain/forms";
import { describeDelivery, formatShipDay, SHIPPABLE_WEEKDAYS } from "#app/domain/ship-calendar";
import { US_STATES } from "#app/domain/us-address";
import { SHIPPING_LIMITS, ShippingFormSchema, transitField } from "#app/forms/admin-shipping";
import { requireAdmin } from "#app/models/back-office/access.server";
import {
  addClosedDate,
  readShippingScreen,
  removeClosedDate,
  saveShipSettings,
} from "#app/models/shipping/ship-settings.server";
import {
  checkShipDayWeather,
  readWeatherScreen,
  saveWeatherThresholds,
  type WeatherScreen,
} from "#app/models/shipping/weather-holds.server";
import { formError, formSuccess, invalidForm } from "#app/utils/form-response";
import type { Route } from "./+types/shipping";

export const meta: Route.MetaFunction = () => [{ title: "Shipping | Back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.services, request);
  // The writer, not the reader: the owner sees what they just saved.
  const { db } = context.services.database;
  const { config } = context.services;
  const now = context.services.clock();
  const [screen, weather] = await Promise.all([
    readShippingScreen(db, config.shopTimeZone, now),
    readWeatherScreen(db, config, now),
  ]);
  return { ...screen, weather };
}

const ADD_PROBLEMS = {
  past: "Pick today or a later date.",
  "too-far": "Pick a date within the next two years.",
} as const;

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(context.services, request);
  const form = await request.formData();
  const intent = formIntent(form);
  const parsed = parseForm(ShippingFormSchema, form, intent);
  if (!parsed.success) return invalidForm(parsed.result, form);
  const { db } = context.services.database;
  const now = context.services.clock();
  const timeZone = context.services.config.shopTimeZone;
  const input = parsed.data;
  if (input.intent === "settings") {
    await saveShipSettings(db, input.settings, now);
    return formSuccess("Saved. Checkout uses these days from now on.", { intent });
  }
  if (input.intent === "weather") {
    await saveWeatherThresholds(db, input.thresholds, now);
    return formSuccess("Saved. The next morning check uses these temperatures.", { intent });
  }
  if (input.intent === "check-weather") {
    if (!context.services.config.weather)
      return formError("Weather holds are off: set WEATHER=nws on the server first.", { intent, status: 409 });
    const r = await checkShipDayWeather(context.services, now, { now: true });
    const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
    return formSuccess(
      r.checked === 0
        ? "No live order leaves in the coming week."
        : `Checked ${plural(r.checked, "live order", "live orders")}: ${r.held} held, ${r.packed} with a pack, ${r.unavailable} without a forecast.`,
      { intent },
    );
  }
  if (input.intent === "add-closed") {
    const outcome = await addClosedDate(db, input, timeZone, now);
    if (!outcome.ok) {
      const message =
        outcome.problem === "holiday"
          ? `${formatShipDay(input.date, { withYear: true })} is ${outcome.holiday}: closed already.`
          : ADD_PROBLEMS[outcome.problem];
      return formError(message, { intent, fieldErrors: { date: message }, values: { date: input.date } });
    }
    return formSuccess(`Closed ${formatShipDay(input.date, { withYear: true })}: nothing ships that day.`, { intent });
  }
  const day = formatShipDay(input.closedDate, { withYear: true });
  if (!(await removeClosedDate(db, input.closedDate)))
    return formError(`${day} was not closed: it may have been reopened in another tab.`, { intent, status: 404 });
  return formSuccess(`Reopened ${day}.`, { intent });
}

export default function AdminShipping({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, timeZone, today, holidays, closedDates, preview, weather } = loaderData;
  const busy = useNavigation().state === "submitting";
  const settingsResult = resultFor(actionData, "settings");
  const addResult = resultFor(actionData, "add-closed");
  const removeResult = resultFor(actionData, "remove-closed");
  const weatherResult = resultFor(actionData, "weather");
  const checkResult = resultFor(actionData, "check-weather");
  const errors = settingsResult?.fieldErrors ?? {};
  const typed = settingsResult?.status === "error" ? (settingsResult.values ?? {}) : null;
  const transitDefault = settings.transitDays.default ?? 2;
  return (
    <AdminPage
      headingId="shipping-heading"
      title="Shipping"
      intro="When live goods leave, how long they travel, and the days the shop sends nothing."
    >
      <div className="mt-6 grid gap-6 xl:grid-cols-[minmax(0,1fr)_22rem] xl:items-start">
        <div className="grid min-w-0 gap-6">
          <section aria-labelledby="settings-heading" className="card p-4 sm:p-6">
            <h2 id="settings-heading" className="text-xl font-semibold">
              Ship days and transit
            </h2>
            {/* Keyed by what is stored, so a save shows the values as kept ("ak" → "AK"). */}
            <Form method="post" key={JSON.stringify(settings)} className="mt-4 grid gap-5" noValidate>
              <input type="hidden" name="intent" value="settings" />
              <ActionResult result={settingsResult} className="" />
              <fieldset aria-describedby={errors.liveShipDays ? "liveShipDays-error" : "liveShipDays-hint"}>
                <legend className="field-label">Days live goods leave</legend>
                <div className="flex flex-wrap gap-x-5 gap-y-2">
                  {SHIPPABLE_WEEKDAYS.map(({ day, name }) => (
                    <label key={day} className="flex min-h-11 items-center gap-2">
                      <input
                        type="checkbox"
                        name="liveShipDays"
                        value={day}
                        defaultChecked={settings.liveShipDays.includes(day)}
                        aria-invalid={errors.liveShipDays ? true : undefined}
                        className="h-5 w-5 accent-reef"
                      />
                      {name}
                    </label>
                  ))}
                </div>
                <p id="liveShipDays-hint" className="mt-1 text-xs text-ink-soft">
                  Nothing alive leaves on a Saturday or Sunday: carriers hold boxes in depots over the weekend. Goods
                  that are not alive leave on any business day.
                </p>
                {errors.liveShipDays ? (
                  <p id="liveShipDays-error" className="mt-1 text-sm font-medium text-coral-text">
                    {errors.liveShipDays}
                  </p>
                ) : null}
              </fieldset>
              <div className="grid gap-4 sm:grid-cols-2">
                <Field
                  name="cutoff"
                  label="Daily cut-off"
                  type="time"
                  required
                  defaultValue={typed?.cutoff ?? settings.cutoff}
                  error={errors.cutoff}
                  hint="Orders placed at or after this time leave on a later day."
                />
                <div>
                  <p className="field-label" id="timezone-label">
                    Shop time zone
                  </p>
                  <p
                    aria-labelledby="timezone-label"
                    className="flex min-h-11 items-center"
                    data-testid="shop-timezone"
                  >
                    {timeZone}
                  </p>
                  <p className="mt-1 text-xs text-ink-soft">
                    Set on the server (SHOP_TIMEZONE); the cut-off and every date here are in it.
                  </p>
                </div>
              </div>
              <Field
                name="mondayOnlyStates"
                label="States that get live goods on Mondays only"
                defaultValue={typed ? (typed.mondayOnlyStates ?? "") : settings.mondayOnlyStates.join(", ")}
                error={errors.mondayOnlyStates}
                maxLength={SHIPPING_LIMITS.mondayOnlyText}
                autoCapitalize="characters"
                hint="Two-letter codes separated by commas, like AK, HI: the longest routes leave at the start of the week."
              />
              <fieldset>
                <legend className="field-label">Business days in transit</legend>
                <p className="text-xs text-ink-soft">
                  From the shop to each state. A state left empty takes the days for any other state.
                </p>
                <Field
                  name="transitDefault"
                  label="Any other state"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={SHIPPING_LIMITS.maxTransitDays}
                  required
                  className="mt-3 max-w-48"
                  defaultValue={typed ? (typed.transitDefault ?? "") : transitDefault}
                  error={errors.transitDefault}
                />
                <div
                  className="mt-4 grid grid-cols-3 gap-x-3 gap-y-2 sm:grid-cols-6 lg:grid-cols-9"
                  data-testid="transit-table"
                >
                  {US_STATES.map(([code, name]) => {
                    const field = transitField(code);
                    const error = errors[field];
                    return (
                      <div key={code}>
                        <label htmlFor={field} className="block text-xs font-semibold">
                          <abbr title={name} className="no-underline">
                            {code}
                          </abbr>
                          <span className="sr-only"> {name}</span>
                        </label>
                        <input
                          id={field}
                          name={field}
                          type="number"
                          inputMode="numeric"
                          min={1}
                          max={SHIPPING_LIMITS.maxTransitDays}
                          placeholder={String(transitDefault)}
                          defaultValue={typed ? (typed[field] ?? "") : (settings.transitDays[code] ?? "")}
                          aria-invalid={error ? true : undefined}
                          aria-describedby={error ? `${field}-error` : undefined}
                          className="field-input px-2"
                        />
                        {error ? (
                          <p id={`${field}-error`} className="mt-1 text-xs font-medium text-coral-text">
                            {error}
                          </p>
                        ) : null}
                      </div>
                    );
                  })}
                </div>
              </fieldset>
              <FormActions>
                <button type="submit" className="btn-primary" disabled={busy}>
                  Save ship days
                </button>
              </FormActions>
            </Form>
          </section>
          <WeatherHolds weather={weather} result={weatherResult} checkResult={checkResult} busy={busy} />
          <ClosedDates
            today={today}
            closedDates={closedDates}
            holidays={holidays}
            addResult={addResult}
            removeResult={removeResult}
            busy={busy}
          />
        </div>
        {/* First on a phone, where it would otherwise sit below the long transit table. */}
        <section
          aria-labelledby="preview-heading"
          className="card order-first p-4 sm:p-6 xl:sticky xl:top-6 xl:order-none"
        >
          <h2 id="preview-heading" className="text-xl font-semibold">
            Next live ship days
          </h2>
          <p className="mt-1 text-sm text-ink-soft">
            As checkout offers them now, to a state with {transitDefault} {transitDefault === 1 ? "day" : "days"} in
            transit.
          </p>
          {preview.length > 0 ? (
            <ol className="mt-3 grid gap-1.5" data-testid="ship-preview">
              {preview.map((choice) => (
                <li key={choice.shipOn} data-ship-on={choice.shipOn} className="rounded-lg bg-sand px-3 py-2 text-sm">
                  {describeDelivery(choice)}
                </li>
              ))}
            </ol>
          ) : (
            <p className="mt-3 font-medium text-coral-text" data-testid="ship-preview">
              No day in the coming year: live goods can&apos;t be sold until a ship day is open.
            </p>
          )}
        </section>
      </div>
    </AdminPage>
  );
}

function WeatherHolds({
  weather,
  result,
  checkResult,
  busy,
}: {
  weather: WeatherScreen;
  result: FormResult | null;
  checkResult: FormResult | null;
  busy: boolean;
}) {
  const errors = result?.fieldErrors ?? {};
  const typed = result?.status === "error" ? (result.values ?? {}) : null;
  const { thresholds } = weather;
  const field = (name: keyof typeof thresholds, label: string, hint: string) => (
    <Field
      name={name}
      label={label}
      type="number"
      inputMode="numeric"
      required
      defaultValue={typed ? (typed[name] ?? "") : thresholds[name]}
      error={errors[name]}
      hint={hint}
    />
  );
  return (
    <section aria-labelledby="weather-heading" className="card p-4 sm:p-6">
      <h2 id="weather-heading" className="text-xl font-semibold">
        Weather holds
      </h2>
      <p className="mt-1 text-sm text-ink-soft" data-testid="weather-status">
        {weather.enabled
          ? "Each ship day's morning, before the cut-off, the forecast at every live order's door on its arrival day decides: wait for a safer day (the buyer is mailed), or leave with a heat or cold pack."
          : "Off: set WEATHER=nws on the server to check the National Weather Service forecast each ship day's morning. The temperatures below are kept for then."}
      </p>
      <Form method="post" key={JSON.stringify(thresholds)} className="mt-4 grid gap-4" noValidate>
        <input type="hidden" name="intent" value="weather" />
        <ActionResult result={result} className="" />
        <div className="grid gap-4 sm:grid-cols-3">
          {field("holdBelowF", "Hold below (°F)", "The night's low at the door on arrival day.")}
          {field("heatPackAtOrBelowF", "Heat pack at or below (°F)", "The low, for boxes that still leave.")}
          {field("coldPackAtOrAboveF", "Cold pack at or above (°F)", "The day's high at the door.")}
        </div>
        <FormActions>
          <button type="submit" className="btn-primary" disabled={busy}>
            Save temperatures
          </button>
        </FormActions>
      </Form>
      <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
        <h3 className="font-semibold">Checked today</h3>
        {weather.enabled ? (
          <Form method="post">
            <input type="hidden" name="intent" value="check-weather" />
            <button type="submit" className="btn-secondary" disabled={busy}>
              Check the weather now
            </button>
          </Form>
        ) : null}
      </div>
      <ActionResult result={checkResult} className="mt-2" />
      {weather.checks.length > 0 ? (
        <ul className="mt-2 divide-y divide-line text-sm" data-testid="weather-checks">
          {weather.checks.map((c) => (
            <li key={c.orderId} className="py-2" data-outcome={c.outcome}>
              <Link to={`/admin/orders/${c.orderId}`} className="font-mono font-semibold text-reef-dark underline">
                {c.number}
              </Link>{" "}
              {c.note}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-ink-soft">
          No live order checked yet today: the check runs each ship day&apos;s morning, or now for the coming week.
        </p>
      )}
    </section>
  );
}

function ClosedDates({
  today,
  closedDates,
  holidays,
  addResult,
  removeResult,
  busy,
}: {
  today: string;
  closedDates: Array<{ date: string; reason: string }>;
  holidays: Array<{ date: string; name: string }>;
  addResult: FormResult | null;
  removeResult: FormResult | null;
  busy: boolean;
}) {
  const errors = addResult?.fieldErrors ?? {};
  const typed = addResult?.status === "error" ? (addResult.values ?? {}) : {};
  return (
    <section aria-labelledby="closed-heading" className="card p-4 sm:p-6">
      <h2 id="closed-heading" className="text-xl font-semibold">
        Closed dates
      </h2>
      <p className="mt-1 text-sm text-ink-soft">Nothing leaves or travels on these days.</p>
      <Form method="post" className="mt-4 grid gap-3 sm:grid-cols-[12rem_1fr_auto] sm:items-start" noValidate>
        <input type="hidden" name="intent" value="add-closed" />
        <ActionResult result={addResult} className="sm:col-span-3" />
        <Field
          name="date"
          label="Date"
          type="date"
          required
          min={today}
          defaultValue={typed.date}
          error={errors.date}
        />
        <Field
          name="reason"
          label="Note (optional)"
          maxLength={SHIPPING_LIMITS.reason}
          defaultValue={typed.reason}
          error={errors.reason}
          placeholder="Stocktake, vacation…"
        />
        <button type="submit" className="btn-secondary sm:mt-6" disabled={busy}>
          Close this date
        </button>
      </Form>
      <ActionResult result={removeResult} />
      <h3 className="mt-6 font-semibold">Your closed dates</h3>
      {closedDates.length > 0 ? (
        <ul className="mt-2 divide-y divide-line" data-testid="closed-dates">
          {closedDates.map((c) => {
            const day = formatShipDay(c.date, { withYear: true });
            return (
              <li key={c.date} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  <span className="font-medium">{day}</span>
                  {c.reason ? <span className="text-ink-soft"> · {c.reason}</span> : null}
                </span>
                <Form method="post">
                  <input type="hidden" name="intent" value="remove-closed" />
                  <input type="hidden" name="closedDate" value={c.date} />
                  <button
                    type="submit"
                    className="btn-secondary min-h-9 px-3 py-1.5"
                    disabled={busy}
                    aria-label={`Reopen ${day}`}
                  >
                    Reopen
                  </button>
                </Form>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-ink-soft">None: the shop ships on every ship day that is not a holiday.</p>
      )}
      <h3 className="mt-6 font-semibold">Federal holidays</h3>
      <p className="text-sm text-ink-soft">Closed already: carriers don&apos;t move boxes on these days.</p>
      <ul className="mt-2 grid gap-x-6 text-sm sm:grid-cols-2" data-testid="federal-holidays">
        {holidays.map((h) => (
          <li key={h.date} className="flex justify-between gap-3 border-b border-line py-1.5">
            <span>{h.name}</span>
            <span className="whitespace-nowrap text-ink-soft">{formatShipDay(h.date, { withYear: true })}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
