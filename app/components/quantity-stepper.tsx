import { Minus, Plus } from "lucide";
import { useRef, useState } from "react";
import { useAdoptEarlyInput } from "#app/components/cart/early-taps";
import { Icon } from "#app/components/ui/icon";

/**
 * What the shopper is told when a quantity is cut to what is in stock, here and in the cart's
 * toast. Kept with the stepper: a product page then needs no other stock code to become interactive.
 */
export function stockClampMessage(quantity: number): string {
  return `Only ${quantity} left — we set your quantity to ${quantity}`;
}

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
  // A typed quantity above the stock is cut to it, and the shopper is told so.
  const [clamped, setClamped] = useState<number | null>(null);
  // − / + tapped or a number typed before hydration (docs/decisions/018-…) is in the input, not in
  // the state: take it over once, or the first re-render would put the old number back.
  const input = useRef<HTMLInputElement>(null);
  useAdoptEarlyInput(() => {
    const typed = Number(input.current?.value);
    if (typed !== value) onChange(clamp(typed));
  });
  return (
    <div>
      <label htmlFor={id} className={hideLabel ? "sr-only" : "field-label"}>
        {label}
      </label>
      <div className="inline-flex items-center rounded-full border border-line bg-white">
        <button
          type="button"
          className="grid h-11 w-11 place-items-center rounded-full hover:bg-sand disabled:opacity-40"
          onClick={() => {
            setClamped(null);
            onChange(clamp(value - 1));
          }}
          disabled={disabled || value <= 1}
          aria-label={`Decrease ${spoken}`}
          aria-controls={id}
          data-step="-1"
        >
          <Icon icon={Minus} aria-hidden="true" className="h-4 w-4" />
        </button>
        <input
          ref={input}
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          max={Math.max(1, max)}
          value={value}
          disabled={disabled}
          onChange={(e) => {
            const wanted = Math.floor(Number(e.target.value));
            const next = clamp(wanted);
            setClamped(wanted > next ? next : null);
            onChange(next);
          }}
          className="h-11 w-12 appearance-none bg-transparent text-center text-base font-semibold [appearance:textfield] focus:outline-none [&::-webkit-inner-spin-button]:appearance-none"
        />
        <button
          type="button"
          className="grid h-11 w-11 place-items-center rounded-full hover:bg-sand disabled:opacity-40"
          onClick={() => {
            setClamped(null);
            onChange(clamp(value + 1));
          }}
          disabled={disabled || value >= max}
          aria-label={`Increase ${spoken}`}
          aria-controls={id}
          data-step="1"
        >
          <Icon icon={Plus} aria-hidden="true" className="h-4 w-4" />
        </button>
      </div>
      <p role="status" className="mt-1 text-sm font-medium text-coral-text empty:hidden">
        {clamped !== null ? stockClampMessage(clamped) : ""}
      </p>
    </div>
  );
}
