import type { SelectHTMLAttributes } from "react";

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  name: string;
  label: string;
  error?: string;
  options: ReadonlyArray<{ value: string; label: string }>;
}

/** A labelled select whose error sits next to it and is announced with it (the Field of choices). */
export function SelectField({ name, label, error, options, id = name, className = "", ...select }: SelectFieldProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <select
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="field-input"
        {...select}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-coral-text">
          {error}
        </p>
      ) : null}
    </div>
  );
}
