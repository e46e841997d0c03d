import { describeDelivery } from "#app/domain/ship-calendar";
import { shownShipOn } from "./delivery-choice";
import type { DeliveryState } from "./use-delivery";

interface DeliveryPickerProps {
  state: DeliveryState;
  /** The day the buyer picked; null keeps the shop's default. */
  picked: string | null;
  onPick: (shipOn: string) => void;
  /** The shop refused the picked day (its calendar changed since the days were shown). */
  error?: string;
}

/**
 * When the box leaves and arrives, as the shop's quote says for the ZIP typed, and the later days
 * the buyer may choose instead. The dates are the shop's: nothing here computes one.
 */
export function DeliveryPicker({ state, picked, onPick, error }: DeliveryPickerProps) {
  const delivery = state.status === "ready" ? state.delivery : null;
  // Nothing ships (or no day is open): nothing to say.
  if (state.status === "ready" && !delivery) return null;
  const choices = delivery?.choices ?? [];
  const shown = shownShipOn(choices, picked);
  const current = choices.find((c) => c.shipOn === shown);
  return (
    <fieldset className="space-y-3">
      <legend className="font-display text-xl font-semibold">Delivery</legend>
      <p
        role="status"
        data-testid="checkout-delivery"
        data-state={state.status}
        className={current ? "font-semibold" : "text-sm text-ink-soft"}
      >
        {current
          ? describeDelivery(current)
          : state.status === "loading"
            ? "Checking ship days with the shop…"
            : state.status === "failed"
              ? "We couldn't check ship days just now; your confirmation will show them."
              : "Enter your ZIP code to see when your order ships and arrives."}
      </p>
      {choices.length > 1 ? (
        <fieldset aria-describedby={error ? "shipOn-error" : undefined}>
          <legend className="field-label">Ship on a later day if that suits you better</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {choices.map((choice, i) => (
              <label
                key={choice.shipOn}
                className="flex cursor-pointer items-center gap-3 rounded-xl border border-line bg-paper p-3 text-sm has-checked:border-reef has-checked:bg-reef-light/40"
              >
                <input
                  type="radio"
                  name="shipOn"
                  value={choice.shipOn}
                  checked={choice.shipOn === shown}
                  onChange={() => onPick(choice.shipOn)}
                  aria-invalid={error && choice.shipOn === shown ? true : undefined}
                  className="h-4 w-4 shrink-0 accent-reef"
                />
                <span>
                  {describeDelivery(choice)}
                  {i === 0 ? <span className="text-ink-soft"> (earliest)</span> : null}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      {error ? (
        <p id="shipOn-error" role="alert" className="text-sm font-medium text-coral-text">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
