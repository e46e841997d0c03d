import { z } from "zod";
import { requiredText } from "#app/domain/forms";
import { withHiddenFields } from "./hidden-fields";

export const PROMPT_MAX = 1000;

/** The sizes OpenAI-compatible image APIs commonly accept; product photos are cropped square later. */
export const IMAGE_SIZES = [
  { value: "1024x1024", label: "Square (1024 × 1024)" },
  { value: "1536x1024", label: "Landscape (1536 × 1024)" },
  { value: "1024x1536", label: "Portrait (1024 × 1536)" },
] as const;

/** The image studio's "Generate" form. */
export const GenerateImageFormSchema = z.object({
  prompt: requiredText(PROMPT_MAX, "Describe the picture you want.").min(
    3,
    "Describe the picture in a few more words.",
  ),
  size: z.enum(
    IMAGE_SIZES.map((s) => s.value),
    "Pick one of the sizes.",
  ),
});

/** "Add to product" under a generated picture: the picture's key is hidden, the product is chosen. */
export const AttachImageFormSchema = withHiddenFields(
  z.object({
    image: z.string().regex(/^studio-[0-9a-f]{16}$/),
    productId: requiredText(100, "Choose the product this picture is for."),
  }),
  ["image"],
);
