import { welcomeCodeFor } from "#app/models/orders/discount-codes.server";
import { renderNewsletterConfirm, renderNewsletterWelcome } from "#app/services/mail/community-emails";
import { enqueueMail } from "#app/services/mail/outbox.server";
import { sign, verify } from "#app/services/signed-links.server";
import type { Config } from "#app/config.server";
import type { Database } from "#database/schema";
import type { Kysely } from "kysely";

const CONFIRM_DAYS = 7;

interface Deps {
  db: Kysely<Database>;
  config: Config;
  secret: string;
  now: Date;
}

export function unsubscribeUrl(config: Config, secret: string, email: string): string {
  return `${config.publicUrl}/api/newsletter/unsubscribe?email=${encodeURIComponent(email)}&sig=${sign(secret, "newsletter-unsubscribe", email)}`;
}

/** Headers for every newsletter mail: one-click unsubscribe (RFC 8058). */
export function listUnsubscribeHeaders(config: Config, secret: string, email: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${unsubscribeUrl(config, secret, email)}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

/**
 * Double opt-in. The caller answers the same whatever happens here, so nobody can learn
 * whether an address is subscribed. A confirmation is sent at most once an hour per address.
 */
export async function requestSubscription(
  { db, config, secret, now }: Deps,
  rawEmail: string,
  source: string,
): Promise<void> {
  const email = rawEmail.trim().toLowerCase();
  const iso = now.toISOString();
  const existing = await db
    .selectFrom("newsletter_subscribers")
    .selectAll()
    .where("email", "=", email)
    .executeTakeFirst();
  if (existing?.status === "confirmed") return;
  if (existing)
    await db
      .updateTable("newsletter_subscribers")
      .set({ status: "pending", updated_at: iso })
      .where("id", "=", existing.id)
      .execute();
  else
    await db
      .insertInto("newsletter_subscribers")
      .values({ email, status: "pending", source, created_at: iso, updated_at: iso })
      .onConflict((oc) => oc.column("email").doNothing())
      .execute();
  const expires = String(now.getTime() + CONFIRM_DAYS * 86_400_000);
  const url = `${config.publicUrl}/api/newsletter/confirm?email=${encodeURIComponent(email)}&exp=${expires}&sig=${sign(secret, "newsletter-confirm", email, expires)}`;
  const brand = { shopName: config.shopName, publicUrl: config.publicUrl, shopEmail: config.shopEmail };
  const rendered = await renderNewsletterConfirm(brand, url);
  await enqueueMail(
    db,
    {
      kind: "newsletter-confirm",
      to: email,
      dedupeKey: `newsletter-confirm:${email}:${Math.floor(now.getTime() / 3_600_000)}`,
      ...rendered,
    },
    now,
  );
}

export type ConfirmResult = "confirmed" | "invalid" | "expired";

export async function confirmSubscription(
  { db, config, secret, now }: Deps,
  email: string,
  expires: string,
  signature: string,
): Promise<ConfirmResult> {
  if (!verify(secret, signature, "newsletter-confirm", email, expires)) return "invalid";
  if (!(Number(expires) > now.getTime())) return "expired";
  const iso = now.toISOString();
  const result = await db
    .updateTable("newsletter_subscribers")
    .set({ status: "confirmed", confirmed_at: iso, updated_at: iso, unsubscribed_at: null })
    .where("email", "=", email)
    .where("status", "!=", "confirmed")
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) {
    const brand = { shopName: config.shopName, publicUrl: config.publicUrl, shopEmail: config.shopEmail };
    const code = config.newsletterWelcomeCode
      ? await welcomeCodeFor(db, email, config.newsletterWelcomeCode, now)
      : null;
    const rendered = await renderNewsletterWelcome(brand, unsubscribeUrl(config, secret, email), code);
    await enqueueMail(
      db,
      {
        kind: "newsletter-welcome",
        to: email,
        dedupeKey: `newsletter-welcome:${email}:${iso}`,
        headers: listUnsubscribeHeaders(config, secret, email),
        ...rendered,
      },
      now,
    );
  }
  const row = await db
    .selectFrom("newsletter_subscribers")
    .select("status")
    .where("email", "=", email)
    .executeTakeFirst();
  return row?.status === "confirmed" ? "confirmed" : "invalid";
}

export async function unsubscribe(
  { db, secret, now }: Omit<Deps, "config">,
  email: string,
  signature: string,
): Promise<boolean> {
  if (!verify(secret, signature, "newsletter-unsubscribe", email)) return false;
  const iso = now.toISOString();
  await db
    .updateTable("newsletter_subscribers")
    .set({ status: "unsubscribed", unsubscribed_at: iso, updated_at: iso })
    .where("email", "=", email)
    .execute();
  return true;
}
