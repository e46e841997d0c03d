import { Field, SelectField } from "#app/components/ui/field";
import { CHECK_FIELDS } from "#app/domain/forms";
import { ADDITIVE_IDS, ADDITIVES, type Dose } from "#app/domain/reef-calculators";
import { REEF_TARGETS, type GuideSource } from "#app/domain/reef-targets";
import { gallonsFrom } from "#app/domain/reef-units";
import type { CalculatorAnswers } from "#app/forms/calculators";

/*
 * The calculators page, markup only (an island without code): three plain GET forms that work
 * the same with JavaScript off, each answer beside its form with the guide section it comes from.
 */

const PARAMETERS = [
  { value: "alkalinity", label: "Alkalinity" },
  { value: "calcium", label: "Calcium" },
  { value: "magnesium", label: "Magnesium" },
];
const UNITS = [
  { value: "dKH", label: "dKH" },
  { value: "meq/L", label: "meq/L" },
  { value: "ppm", label: "ppm" },
];
const VOLUME_UNITS = [
  { value: "gal", label: "US gallons" },
  { value: "L", label: "litres" },
];
const ADDITIVE_OPTIONS = ADDITIVE_IDS.map((id) => ({
  value: id,
  label: `${ADDITIVES[id].label} (${REEF_TARGETS[ADDITIVES[id].raises].label.toLowerCase()})`,
}));

const number = (value: number) => value.toLocaleString("en-US", { maximumFractionDigits: 3 });

function Cited({ source }: { source: GuideSource }) {
  return (
    <p className="mt-4 text-sm text-ink-soft">
      From the guide:{" "}
      <a href={source.url} className="font-semibold text-reef-dark underline">
        {source.title}
      </a>
    </p>
  );
}

function FormProblem({ fields }: { fields: Record<string, string> | undefined }) {
  if (!fields) return null;
  return (
    <p role="alert" className="text-sm font-medium text-coral-text">
      {CHECK_FIELDS}
    </p>
  );
}

