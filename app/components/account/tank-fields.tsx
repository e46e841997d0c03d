import { Field, SelectField } from "#app/components/ui/field";
import { CARE_LEVELS, CORAL_KINDS } from "#app/forms/tanks";
import type { FormResult } from "#app/domain/forms";

const CORAL_LABELS: Record<(typeof CORAL_KINDS)[number], string> = { soft: "Soft corals", lps: "LPS", sps: "SPS" };

export interface TankDefaults {
  name?: string;
  displayVolume?: number | string;
  sumpVolume?: number | string | null;
  volumeUnit?: string;
  corals?: readonly string[];
  careLevel?: string | null;
  refugiumLight?: string | null;
  testKits?: string | null;
}

/** The tank's fields, named like the API's JSON (TankSchema), for the add and the edit form. */
export function TankFields({
  prefix,
  result,
  tank = {},
}: {
  prefix: string;
  result: FormResult | null;
  tank?: TankDefaults;
}) {
  const errors = result?.fieldErrors ?? {};
  const typed = result?.values ?? {};
  const value = (name: keyof TankDefaults, fallback: string | number | null | undefined) =>
    typed[name] ?? (fallback == null ? "" : String(fallback));
  return (
    <>
      <Field
        id={`${prefix}-name`}
        name="name"
        label="Name"
        required
        maxLength={80}
        defaultValue={value("name", tank.name)}
        error={errors.name}
      />
      <div className="grid grid-cols-2 gap-3">
        <Field
          id={`${prefix}-display`}
          name="displayVolume"
          label="Display volume"
          inputMode="decimal"
          required
          maxLength={12}
          defaultValue={value("displayVolume", tank.displayVolume)}
          error={errors.displayVolume}
        />
        <Field
          id={`${prefix}-sump`}
          name="sumpVolume"
          label="Sump / refugium volume"
          inputMode="decimal"
          maxLength={12}
          defaultValue={value("sumpVolume", tank.sumpVolume)}
          error={errors.sumpVolume}
        />
      </div>
      <SelectField
        id={`${prefix}-unit`}
        name="volumeUnit"
        label="Volumes in"
        options={[
          { value: "gal", label: "US gallons" },
          { value: "L", label: "Litres" },
        ]}
        defaultValue={value("volumeUnit", tank.volumeUnit ?? "gal")}
        error={errors.volumeUnit}
      />
      <fieldset>
        <legend className="field-label">Corals kept</legend>
        <div className="flex flex-wrap gap-4">
          {CORAL_KINDS.map((kind) => (
            <label key={kind} className="flex items-center gap-2">
              <input type="checkbox" name="corals" value={kind} defaultChecked={tank.corals?.includes(kind)} />
              {CORAL_LABELS[kind]}
            </label>
          ))}
        </div>
        {errors.corals ? <p className="mt-1 text-sm font-medium text-coral-text">{errors.corals}</p> : null}
      </fieldset>
      <SelectField
        id={`${prefix}-care`}
        name="careLevel"
        label="Care level"
        options={[
          { value: "", label: "Not set" },
          ...CARE_LEVELS.map((l) => ({ value: l, label: l[0]!.toUpperCase() + l.slice(1) })),
        ]}
        defaultValue={value("careLevel", tank.careLevel)}
        error={errors.careLevel}
      />
      <Field
        id={`${prefix}-light`}
        name="refugiumLight"
        label="Refugium light"
        maxLength={120}
        hint="For example: 24 W LED, 12 hours a day."
        defaultValue={value("refugiumLight", tank.refugiumLight)}
        error={errors.refugiumLight}
      />
      <Field
        id={`${prefix}-kits`}
        name="testKits"
        label="Test kits you use"
        maxLength={200}
        defaultValue={value("testKits", tank.testKits)}
        error={errors.testKits}
      />
    </>
  );
}
