/**
 * The promises the shop makes to customers, stated once: the mails, the order page, the home
 * page and the Markdown pages (through `{{placeholders}}`, see `fillPolicyPlaceholders`) all read
 * them from here, so a change to a rule cannot leave one place promising something else.
 */

/** How long after delivery a dead-on-arrival claim for live goods is accepted (the arrive-alive policy). */
export const ARRIVE_ALIVE_HOURS = 24;

/** The arrive-alive rule as one sentence, for mails and pages. */
export const ARRIVE_ALIVE_RULE = `If live chaeto arrives dead, email us a photo within ${ARRIVE_ALIVE_HOURS} hours of delivery, with your order number, and we replace or refund it.`;

/** How long a signed-in session (and its cookie) lasts; the auth configuration reads it too. */
export const SESSION_LIFETIME_DAYS = 30;
export const SESSION_LIFETIME_SECONDS = SESSION_LIFETIME_DAYS * 24 * 60 * 60;
/** Sliding renewal: a session used after this long is extended by another full lifetime. */
export const SESSION_RENEW_AFTER_SECONDS = 24 * 60 * 60;

const POLICY_VALUES: Record<string, string> = {
  arriveAliveHours: String(ARRIVE_ALIVE_HOURS),
  sessionLifetimeDays: String(SESSION_LIFETIME_DAYS),
};

/**
 * Puts the policy figures into a page's Markdown (`{{arriveAliveHours}}`). An unknown name is
 * an authoring mistake: it throws at load, so a broken page never reaches a customer.
 */
export function fillPolicyPlaceholders(markdown: string): string {
  return markdown.replace(/\{\{\s*([A-Za-z]+)\s*\}\}/g, (_all, name: string) => {
    const value = POLICY_VALUES[name];
    if (value === undefined) throw new Error(`Unknown policy placeholder {{${name}}}`);
    return value;
  });
}
