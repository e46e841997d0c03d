import { formatCents, percentOff } from "~/domain/money";

export function Price({
  priceCents,
  originalPriceCents,
  size = "md",
}: {
  priceCents: number;
  originalPriceCents: number | null;
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
          <span className={`text-ink-soft line-through ${size === "lg" ? "text-lg" : "text-sm"}`}>
            <span className="sr-only">Was </span>
            {formatCents(originalPriceCents)}
          </span>
          <span className="rounded-full bg-coral-light px-2 py-0.5 text-xs font-semibold text-coral-text">
            Save {formatCents(originalPriceCents - priceCents)} ({off}%)
          </span>
        </>
      ) : null}
    </p>
  );
}
