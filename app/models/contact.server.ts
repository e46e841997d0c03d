import { z } from "zod";
import { emailField, optionalText, requiredText } from "#app/domain/forms";
import { renderContactAcknowledgement, renderContactNotification } from "#app/services/mail/community-emails";
import { enqueueMail } from "#app/services/mail/outbox.server";
import type { Config } from "#app/config.server";
import type { Database } from "#database/schema";
import type { Kysely } from "kysely";

export const ContactSchema = z.object({
  name: requiredText(120, "Enter your name."),
  email: emailField(),
  subject: optionalText(150),
  message: z
    .string("Write your message.")
    .trim()
    .min(10, "Tell us a little more (at least 10 characters).")
    .max(5000, "Use at most 5,000 characters."),
  /** Honeypot: people never see or fill it. */
  website: z.string().max(200).optional(),
});
export type ContactInput = z.infer<typeof ContactSchema>;

/** Stores the message and queues the shop's notification and the sender's acknowledgement, together. */
export async function submitContactMessage(
  db: Kysely<Database>,
  config: Config,
  input: ContactInput,
  now: Date,
): Promise<{ id: number } | null> {
  if (input.website) return null;
  const subject = input.subject || "Message from the website";
  const brand = { shopName: config.shopName, publicUrl: config.publicUrl, shopEmail: config.shopEmail };
  const [notification, acknowledgement] = await Promise.all([
    renderContactNotification(brand, { name: input.name, email: input.email, subject, message: input.message }),
    renderContactAcknowledgement(brand, { name: input.name, subject, message: input.message }),
  ]);
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("contact_messages")
      .values({
        name: input.name,
        email: input.email,
        subject,
        message: input.message,
        status: "new",
        created_at: now.toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await enqueueMail(
      trx,
      {
        kind: "contact-notification",
        to: config.shopEmail,
        dedupeKey: `contact-notification:${row.id}`,
        headers: { "Reply-To": input.email },
        ...notification,
      },
      now,
    );
    await enqueueMail(
      trx,
      {
        kind: "contact-acknowledgement",
        to: input.email,
        dedupeKey: `contact-acknowledgement:${row.id}`,
        ...acknowledgement,
      },
      now,
    );
    return { id: row.id };
  });
}
