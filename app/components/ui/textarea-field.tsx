import type { TextareaHTMLAttributes } from "react";

interface TextareaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  name: string;
  label: string;
  error?: string;
  /** Classes for the wrapper (the textarea keeps the field style; add to it with inputClassName). */
  className?: string;
  inputClassName?: string;
}

/** A labelled textarea whose error sits next to it and is announced with it (the Field of long text). */
export function TextareaField({
  name,
  label,
  error,
  id = name,
  className = "",
  inputClassName = "",
  ...textarea
}: TextareaFieldProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`field-input ${inputClassName}`.trim()}
        {...textarea}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-coral-text">
          {error}
        </p>
      ) : null}
    </div>
  );
}
