import { z } from "zod";
import { emailField } from "#app/domain/forms";

/**
 * The newsletter form: the footer's and the coming-soon page's, posted as plain HTML to
 * `/newsletter` or, once the page is ready, as JSON to `/api/newsletter` (decision 018).
 */
export const NewsletterSchema = z.object({
  email: emailField(),
  source: z.enum(["footer", "coming-soon"]).default("footer"),
  /** The honeypot: filled in only by bots, who are answered the same and never subscribed. */
  website: z.string().max(200).optional(),
});
