import { FlaskConical } from "lucide";
import { Icon } from "#app/components/ui/icon";

export interface TestCardHint {
  number: string;
  label: string;
}

/**
 * Shown when the offline test provider is active: no real card is ever charged. The cards come
 * from the route's loader, so shops on Stripe ship none of this list to the browser.
 */
export function TestModeBanner({ cards }: { cards: TestCardHint[] }) {
  return (
    <aside
      aria-labelledby="test-mode-heading"
      className="@container rounded-2xl border-2 border-dashed border-gold bg-gold-light/60 p-4 text-sm"
      data-testid="test-mode"
    >
      <h2 id="test-mode-heading" className="flex items-center gap-2 font-sans text-base font-semibold">
        <Icon icon={FlaskConical} aria-hidden="true" className="h-5 w-5" /> Test mode: no real payment is taken
      </h2>
      <p className="mt-1 text-ink-soft">Use any future expiry date and any 3-digit CVC with one of these test cards:</p>
      {/* Two columns only where the banner itself is wide enough for a label beside each number
          (it sits in a narrow column of the checkout on a desktop, where two columns wrapped each
          label over three lines). */}
      <ul className="mt-2 grid gap-1 @2xl:grid-cols-2">
        {cards.map(({ number, label }) => (
          <li key={number} className="grid grid-cols-[10.5rem_1fr] items-baseline gap-x-2">
            <code className="font-mono font-semibold tracking-wide whitespace-nowrap">
              {number.replace(/(\d{4})(?=\d)/g, "$1 ")}
            </code>
            <span className="text-ink-soft">{label}</span>
          </li>
        ))}
      </ul>
    </aside>
  );
}
