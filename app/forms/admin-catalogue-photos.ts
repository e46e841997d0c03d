import "#app/domain/zod-setup";
import { z } from "zod";
import { withHiddenFields } from "./hidden-fields";
import type { PhotoChange } from "#app/domain/catalogue";

const PHOTO_OPS = ["publish", "hide", "main", "up", "down", "remove", "restore", "move"] as const;

/**
 * One change to one product photo, as its button posts it. The ids and the operation are hidden
 * or button values, nothing a person types: a bad one means the page is out of date.
 */
export const PhotoFormSchema = withHiddenFields(
  z
    .object({
      productId: z.string().min(1).max(80),
      photoId: z.string().min(1).max(80),
      op: z.enum(PHOTO_OPS),
      /** The 1-based place a photo is dragged to (only with op "move"). */
      position: z.coerce.number().int().min(1).max(100).optional(),
    })
    .refine((f) => f.op !== "move" || f.position !== undefined, { path: ["position"] })
    .transform((f) => ({
      productId: f.productId,
      photoId: f.photoId,
      change: (f.op === "move" ? { op: "move", position: f.position! - 1 } : { op: f.op }) as PhotoChange,
    })),
  ["productId", "photoId", "op", "position"],
);

/** Photos picked for a product (one or several files in the same post). */
export const PhotoUploadSchema = z.object({
  productId: z.string().min(1).max(80),
  photos: z
    .union([z.instanceof(File), z.array(z.instanceof(File))], "Choose a photo to add.")
    .transform((v) => (Array.isArray(v) ? v : [v]).filter((f) => f.size > 0))
    .refine((files) => files.length > 0, "Choose a photo to add."),
});

/** The intent of a product's photo forms, so only that product's strip shows the answer. */
export const photoIntent = (productId: string) => `photos:${productId}`;
