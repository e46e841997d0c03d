import { subscribedLineNote, type CartQuote } from "#app/domain/cart";
import { centsToDollars } from "#app/domain/money";

/** A quote in the contract's shape: decimal dollars. */
export function quoteJson(quote: CartQuote) {
  return {
    lines: quote.lines.map((l) => ({
      kind: l.kind,
      ...(l.kind === "combo" ? { productIds: l.productIds } : { id: l.id }),
      title: l.title,
      // What is inside a combo or a bundle, so no line is a mystery box where it is summed up.
      ...(l.productTitles ? { contents: l.productTitles } : {}),
      imageKey: l.imageKey,
      quantity: l.quantity,
      unitPrice: centsToDollars(l.unitPrice),
      total: centsToDollars(l.total),
      ...(l.discountPercent !== undefined ? { discountPercent: l.discountPercent } : {}),
      // Subscribe & save: how often it comes and what each unit saves every time.
      ...(l.subscription
        ? {
            subscription: {
              everyWeeks: l.subscription.everyWeeks,
              savingPercent: l.subscription.savingPercent,
              unitSaving: centsToDollars(l.subscription.unitSaving),
              // What the line saves on each delivery.
              saving: centsToDollars(l.subscription.unitSaving * l.quantity),
            },
            // In words, as the checkout's summary shows it under the line.
            note: subscribedLineNote(l.subscription, l.quantity),
          }
        : {}),
    })),
    subtotal: centsToDollars(quote.subtotal),
    discount: centsToDollars(quote.discount),
    // What a discount code took off: total = subtotal + shipping − codeDiscount.
    codeDiscount: centsToDollars(quote.codeDiscount ?? 0),
    shipping: centsToDollars(quote.shipping),
    total: centsToDollars(quote.total),
    requiresShipping: quote.requiresShipping,
    currency: "USD",
  };
}
