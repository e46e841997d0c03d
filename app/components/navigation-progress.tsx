import { useNavigation } from "react-router";

/**
 * Shown while a client navigation loads the next screen's code or data. It fades in after a
 * short delay (CSS) so that fast navigations never flash it.
 */
export function NavigationProgress({ shopName }: { shopName: string }) {
  const navigation = useNavigation();
  if (navigation.state !== "loading") return null;
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="navigation-progress"
      className="pointer-events-none fixed inset-x-0 top-20 z-50 flex justify-center"
      style={{ animation: "lr-fade-in 200ms ease-out 150ms both" }}
    >
      <div className="flex items-center gap-3 rounded-full bg-ink px-4 py-2 text-sm font-medium text-white shadow-lg">
        <span
          aria-hidden="true"
          className="inline-block h-4 w-4 rounded-full border-2 border-white/30 border-t-white"
          style={{ animation: "spin-slow 0.8s linear infinite" }}
        />
        Loading {shopName}…
      </div>
    </div>
  );
}