function DoseAnswer({ dose }: { dose: Dose }) {
  const additive = ADDITIVES[dose.additive];
  const gallons = number(Math.round(gallonsFrom(dose.litres, "L") * 10) / 10);
  const what = REEF_TARGETS[dose.parameter].label.toLowerCase();
  return (
    <section aria-labelledby="dose-answer" className="mt-6 rounded-lg border border-line bg-paper p-5">
      <h3 id="dose-answer" className="text-xl font-semibold">
        {dose.totalGrams === 0
          ? `No dose: ${what} is already at or above ${number(dose.to)} ${dose.unit}`
          : `${number(dose.totalGrams)} g of ${additive.label.toLowerCase()}`}
      </h3>
      {dose.totalGrams > 0 ? (
        <>
          <p className="mt-2">
            Raises {what} from {number(dose.from)} to {number(dose.to)} {dose.unit} in {number(dose.litres)} L (
            {gallons} gal) of water, never more than {number(dose.maxStepPerDay)} {dose.unit} a day.
          </p>
          <table className="mt-4 w-full text-left text-sm">
            <caption className="sr-only">Dose for each day</caption>
            <thead>
              <tr className="border-b border-line">
                <th scope="col" className="py-2 pr-4">
                  Day
                </th>
                <th scope="col" className="py-2 pr-4">
                  Dose
                </th>
                <th scope="col" className="py-2">
                  Raises {what} by
                </th>
              </tr>
            </thead>
            <tbody>
              {dose.days.map((d) => (
                <tr key={d.day} className="border-b border-line/60">
                  <th scope="row" className="py-2 pr-4 font-normal">
                    Day {d.day}
                  </th>
                  <td className="py-2 pr-4">{number(d.grams)} g</td>
                  <td className="py-2">
                    {number(d.raise)} {dose.unit}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="mt-3 text-sm text-ink-soft">
            Weigh to 0.1 g, dissolve in RODI water, add it slowly to a high-flow area and retest before the next
            day&apos;s dose.
          </p>
        </>
      ) : null}
      <Cited source={dose.source} />
    </section>
  );
}

export function CalculatorsPage({ values, dose, salt, light }: CalculatorAnswers) {
  const doseErrors = dose?.kind === "refused" ? dose.fields : undefined;
  const saltErrors = salt?.kind === "refused" ? salt.fields : undefined;
  const lightErrors = light?.kind === "refused" ? light.fields : undefined;
  return (
    <div className="container-page grid gap-10 py-12 lg:grid-cols-2">
      <section aria-labelledby="dose-heading" className="card p-6 lg:col-span-2">
        <h2 id="dose-heading" className="text-2xl font-semibold">
          Dose to raise alkalinity, calcium or magnesium
        </h2>
        <p className="mt-2 text-ink-soft">
          Enter your test result, the number you want and your total water volume (display plus sump).
        </p>
        <form method="get" action="/calculators" className="mt-5 space-y-4" noValidate>
          <FormProblem fields={doseErrors} />
          <div className="grid gap-4 sm:grid-cols-3">
            <SelectField
              name="parameter"
              label="Raise"
              options={PARAMETERS}
              defaultValue={values.parameter ?? "alkalinity"}
              error={doseErrors?.parameter}
            />
            <Field
              name="from"
              label="Your reading"
              inputMode="decimal"
              defaultValue={values.from}
              error={doseErrors?.from}
              required
            />
            <Field
              name="to"
              label="Target"
              inputMode="decimal"
              defaultValue={values.to}
              error={doseErrors?.to}
              required
            />
            <SelectField
              name="unit"
              label="Unit"
              options={UNITS}
              defaultValue={values.unit ?? "dKH"}
              error={doseErrors?.unit}
              hint="Calcium and magnesium are in ppm."
            />
            <Field
              name="volume"
              label="Water volume"
              inputMode="decimal"
              defaultValue={values.volume}
              error={doseErrors?.volume}
              required
            />
            <SelectField
              name="volumeUnit"
              label="Volume in"
              options={VOLUME_UNITS}
              defaultValue={values.volumeUnit ?? "gal"}
              error={doseErrors?.volumeUnit}
            />
          </div>
          <SelectField
            name="additive"
            label="Additive"
            options={ADDITIVE_OPTIONS}
            defaultValue={values.additive ?? "baking-soda"}
            error={doseErrors?.additive}
          />
          <button type="submit" className="btn-primary">
            Work out the dose
          </button>
        </form>
        {dose?.kind === "ok" ? <DoseAnswer dose={dose.value} /> : null}
      </section>

      <section aria-labelledby="salt-heading" className="card p-6">
        <h2 id="salt-heading" className="text-2xl font-semibold">
          Salt for a water change
        </h2>
        <form method="get" action="/calculators" className="mt-5 space-y-4" noValidate>
          <FormProblem fields={saltErrors} />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              name="water"
              label="Water to mix"
              inputMode="decimal"
              defaultValue={values.water}
              error={saltErrors?.water}
              required
            />
            <SelectField
              name="waterUnit"
              label="In"
              options={VOLUME_UNITS}
              defaultValue={values.waterUnit ?? "gal"}
              error={saltErrors?.waterUnit}
            />
          </div>
          <Field
            name="salinity"
            label="Target salinity (ppt)"
            inputMode="decimal"
            defaultValue={values.salinity}
            placeholder="35"
            hint="Leave empty for the guide's 35 ppt (1.026 SG)."
            error={saltErrors?.salinity}
          />
          <button type="submit" className="btn-secondary">
            Work out the salt
          </button>
        </form>
        {salt?.kind === "ok" ? (
          <div className="mt-6" aria-live="polite">
            <p className="text-xl font-semibold">
              About {number(salt.value.grams)} g of salt ({number(Math.round(salt.value.grams / 100) / 10)} kg)
            </p>
            <p className="mt-2 text-sm text-ink-soft">
              For {number(salt.value.litres)} L at {number(salt.value.targetPpt)} ppt. A rule of thumb: mix about 90%,
              then add the rest until the refractometer reads your target.
            </p>
            <Cited source={salt.value.source} />
          </div>
        ) : null}
      </section>

      <section aria-labelledby="light-heading" className="card p-6">
        <h2 id="light-heading" className="text-2xl font-semibold">
          Refugium light hours
        </h2>
        <form method="get" action="/calculators" className="mt-5 space-y-4" noValidate>
          <FormProblem fields={lightErrors} />
          <Field
            name="nitrate"
            label="Latest nitrate (ppm NO3)"
            inputMode="decimal"
            defaultValue={values.nitrate}
            error={lightErrors?.nitrate}
            required
          />
          <button type="submit" className="btn-secondary">
            Work out the hours
          </button>
        </form>
        {light?.kind === "ok" ? (
          <div className="mt-6">
            <p className="text-xl font-semibold">{light.value.hours} hours of refugium light a day</p>
            <p className="mt-2 text-sm text-ink-soft">
              A rule of thumb: retest nitrate a week after changing the hours.
            </p>
            <Cited source={light.value.source} />
          </div>
        ) : null}
      </section>
    </div>
  );
}
