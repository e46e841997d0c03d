/*
 * "Add to cart" tapped before the page's JavaScript has run must not be lost (a slow phone shows
 * the button seconds before it works). A tiny inline script, first in <body>, catches those taps on
 * buttons marked `data-early-add`, remembers them with the quantity typed, and shows the button as
 * busy; once React has hydrated and the cart is loaded, the cart replays them (with the usual
 * toast). After hydration the script steps aside and React's handlers answer as usual.
 * docs/decisions/018-input-before-javascript.md
 */
export interface EarlyTap {
  kind: "product" | "bundle";
  id: string;
  quantity: number;
}

declare global {
  interface Window {
    __lrTaps?: EarlyTap[];
    __lrHydrated?: boolean;
  }
}

/** The inline script (kept small: it is in every page's HTML). */
export const EARLY_TAPS_SCRIPT = `(function(){var q=window.__lrTaps=[];document.addEventListener("click",function(e){if(window.__lrHydrated)return;var b=e.target instanceof Element&&e.target.closest("[data-early-add]");if(!b)return;e.preventDefault();var i=document.getElementById(b.getAttribute("data-qty-input")||"");q.push({kind:b.getAttribute("data-kind"),id:b.getAttribute("data-early-add"),quantity:Math.max(1,parseInt(i&&i.value,10)||1)});b.setAttribute("aria-busy","true")},true)})();`;

/** Called once React has hydrated: from now on React answers taps itself. */
export function markHydrated() {
  window.__lrHydrated = true;
}

/** The taps caught before hydration, each handed out once. */
export function takeEarlyTaps(): EarlyTap[] {
  const taps = window.__lrTaps ?? [];
  window.__lrTaps = [];
  document.querySelectorAll("[data-early-add][aria-busy]").forEach((el) => el.removeAttribute("aria-busy"));
  return taps.filter(
    (t) => (t.kind === "product" || t.kind === "bundle") && typeof t.id === "string" && Number.isInteger(t.quantity),
  );
}
