import { Minus, Plus } from "lucide";
import { Icon } from "~/components/ui/icon";

interface QuantityStepperProps {
  id: string;
  label: string;
  value: number;
  max: number;
  onChange: (value: number) => void;
  disabled?: boolean;
  /** Hide the visible label (it stays available to screen readers). */
  hideLabel?: boolean;
}

/** A number input with − and + buttons; never goes below 1 or above the stock shown. */
export function QuantityStepper({
  id,
  label,
  value,
  max,
  onChange,
  disabled = false,
  hideLabel = false,
}: QuantityStepperProps) {
  // "Quantity of Premium Chaeto" → "Increase quantity of Premium Chaeto": only the first letter changes case.
  const spoken = label.charAt(0).toLowerCase() + label.slice(1);
  const clamp = (n: number) => Math.min(Math.max(1, Math.floor(n) || 1), Math.max(1, max));
  return (
    <div>
      <label htmlFor={id} className={hideLabel ? "sr-only" : "field-label"}>
        {label}
      </label>
      <div className="inline-flex items-center rounded-full border border-line bg-white">
        <button
          type="button"
          className="grid h-11 w-11 place-items-center rounded-full hover:bg-sand disabled:opacity-40"
          onClick={() => onChange(clamp(value - 1))}
          disabled={disabled || value <= 1}
          aria-label={`Decrease ${spoken}`}
        >
          <Icon icon={Minus} aria-hidden="true" className="h-4 w-4" />
        </button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          max={Math.max(1, max)}
          value={value}
          disabled={disabled}
          onChange={(e) => onChange(clamp(Number(e.target.value)))}
          className="h-11 w-12 appearance-none bg-transparent text-center text-base font-semibold [appearance:textfield] focus:outline-none [&::-webkit-inner-spin-button]:appearance-none"
        />
        <button
          type="button"
          className="grid h-11 w-11 place-items-center rounded-full hover:bg-sand disabled:opacity-40"
          onClick={() => onChange(clamp(value + 1))}
          disabled={disabled || value >= max}
          aria-label={`Increase ${spoken}`}
        >
          <Icon icon={Plus} aria-hidden="true" className="h-4 w-4" />
        </button>
      </div>
    </div>
  );
}
