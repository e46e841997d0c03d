import { describe, expect, it } from "vitest";
import { PhotoFormSchema } from "./admin-catalogue-photos";
import { FORM_OUT_OF_DATE } from "./hidden-fields";
import { post } from "./test-form";

describe("a product photo's form", () => {
  it("turns a button's post into the change; a drag's 1-based place into a 0-based position", () => {
    expect(post(PhotoFormSchema, { productId: "p", photoId: "x", op: "main" }).data).toEqual({
      productId: "p",
      photoId: "x",
      change: { op: "main" },
    });
    expect(post(PhotoFormSchema, { productId: "p", photoId: "x", op: "move", position: "3" }).data?.change).toEqual({
      op: "move",
      position: 2,
    });
  });

  it("answers an unknown operation or a move without a place as an out-of-date form", () => {
    const posts: Record<string, string>[] = [
      { productId: "p", photoId: "x", op: "explode" },
      { productId: "p", photoId: "x", op: "move" },
      { productId: "p", photoId: "x", op: "move", position: "0" },
      { productId: "p", op: "main" },
    ];
    for (const fields of posts) expect(post(PhotoFormSchema, fields).result?.message).toBe(FORM_OUT_OF_DATE);
  });
});
