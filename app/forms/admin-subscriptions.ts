import { z } from "zod";
import { withHiddenFields } from "./hidden-fields";

/** A subscription row's Pause / Resume / Cancel button on /admin/subscriptions. */
export const OwnerChangeFormSchema = withHiddenFields(
  z.object({
    id: z.string().min(1).max(80),
    do: z.enum(["pause", "resume", "cancel"]),
  }),
  ["id", "do"],
);
