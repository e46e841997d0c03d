import type { ReactNode } from "react";

type Align = "left" | "right";

export interface DataTableColumn {
  label: string;
  align?: Align;
}

const cellClass = (align: Align = "left", className?: string) =>
  ["px-4 py-3", align === "right" ? "text-right" : null, className].filter(Boolean).join(" ");

/** A back-office list: a card-wrapped table with a header row, or a card with `emptyMessage` when there are no rows. */
export function DataTable({
  columns,
  isEmpty,
  emptyMessage,
  className = "mt-4",
  testId,
  children,
}: {
  columns: readonly DataTableColumn[];
  isEmpty: boolean;
  emptyMessage: ReactNode;
  /** Spacing above the table or the empty card. */
  className?: string;
  testId?: string;
  /** The rows (`<tr>`s). */
  children: ReactNode;
}) {
  if (isEmpty) return <p className={`card ${className} p-8 text-center text-ink-soft`}>{emptyMessage}</p>;
  return (
    <div className={`card ${className} overflow-x-auto`}>
      <table className="w-full text-left text-sm" data-testid={testId}>
        <thead className="border-b border-line bg-sand-deep/60">
          <tr>
            {columns.map((c) => (
              <th key={c.label} scope="col" className={cellClass(c.align)}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">{children}</tbody>
      </table>
    </div>
  );
}

/** A DataTable cell. */
export function Td({ align, className, children }: { align?: Align; className?: string; children?: ReactNode }) {
  return <td className={cellClass(align, className)}>{children}</td>;
}
