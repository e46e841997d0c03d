import { z } from "zod";
import { ShippingAddressSchema } from "#app/domain/checkout";
import { emailField, optionalText, requiredText, wholeNumber } from "#app/domain/forms";
import { ORDER_SOURCES } from "#app/domain/order-sources";
import type { CartItem } from "#app/domain/cart-items";

/** Item rows on the form (item0/qty0 … item3/qty3). */
export const NEW_ORDER_ROWS = 4;

export const NEW_ORDER_LIMITS = {
  quantity: 99,
  name: 120,
  email: 254,
  externalReference: 120,
  line1: 200,
  line2: 200,
  city: 100,
  state: 60,
  postalCode: 11,
  country: 2,
} as const;

/** An item select's value: "product:premium-chaeto" or "bundle:lazy-starter". */
const itemChoice = z
  .string()
  .regex(/^(product|bundle):[A-Za-z0-9_-]{1,100}$/, "Choose an item from the list.")
  .optional();
const quantity = wholeNumber(1, NEW_ORDER_LIMITS.quantity).optional();

const ADDRESS_FIELDS = ["line1", "line2", "city", "state", "postalCode", "country"] as const;

const Fields = z.object({
  item0: itemChoice,
  qty0: quantity,
  item1: itemChoice,
  qty1: quantity,
  item2: itemChoice,
  qty2: quantity,
  item3: itemChoice,
  qty3: quantity,
  /** The ticked combo products (one name posted once per ticked box). */
  combo: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) => (v === undefined ? [] : typeof v === "string" ? [v] : v)),
  name: requiredText(NEW_ORDER_LIMITS.name, "Enter the customer's name."),
  email: emailField("Enter the customer's email address."),
  source: z.enum(ORDER_SOURCES, "Choose where the order came from."),
  externalReference: optionalText(NEW_ORDER_LIMITS.externalReference),
  line1: optionalText(NEW_ORDER_LIMITS.line1),
  line2: optionalText(NEW_ORDER_LIMITS.line2),
  city: optionalText(NEW_ORDER_LIMITS.city),
  state: optionalText(NEW_ORDER_LIMITS.state),
  postalCode: optionalText(NEW_ORDER_LIMITS.postalCode),
  country: optionalText(NEW_ORDER_LIMITS.country),
});
type Fields = z.output<typeof Fields>;

function items(f: Fields): CartItem[] {
  const rows = [
    [f.item0, f.qty0],
    [f.item1, f.qty1],
    [f.item2, f.qty2],
    [f.item3, f.qty3],
  ] as const;
  const out: CartItem[] = [];
  for (const [choice, qty] of rows) {
    if (typeof choice !== "string") continue;
    const [kind, id] = choice.split(":") as ["product" | "bundle", string];
    out.push({ kind, id, quantity: typeof qty === "number" ? qty : 1 });
  }
  if (f.combo.length >= 2) out.push({ kind: "combo", productIds: f.combo, quantity: 1 });
  return out;
}

/** Any address field filled in (the country alone has a default) asks for a whole address. */
const wantsAddress = (f: Fields) => ADDRESS_FIELDS.some((k) => k !== "country" && f[k] !== undefined);

/** The address as the checkout's own rules read it; a missing field is empty, so it gets its own message. */
const address = (f: Fields) =>
  ShippingAddressSchema.safeParse({
    line1: f.line1 ?? "",
    line2: f.line2,
    city: f.city ?? "",
    state: f.state ?? "",
    postalCode: f.postalCode ?? "",
    country: f.country ?? "US",
  });

/** The checkout's messages have no full stop; ours do. */
const sentence = (message: string) => (message.endsWith(".") ? message : `${message}.`);

const everyTime = { when: () => true };

/** The "Record an order" form → an order taken elsewhere: its items, customer, source and address. */
export const NewOrderFormSchema = Fields.superRefine((f, ctx) => {
  // Checked even when other fields failed (so every message shows at once): rows may hold the text typed.
  if (f.combo.length === 1)
    ctx.addIssue({ code: "custom", message: "Tick at least 2 products for a combo, or none.", path: ["combo"] });
  else if (items(f).length === 0) ctx.addIssue({ code: "custom", message: "Add at least one item.", path: [] });
  if (wantsAddress(f)) {
    const parsed = address(f);
    if (!parsed.success)
      for (const issue of parsed.error.issues)
        ctx.addIssue({ code: "custom", message: sentence(issue.message), path: [String(issue.path[0])] });
  }
}, everyTime).transform((f) => ({
  items: items(f),
  customer: { name: f.name, email: f.email },
  source: f.source,
  externalReference: f.externalReference,
  shippingAddress: wantsAddress(f) ? address(f).data : undefined,
}));
