import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

// StrictMode's checks run only in development; the production build leaves it out (bytes on every page).
function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      import.meta.env.DEV ? (
        <StrictMode>
          <HydratedRouter />
        </StrictMode>
      ) : (
        <HydratedRouter />
      ),
    );
  });
}

/*
 * The server's page is painted before React hydrates it (docs/decisions/015-lightest-storefront.md).
 * When the scripts arrive as fast as the stylesheet (a warm cache, a fast network), the browser
 * would otherwise run hydration first and show the page only after it: on a slow phone's CPU,
 * that is the whole hydration added to the first paint. A frame, then a task: the paint comes
 * between them. A hidden tab gets no frames, so a timer starts hydration there. Taps and typing
 * meanwhile are held (early-taps.ts, decision 018).
 */
let started = false;
const start = () => {
  if (started) return;
  started = true;
  hydrate();
};
requestAnimationFrame(() => setTimeout(start, 0));
setTimeout(start, 200);
