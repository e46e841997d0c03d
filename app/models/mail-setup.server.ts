import type { Config } from "#app/config.server";

type MailConfig = Pick<Config, "smtpUrl">;
type CustomerMailConfig = Pick<Config, "smtpUrl" | "shopEmail">;

/**
 * Whether the mail the shop queues reaches anyone. Without a mail server (no SMTP_URL, the
 * default) the worker sends nothing and mail only waits in the Outbox. Every page or answer that
 * would tell someone about an email asks this, so none promises a mail that is not sent.
 */
export function mailIsSent(config: MailConfig): boolean {
  return Boolean(config.smtpUrl);
}

/**
 * What a back-office confirmation adds about the email its action queued. Without a mail server
 * mail waits in the Outbox: "Reply sent." or "emailed the customer" would be untrue.
 */
export function queuedMailNote(config: MailConfig): string {
  return mailIsSent(config)
    ? ""
    : " The email waits in the Outbox and the customer is not emailed: this shop has no mail server set up (SMTP_URL).";
}

/** Said beside the owner's order actions when they mail nobody. */
export function ownerNoMailNotice(config: MailConfig): string | null {
  return mailIsSent(config)
    ? null
    : "The customer will not be emailed about any of these: this shop has no mail server set up (SMTP_URL), so the emails only wait in the Outbox.";
}

/** Why a customer gets no email; what to do instead is to write to the shop from their own mailbox. */
const NO_MAIL = "This shop cannot send email at the moment";

/**
 * What a customer is told after a form that sends them a link, worded from the real mail
 * setup: "check your inbox" only when something will arrive there; otherwise what to do instead.
 */
export const customerMailAnswers = {
  /** Sign-up: the same words for a new and a known address (the form must not tell who shops here). */
  signUp(config: CustomerMailConfig, email: string): string {
    return mailIsSent(config)
      ? `Check your inbox: we've sent an email to ${email}. Open the link in it to finish creating your account.`
      : `If ${email} is new here, your account is ready: sign in with the password you just chose. ${NO_MAIL}, so no link to confirm your address was sent; until it is confirmed, orders you placed as a guest are not listed in your account.`;
  },
  signUpIntro(config: CustomerMailConfig): string {
    return mailIsSent(config)
      ? "Keep your orders in one place. We'll email a link to confirm your address."
      : "Keep your orders in one place.";
  },
  /** Forgot password: the same words whether or not the address has an account. */
  passwordReset(config: CustomerMailConfig): string {
    return mailIsSent(config)
      ? "If an account exists for that address, a reset link is on its way. It works once and expires in an hour."
      : `${NO_MAIL}, so no reset link can reach you. Write to ${config.shopEmail} from the address on your account and we will help you sign in again.`;
  },
  passwordResetIntro(config: CustomerMailConfig): string {
    return mailIsSent(config)
      ? "Enter your email and we'll send a link to choose a new password."
      : `${NO_MAIL}, so a reset link would not reach you. Write to ${config.shopEmail} from the address on your account and we will help you sign in again.`;
  },
  /** A change of address takes effect only through the link: without mail it cannot be made. */
  emailChange(config: CustomerMailConfig, newEmail: string, currentEmail: string): string {
    return mailIsSent(config)
      ? `We sent a confirmation link to ${newEmail}. The change takes effect once you open it.`
      : `${NO_MAIL}, so no confirmation link can reach ${newEmail} and your address stays ${currentEmail}. Write to ${config.shopEmail} if you need it changed.`;
  },
  /** The profile's "Change email" card, when no link can be sent: said before anyone fills it in. */
  emailChangeUnavailable(config: CustomerMailConfig): string | null {
    return mailIsSent(config)
      ? null
      : `${NO_MAIL}, and a new address takes effect only through a link sent to it. Write to ${config.shopEmail} if you need your address changed.`;
  },
  /** An unconfirmed address on the profile page. */
  unconfirmedAddress(config: CustomerMailConfig): string {
    return mailIsSent(config)
      ? "Confirm your email with the link we sent you to see orders you placed as a guest with this address."
      : `Orders you placed as a guest with this address show here once it is confirmed. ${NO_MAIL}, so the confirmation link has not been sent.`;
  },
  /**
   * After the contact form: the message is stored for the shop either way, but its copy and the
   * shop's reply go by mail, so without mail the customer is told to write directly too.
   */
  contactThanks(config: CustomerMailConfig): string {
    return mailIsSent(config)
      ? "Thanks for writing. A reefer from the shop answers within two business days, and a copy of your message is on its way to your inbox."
      : `Thanks for writing: the shop has your message. ${NO_MAIL}, so no copy was sent to you and a reply may not reach you; if you need an answer, write to ${config.shopEmail} as well.`;
  },
  /** Newsletter double opt-in: the same words for new, known and honeypot submissions. */
  newsletter(config: CustomerMailConfig): string {
    return mailIsSent(config)
      ? "Check your inbox: we sent a link to confirm your subscription."
      : `Thank you. ${NO_MAIL}, so the link to confirm your subscription has not been sent: you are not subscribed yet.`;
  },
  /** "Email me when it's back": the same words for a new, a known and an already-waiting address. */
  waitlist(config: CustomerMailConfig): string {
    return mailIsSent(config)
      ? "You're on the list: we'll email that address once when it's back, oldest requests first. If it wasn't on this list yet, a note with a link to undo this is on its way."
      : `Noted. ${NO_MAIL}, so no back-in-stock email can reach you yet: check this page again after the next harvest.`;
  },
};

/** Something the shop's settings leave undone that the owner should know about, with where to look. */
export interface SetupWarning {
  id: "no-mail-server" | "return-address";
  title: string;
  text: string;
  link: { to: string; label: string };
}

/**
 * What the settings leave undone, said plainly to the owner (dashboard, diagnostics, packing
 * slip): the defaults run a working shop that quietly sends no mail and prints no return address.
 */
export function setupWarnings(config: Pick<Config, "smtpUrl" | "shopAddress">): SetupWarning[] {
  const warnings: SetupWarning[] = [];
  if (!mailIsSent(config))
    warnings.push({
      id: "no-mail-server",
      title: "No email is being sent",
      text: "This shop has no mail server set up (SMTP_URL is not set), so order confirmations, shipping notices, replies and sign-up or password links are only stored in the Outbox: no customer receives them. Set SMTP_URL and restart to send them.",
      link: { to: "/admin/outbox", label: "See what is waiting in the Outbox" },
    });
  if (config.shopAddress.length === 0)
    warnings.push({
      id: "return-address",
      title: "Packing slips print no return address",
      text: "SHOP_ADDRESS is not set, so a packing slip shows only the shop's name, email and website. Set SHOP_ADDRESS (lines separated by |) and restart to print your return address.",
      link: { to: "/admin/orders?status=paid", label: "Orders waiting to ship" },
    });
  return warnings;
}
