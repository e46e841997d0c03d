import { formatCents, percentOff } from "#app/domain/money";

/**
 * A price, and beside it a reference only when one is true, saying what it is: `earlier`, the
 * price the product sold at before a cut ("Was"); `separately`, a bundle's contents at today's
 * prices ("if bought separately").
 */
export function Price({
  priceCents,
  originalPriceCents,
  reference = "earlier",
  size = "md",
}: {
  priceCents: number;
  originalPriceCents: number | null;
  reference?: "earlier" | "separately";
  size?: "md" | "lg";
}) {
  const off = percentOff(priceCents, originalPriceCents);
  return (
    <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
      <span className={`font-semibold text-ink ${size === "lg" ? "text-3xl" : "text-lg"}`}>
        <span className="sr-only">Price: </span>
        {formatCents(priceCents)}
      </span>
      {originalPriceCents !== null && off !== null ? (
        <>
          <span className={`text-ink-soft ${size === "lg" ? "text-lg" : "text-sm"}`} data-testid="reference-price">
            {reference === "earlier" ? "Was " : null}
            <span className="line-through">{formatCents(originalPriceCents)}</span>
            {reference === "earlier" ? null : " if bought separately"}
          </span>
          <span className="rounded-full bg-coral-light px-2 py-0.5 text-xs font-semibold text-coral-text">
            Save {formatCents(originalPriceCents - priceCents)} ({off}%)
          </span>
        </>
      ) : null}
    </p>
  );
}
