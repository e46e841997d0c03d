import os from "node:os";
import { endOldReductions } from "#app/models/back-office/catalogue.server";
import { notifyRestocked } from "#app/models/catalogue/waitlist.server";
import { reconcileCharges, settleBeforeExpiry } from "#app/models/orders/charge-reconciliation.server";
import { sendDueReminders } from "#app/models/orders/checkout-reminders.server";
import { expireDueOrders } from "#app/models/orders/order-lifecycle.server";
import { renderQueuedMail } from "#app/models/orders/order-mails.server";
import { settleDueRefunds } from "#app/models/orders/refunds.server";
import { sendDueReorderReminders } from "#app/models/orders/reorder-reminders.server";
import { checkShipDayWeather } from "#app/models/shipping/weather-holds.server";
import { subscriptionPass } from "#app/models/subscriptions/renewals.server";
import { recordHeartbeat } from "#app/services/heartbeat.server";
import { deliverDueMail, smtpTransport, type MailTransport } from "#app/services/mail/sender.server";
import type { AppServices } from "./services";

const MAIL_BATCH = 20;

export interface Worker {
  /** Runs one pass now (expiry, then mail); used by tests and by the timer. */
  tick(): Promise<void>;
  stop(): Promise<void>;
  lastTickAt(): Date | null;
}

/**
 * Background work of one server process: expire unpaid orders (releasing their stock), end old
 * price cuts' "Was" prices, settle refunds left pending by a crash, and send the outbox. Passes
 * never overlap; stop() waits for the one in flight.
 */
export function startWorker(
  services: AppServices,
  options: { transport?: MailTransport | null; autoStart?: boolean } = {},
): Worker {
  const transport =
    options.transport !== undefined
      ? options.transport
      : services.config.smtpUrl
        ? smtpTransport(services.config.smtpUrl)
        : null;
  let running: Promise<void> | null = null;
  let last: Date | null = null;
  let stopped = false;

  async function pass() {
    const now = services.clock();
    try {
      // Checkouts that died between the charge and "paid" first: a paid one must not expire.
      const charges = await reconcileCharges(services, now);
      if (charges > 0) services.logger.info({ charges }, "reconciled charges of checkouts that died");
      // A payment that settles at the provider (Stripe) is looked up there before its order may expire.
      const settled = await settleBeforeExpiry(services, now);
      if (settled > 0) services.logger.info({ settled }, "paid orders whose payment was found before expiry");
      const expired = await expireDueOrders(services.database.db, now, services.config.shopEmail);
      if (expired > 0) services.logger.info({ expired }, "expired unpaid orders (abandoned checkouts)");
      const reductions = await endOldReductions(services.database.db, now);
      if (reductions > 0) services.logger.info({ reductions }, "cuts older than the shown window are now the price");
      // Refunds a crash left between "recorded" and "asked of the provider" (same idempotency key).
      const refunds = await settleDueRefunds(services, now);
      if (refunds > 0) services.logger.info({ refunds }, "settled pending refunds");
      // A ship day's morning: live orders leaving today are held, or get a pack, by the forecast (WEATHER=nws).
      const weather = await checkShipDayWeather(services, now);
      if (weather.checked > 0) services.logger.info(weather, "checked the weather at live orders' destinations");
      // Restocked items tell their waitlists, oldest first, no more people than units (decision 042).
      const waitlist = await notifyRestocked({
        db: services.database.db,
        config: services.config,
        secret: services.secret,
        now,
      });
      if (waitlist.notified + waitlist.expired > 0) services.logger.info(waitlist, "waitlist pass");
      // Expired checkouts whose buyer asked for it get their one reminder an hour on (decision 045).
      const reminders = await sendDueReminders({
        db: services.database.db,
        config: services.config,
        secret: services.secret,
        now,
      });
      if (reminders.sent + reminders.skipped > 0) services.logger.info(reminders, "checkout reminder pass");
      // A week before a consenting reefer's coral food runs out, its one reorder reminder (decision 048).
      const reorders = await sendDueReorderReminders({
        db: services.database.db,
        config: services.config,
        secret: services.secret,
        now,
      });
      if (reorders.sent > 0) services.logger.info(reorders, "reorder reminder pass");
      // Subscriptions: start paid ones, remind three days ahead, renew what is due (decision 049).
      const subscriptions = await subscriptionPass(services);
      if (Object.values(subscriptions).some((n) => n > 0)) services.logger.info(subscriptions, "subscription pass");
      if (transport) {
        // Batches back to back while the queue is full (a sale's burst of orders), within one interval.
        const until = Date.now() + services.config.workerIntervalMs;
        for (;;) {
          const report = await deliverDueMail(services.database.db, transport, {
            now: services.clock(),
            from: services.config.mailFrom,
            leaseMs: services.config.mailLeaseMs,
            batch: MAIL_BATCH,
            render: (row) => renderQueuedMail(services.database.db, row, services.config, services.secret),
          });
          const handled = report.sent + report.retrying + report.failed;
          if (handled > 0) services.logger.info(report, "outbox delivery");
          if (handled < MAIL_BATCH || stopped || Date.now() > until) break;
        }
      }
      last = now;
      services.health.workerLastTick = now;
      await recordHeartbeat(services.database.db, `${os.hostname()}:${process.pid}`, now);
    } catch (err) {
      services.logger.error({ err }, "worker pass failed");
    }
  }

  function tick() {
    running ??= pass().finally(() => {
      running = null;
    });
    return running;
  }

  const timer =
    options.autoStart === false ? null : setInterval(() => void (stopped || tick()), services.config.workerIntervalMs);
  timer?.unref();

  return {
    tick,
    lastTickAt: () => last,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
      transport?.close();
    },
  };
}
