import { stockLabel, type StockState } from "#app/domain/availability";

const STYLES: Record<StockState["kind"], string> = {
  "in-stock": "bg-chaeto-light text-chaeto",
  "low-stock": "bg-gold-light text-[#7a5300]",
  "out-of-stock": "bg-sand-deep text-ink-soft",
  "offer-ended": "bg-sand-deep text-ink-soft",
  unavailable: "bg-sand-deep text-ink-soft",
};

export function StockBadge({ state }: { state: StockState }) {
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold ${STYLES[state.kind]}`}
    >
      <span aria-hidden="true" className="h-1.5 w-1.5 rounded-full bg-current" />
      {stockLabel(state)}
    </span>
  );
}
