/**
 * A payment attempt's failure as the owner reads it in the back office. The providers record a
 * code ("incorrect-cvc" from the test provider, "card_declined" from Stripe); the back office
 * shows what it means. A code not listed here is still shown in words, never as a code.
 */
const PLAIN: Record<string, string> = {
  "card-declined": "card declined by the bank",
  "generic-decline": "card declined by the bank",
  "do-not-honor": "card declined by the bank",
  "insufficient-funds": "not enough funds on the card",
  "expired-card": "card expired",
  "incorrect-cvc": "wrong security code (CVC)",
  "invalid-cvc": "wrong security code (CVC)",
  "incorrect-number": "wrong card number",
  "invalid-number": "wrong card number",
  "card-required": "no card given",
  "authentication-failed": "3-D Secure check failed (the cardholder did not confirm)",
  "payment-intent-authentication-failure": "3-D Secure check failed (the cardholder did not confirm)",
  "authentication-required": "3-D Secure check not completed",
  "processing-error": "the bank could not process the card",
  "lost-card": "card reported lost",
  "stolen-card": "card reported stolen",
  fraudulent: "refused as likely fraud",
};

export function describePaymentFailure(code: string): string {
  const key = code
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, "-");
  return PLAIN[key] ?? key.replace(/-+/g, " ");
}
