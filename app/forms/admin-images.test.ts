import { describe, expect, it } from "vitest";
import { AttachImageFormSchema, GenerateImageFormSchema } from "./admin-images";
import { FORM_OUT_OF_DATE } from "./hidden-fields";
import { post } from "./test-form";

describe("image studio forms", () => {
  it("take a prompt and one of the sizes", () => {
    expect(post(GenerateImageFormSchema, { prompt: " A clownfish ", size: "1024x1024" }).data).toEqual({
      prompt: "A clownfish",
      size: "1024x1024",
    });
    expect(post(GenerateImageFormSchema, { prompt: "", size: "9x9" }).result?.fieldErrors).toEqual({
      prompt: "Describe the picture you want.",
      size: "Pick one of the sizes.",
    });
  });

  it("refuse an attach form whose picture key was tampered with", () => {
    expect(post(AttachImageFormSchema, { image: "../../etc/passwd", productId: "chaeto" }).result?.message).toBe(
      FORM_OUT_OF_DATE,
    );
    expect(post(AttachImageFormSchema, { image: "studio-0123456789abcdef" }).result?.fieldErrors).toEqual({
      productId: "Choose the product this picture is for.",
    });
  });
});
