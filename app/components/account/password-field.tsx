import { Check, X } from "lucide";
import { useRef, useState } from "react";
import { useAdoptEarlyInput } from "#app/components/cart/early-taps";
import { Icon } from "#app/components/ui/icon";
import { checkPassword, type PasswordPolicy } from "#app/domain/password-policy";

/** A password input that shows the policy's rules and ticks them off as the customer types. */
export function PasswordField({
  name,
  label,
  policy,
  error,
  autoComplete = "new-password",
}: {
  name: string;
  label: string;
  policy: PasswordPolicy;
  error?: string;
  autoComplete?: string;
}) {
  const [value, setValue] = useState("");
  // A password typed before the page was ready would be emptied by the first re-render.
  const input = useRef<HTMLInputElement>(null);
  useAdoptEarlyInput(() => setValue(input.current?.value ?? ""));
  const checks = checkPassword(value, policy);
  return (
    <div>
      <label htmlFor={name} className="field-label">
        {label}
      </label>
      <input
        id={name}
        ref={input}
        name={name}
        type="password"
        autoComplete={autoComplete}
        required
        minLength={policy.minLength}
        maxLength={policy.maxLength ?? undefined}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${name}-rules${error ? ` ${name}-error` : ""}`}
        className="field-input"
      />
      <ul id={`${name}-rules`} className="mt-2 space-y-1 text-xs" aria-label="Password requirements">
        {checks.map((c) => (
          <li key={c.rule} className={`flex items-center gap-1.5 ${c.met ? "text-chaeto" : "text-ink-soft"}`}>
            {c.met ? (
              <Icon icon={Check} aria-hidden="true" className="h-3.5 w-3.5" />
            ) : (
              <Icon icon={X} aria-hidden="true" className="h-3.5 w-3.5" />
            )}
            {c.rule}
            <span className="sr-only">{c.met ? "(met)" : "(not met yet)"}</span>
          </li>
        ))}
      </ul>
      {error ? (
        <p id={`${name}-error`} className="mt-1 text-sm font-medium text-coral-text">
          {error}
        </p>
      ) : null}
    </div>
  );
}
