import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";

interface FieldFrameProps {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  className?: string;
  children: (described: { "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode;
}

/** Label, control, hint and error: the error sits next to its control and is announced with it. */
function FieldFrame({ id, label, error, hint, className = "", children }: FieldFrameProps) {
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {children({ "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-ink-soft">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-coral-text">
          {error}
        </p>
      ) : null}
    </div>
  );
}

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  name: string;
  label: string;
  error?: string;
  hint?: string;
}

/** A labelled input whose error sits next to it and is announced with it. */
export function Field({ name, label, error, hint, id = name, className = "", ...input }: FieldProps) {
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} className={className}>
      {(described) => <input id={id} name={name} className="field-input" {...described} {...input} />}
    </FieldFrame>
  );
}

/** The account email input: required, as long as an address may be (254), the browser's email check. */
export function EmailField(props: Omit<FieldProps, "name" | "label" | "type"> & { name?: string; label?: string }) {
  return <Field name="email" label="Email" type="email" autoComplete="email" required maxLength={254} {...props} />;
}

interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  name: string;
  label: string;
  error?: string;
  hint?: string;
}

/** A labelled textarea, like Field. */
export function TextAreaField({
  name,
  label,
  error,
  hint,
  id = name,
  className = "",
  ...textarea
}: TextAreaFieldProps) {
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} className={className}>
      {(described) => <textarea id={id} name={name} className="field-input" {...described} {...textarea} />}
    </FieldFrame>
  );
}

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  name: string;
  label: string;
  error?: string;
  hint?: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  /** A first, disabled choice that asks for one ("Choose a state"): nothing is picked for the person. */
  prompt?: string;
}

/** A labelled select, like Field (the Field of choices). */
export function SelectField({
  name,
  label,
  error,
  hint,
  options,
  prompt,
  id = name,
  className = "",
  ...select
}: SelectFieldProps) {
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} className={className}>
      {(described) => (
        <select
          id={id}
          name={name}
          className="field-input"
          {...(prompt ? { defaultValue: "" } : {})}
          {...described}
          {...select}
        >
          {prompt ? (
            <option value="" disabled>
              {prompt}
            </option>
          ) : null}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}
