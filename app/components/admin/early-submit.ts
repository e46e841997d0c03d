import "#app/components/cart/early-taps";

/**
 * The `data-early-submit` form the early-tap script held before hydration (app/components/cart/
 * early-taps.ts), handed out once, to be submitted again. Here, not beside the script's other
 * readers: those are in the shell every storefront page loads, and only the back office needs this.
 */
export function takeEarlySubmit(): HTMLFormElement | null {
  const held = window.__lrSubmit;
  window.__lrSubmit = false;
  return held instanceof HTMLFormElement ? held : null;
}
