import { useEffect, useRef } from "react";

/*
 * What a person does before the page's JavaScript has run must not be lost (a slow phone shows
 * the page seconds before it works). A tiny inline script, first in <body>, catches:
 * - "Add to cart" (`data-early-add`): remembered with the quantity typed and, when the button is
 *   in a form with a `plan` choice of "every", the `everyWeeks` picked (the quantity box then
 *   goes back to 1, as after an ordinary tap), the button shown as busy; the cart adds it once
 *   loaded, with the usual toast;
 * - a quantity stepper's − / + (`data-step`, `aria-controls` = its input): applied to the input at
 *   once, within its min and max; the stepper reads the input when it hydrates;
 * - the header's cart button (`data-early-open`): the panel opens once the cart is loaded;
 * - a form marked `data-early-submit` (checkout, the back office's refunds): its submit is held,
 *   and sent again once the page is ready (the fields typed meanwhile are kept by hydration), so
 *   that its handler runs: a refund asks "Refund …?" instead of going out unconfirmed.
 * After hydration the script steps aside and React's handlers answer as usual, but for one thing it
 * always does: a subscribe & save interval (`everyWeeks`) picked in a form also picks its `plan`
 * "every" (the product page's choice is markup, with no code of its own).
 * docs/decisions/018-input-before-javascript.md
 */
export interface EarlyTap {
  kind: "product" | "bundle";
  id: string;
  quantity: number;
  /** Subscribe & save chosen in the button's form (`plan` = "every", `everyWeeks`); 0: bought once. The cart checks it. */
  everyWeeks?: number;
}

declare global {
  interface Window {
    __lrTaps?: EarlyTap[];
    __lrHydrated?: boolean;
    /** The cart button was tapped before hydration. */
    __lrOpen?: boolean;
    /** The `data-early-submit` form submitted before hydration (true: one that knows itself). */
    __lrSubmit?: boolean | HTMLFormElement;
  }
}

/** The inline script (kept small: it is in every page's HTML). */
export const EARLY_TAPS_SCRIPT = `(function(){var w=window,d=document,q=w.__lrTaps=[];d.addEventListener("click",function(e){if(w.__lrHydrated)return;var b=e.target instanceof Element&&e.target.closest("[data-early-add],[data-step],[data-early-open]");if(!b)return;e.preventDefault();var s=+b.getAttribute("data-step"),i=d.getElementById(b.getAttribute(s?"aria-controls":"data-qty-input")||"");if(s){if(!i)return;var m=+i.max||99,v=Math.min(m,Math.max(1,(parseInt(i.value,10)||1)+s));i.value=v;b.parentNode.querySelectorAll("[data-step]").forEach(function(x){x.disabled=x.getAttribute("data-step")<0?v<=1:v>=m});return}if(b.hasAttribute("data-early-open"))w.__lrOpen=!0;else{var f=b.form,p=f&&f.plan;q.push({kind:b.getAttribute("data-kind"),id:b.getAttribute("data-early-add"),quantity:Math.max(1,parseInt(i&&i.value,10)||1),everyWeeks:p&&p.value=="every"?+f.everyWeeks.value:0});if(i)i.value=1}b.setAttribute("aria-busy","true")},!0);d.addEventListener("change",function(e){var t=e.target,f=t.form;if(t.name=="everyWeeks"&&f&&f.plan)f.plan.value="every"},!0);d.addEventListener("submit",function(e){if(!w.__lrHydrated&&e.target.hasAttribute("data-early-submit")){e.preventDefault();w.__lrSubmit=e.target}},!0)})();`;

/** Called once React has hydrated: from now on React answers taps itself. */
export function markHydrated() {
  window.__lrHydrated = true;
}

/** The taps caught before hydration, each handed out once. */
export function takeEarlyTaps(): EarlyTap[] {
  const taps = window.__lrTaps ?? [];
  window.__lrTaps = [];
  document
    .querySelectorAll("[aria-busy][data-early-add],[aria-busy][data-early-open]")
    .forEach((el) => el.removeAttribute("aria-busy"));
  return taps.filter(
    (t) => (t.kind === "product" || t.kind === "bundle") && typeof t.id === "string" && Number.isInteger(t.quantity),
  );
}

/**
 * Runs `adopt` once, right after hydration. A field typed into or a box ticked before then holds
 * the value in the DOM, not in React's state, and React writes a controlled field's state back on
 * its first re-render: `adopt` takes the typed value over first.
 */
export function useAdoptEarlyInput(adopt: () => void) {
  const once = useRef(adopt);
  useEffect(() => once.current(), []);
}

/** True once, if `flag` was set before hydration (the cart button tapped, a form submitted). */
export function takeEarly(flag: "__lrOpen" | "__lrSubmit"): boolean {
  const was = Boolean(window[flag]);
  window[flag] = false;
  return was;
}
