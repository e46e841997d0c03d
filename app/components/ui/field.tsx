import type { InputHTMLAttributes } from "react";

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  name: string;
  label: string;
  error?: string;
  hint?: string;
  /** [value, text] pairs: the field becomes a picker (an empty value is the disabled prompt). */
  options?: readonly (readonly [string, string])[];
}

/** A labelled input whose error sits next to it and is announced with it. */
export function Field({ name, label, error, hint, options, id = name, className = "", ...input }: FieldProps) {
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {options ? (
        <select
          id={id}
          name={name}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className="field-input"
          required={input.required}
          autoComplete={input.autoComplete}
          defaultValue={options[0]?.[0]}
        >
          {options.map(([value, text]) => (
            <option key={value} value={value} disabled={value === ""}>
              {text}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          name={name}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className="field-input"
          {...input}
        />
      )}
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
