import { ScrollRegion } from "#app/components/ui/scroll-region";
import type { ReactNode } from "react";

type Align = "left" | "right";

export interface DataTableColumn {
  label: string;
  align?: Align;
  /** Classes for the header cell, e.g. `max-sm:hidden` for a column whose cells say it another way on a phone. */
  className?: string;
}

// Opaque backgrounds, so the cells scrolling under the first column don't show through; the edge
// line only below sm, where the table scrolls.
const STICKY_FIRST_COLUMN =
  "[&_tr>*:first-child]:sticky [&_tr>*:first-child]:left-0 [&_tr>*:first-child]:z-[1] [&_tbody_tr>*:first-child]:bg-paper [&_tbody_tr:hover>*:first-child]:bg-[#f9f5ed] [&_thead_tr>*:first-child]:bg-sand-deep max-sm:[&_tr>*:first-child]:shadow-[1px_0_0_var(--color-line)]";

const cellClass = (align: Align = "left", className?: string) =>
  ["px-4 py-3", align === "right" ? "text-right" : null, className].filter(Boolean).join(" ");

/**
 * A back-office list: a card-wrapped table with a header row, or a card with `emptyMessage` when
 * there are no rows. Wider than the screen (a phone), it scrolls sideways inside its card while
 * the first column (what names the row) stays put, so every column stays reachable and labelled.
 */
export function DataTable({
  columns,
  isEmpty,
  emptyMessage,
  className = "mt-4",
  testId,
  label = "Table",
  children,
}: {
  columns: readonly DataTableColumn[];
  isEmpty: boolean;
  emptyMessage: ReactNode;
  /** Spacing above the table or the empty card. */
  className?: string;
  testId?: string;
  /** Names the scrollable region for assistive technology, e.g. "Orders". */
  label?: string;
  /** The rows (`<tr>`s). */
  children: ReactNode;
}) {
  if (isEmpty) return <p className={`card ${className} p-8 text-center text-ink-soft`}>{emptyMessage}</p>;
  return (
    <ScrollRegion label={label} className={`card ${className}`} testId={testId ? `${testId}-scroller` : undefined}>
      <table className={`w-full text-left text-sm ${STICKY_FIRST_COLUMN}`} data-testid={testId}>
        <thead className="border-b border-line bg-sand-deep">
          <tr>
            {columns.map((c) => (
              <th key={c.label} scope="col" className={cellClass(c.align, c.className)}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">{children}</tbody>
      </table>
    </ScrollRegion>
  );
}

/** A DataTable cell. */
export function Td({ align, className, children }: { align?: Align; className?: string; children?: ReactNode }) {
  return <td className={cellClass(align, className)}>{children}</td>;
}
