import type { Config } from "~/config.server";

/**
 * What a back-office confirmation adds about the email its action queued. Without a mail server
 * (no SMTP_URL) mail waits in the outbox: "Reply sent." would be untrue.
 */
export function queuedMailNote(config: Pick<Config, "smtpUrl">): string {
  return config.smtpUrl
    ? ""
    : " The email waits in the Outbox: this shop has no mail server set up yet (SMTP_URL), so nothing is sent.";
}

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
  if (!config.smtpUrl)
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
