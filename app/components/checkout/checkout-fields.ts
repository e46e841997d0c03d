/*
 * Checkout fields survive a reload: kept in this tab's sessionStorage while the shopper types,
 * forgotten once the order is placed. Card details are never kept.
 */
const KEY = "lazyReefer.checkout";
const KEPT = ["email", "name", "line1", "line2", "city", "state", "postalCode"] as const;

function loadCheckoutFields(): Record<string, string> {
  try {
    const raw: unknown = JSON.parse(window.sessionStorage.getItem(KEY) ?? "{}");
    if (typeof raw !== "object" || raw === null) return {};
    const out: Record<string, string> = {};
    for (const name of KEPT) {
      const value = (raw as Record<string, unknown>)[name];
      if (typeof value === "string" && value.length <= 300) out[name] = value;
    }
    return out;
  } catch {
    return {};
  }
}

export function saveCheckoutFields(form: HTMLFormElement) {
  const data = new FormData(form);
  const kept: Record<string, string> = {};
  for (const name of KEPT) {
    const value = data.get(name);
    if (typeof value === "string" && value !== "") kept[name] = value;
  }
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(kept));
  } catch {
    // Storage full or blocked: the fields still work, they just won't survive a reload.
  }
}

/**
 * Once the form has hydrated: what was kept from before a reload fills each field the person has
 * not touched; what they typed while the page was loading stays (typed, then kept, then the
 * signed-in customer's details, which the server rendered as the fields' `value`). Then all of it
 * is kept.
 */
export function restoreCheckoutFields(form: HTMLFormElement) {
  for (const [name, value] of Object.entries(loadCheckoutFields())) {
    // A kept name is one input or select of this form (a select's server value is its "Choose" prompt, "").
    const field = form.elements.namedItem(name) as HTMLInputElement | null;
    if (field && field.value === (field.getAttribute("value") ?? "")) field.value = value;
  }
  saveCheckoutFields(form);
}

export function forgetCheckoutFields() {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}

/** "4242424242424242" → "4242 4242 4242 4242" (Amex-style 4-6-5 for 15 digits starting 34/37). */
export function groupCardNumber(raw: string): string {
  const digits = raw.replace(/\D/g, "").slice(0, 19);
  if (/^3[47]/.test(digits))
    return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10, 15)].filter(Boolean).join(" ");
  return digits.replace(/(\d{4})(?=\d)/g, "$1 ");
}

/** "1234" → "12/34", "12" → "12/", "3" → "03/" (no month starts with a 2–9 followed by another digit). */
export function formatExpiry(raw: string): string {
  let digits = raw.replace(/\D/g, "").slice(0, 4);
  if (/^[2-9]/.test(digits)) digits = `0${digits}`.slice(0, 4);
  if (digits.length < 2) return digits;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

/** Rewrites an input's value as it is typed (deleting is left alone, so a "/" can be erased). */
export function formatInput(
  event: { currentTarget: HTMLInputElement; nativeEvent: Event },
  format: (raw: string) => string,
) {
  const input = event.currentTarget;
  if ((event.nativeEvent as InputEvent).inputType?.startsWith("delete")) return;
  const next = format(input.value);
  if (next !== input.value) input.value = next;
}
