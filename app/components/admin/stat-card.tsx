import type { ReactNode } from "react";

export interface StatCardProps {
  /** What the number is, e.g. "Revenue today". */
  label: ReactNode;
  /** The figure, already formatted (e.g. formatCents(cents) or a count). */
  value: ReactNode;
  /** Optional small line under the figure, e.g. "12 orders · AOV $41.60". */
  hint?: ReactNode;
}

/** A small dashboard card: muted label, big number, optional hint. */
export function StatCard({ label, value, hint }: StatCardProps) {
  return (
    <div className="card flex min-w-0 flex-col gap-1 p-5">
      <p className="text-sm font-medium text-ink-soft">{label}</p>
      <p className="font-display text-2xl font-semibold text-ink tabular-nums sm:text-3xl [overflow-wrap:anywhere]">
        {value}
      </p>
      {hint ? <p className="text-sm text-ink-soft">{hint}</p> : null}
    </div>
  );
}
