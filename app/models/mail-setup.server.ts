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
