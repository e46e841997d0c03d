import { z } from "zod";

/**
 * "Mail me a week before my coral food runs out" on a tank (decision 048), posted as plain HTML
 * to `/account/reorder-reminders`. `remind` is the box: present when ticked, absent when not.
 */
export const ReorderConsentSchema = z.object({
  tankId: z.string().uuid("Choose one of your tanks."),
  remind: z.enum(["on"], { message: "Tick the box or leave it empty." }).optional(),
  /** Where to go back to: only the reminders page or the tank's own page. */
  returnTo: z.enum(["tank", "list"]).default("list"),
});
