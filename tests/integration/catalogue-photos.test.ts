import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "#app/domain/clock";
import { type FormResult } from "#app/domain/forms";
import { formData } from "#app/forms/test-form";
import { promoteToAdmin } from "#app/models/back-office/users.server";
import {
  CATALOG_BUCKET,
  finalizeRemovedPhotos,
  listProductPhotos,
  PHOTO_UNDO_MS,
} from "#app/models/catalogue/catalogue-images.server";
import { getProduct } from "#app/models/catalogue/catalogue.server";
import * as catalogue from "#app/routes/admin/catalogue";
import { authClient } from "../helpers/auth-client";
import { testDatabaseKind } from "../helpers/test-database";
import { createTestServices, startTestServer } from "../helpers/test-services";
import type { AppServices } from "#server/services";

const NOW = "2026-11-21T12:00:00Z";
const PRODUCT = "premium-chaeto";

/** Product photos through the catalogue page's action (decision 021), on a real admin session. */
describe(`catalogue photos and details on ${testDatabaseKind()}`, () => {
  let services: AppServices;
  let server: { url: string; close(): Promise<void> };
  let cookie = "";

  async function post(fields: Record<string, string | string[]>, files: Blob[] = []) {
    const body = formData(fields);
    for (const [i, file] of files.entries()) body.append("photos", file, `photo-${i}.png`);
    const request = new Request("http://localhost:3000/admin/catalogue", { method: "POST", headers: { cookie }, body });
    const answer = (await catalogue.action({
      request,
      context: { services, nonce: "", clientIp: "127.0.0.1" },
      params: {},
    } as never)) as { data: FormResult; init: { status?: number } | null };
    return { status: answer.init?.status ?? 200, result: answer.data };
  }

  const change = (photoId: string, op: string, extra: Record<string, string> = {}) =>
    post({ intent: `photos:${PRODUCT}`, productId: PRODUCT, photoId, op, ...extra });

  const png = (colour: string) =>
    sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
      .png()
      .toBuffer()
      .then((b) => new Blob([new Uint8Array(b)], { type: "image/png" }));

  const strip = async () => (await listProductPhotos(services.database.db, [PRODUCT])).get(PRODUCT)!;
  const storefront = async () => {
    const res = await fetch(`${server.url}/api/products/${PRODUCT}`);
    const body = (await res.json()) as { product: { images: string[] } };
    return body.product.images;
  };

  beforeAll(async () => {
    services = await createTestServices({ clock: fixedClock(NOW) });
    server = await startTestServer(services);
    await promoteToAdmin(services, { email: "photos-owner@example.com", password: "owner123" });
    const admin = authClient(server.url, "198.51.100.90");
    await admin.call("/sign-in/email", { email: "photos-owner@example.com", password: "owner123" });
    cookie = [...admin.jar].map(([k, v]) => `${k}=${v}`).join("; ");
  });
  afterAll(async () => {
    await server?.close();
    await services?.database.destroy();
  });

  it("uploads into drafts the storefront does not show; make main, reorder, remove and undo", async () => {
    const db = services.database.db;
    const shopBefore = await storefront();
    const seededKeys = ["premium-chaeto", "premium-chaeto-2"];
    expect(shopBefore).toEqual(seededKeys.map((k) => `/images/catalog/${k}-800.webp`));
    // The seeded images are the product's published photos, in their order.
    expect((await strip()).map((p) => [p.key, p.status])).toEqual(seededKeys.map((k) => [k, "published"]));

    const uploaded = await post({ intent: `photos:${PRODUCT}`, productId: PRODUCT }, [
      await png("#3f8f3a"),
      await png("#e4572e"),
    ]);
    expect(uploaded.status).toBe(200);
    expect(uploaded.result.message).toMatch(/^2 photos added as drafts/);
    const [seeded, seeded2, first, second] = await strip();
    expect([first!.status, second!.status]).toEqual(["draft", "draft"]);
    expect(await storefront()).toEqual(shopBefore);
    const stored = await services.storage.head(CATALOG_BUCKET, `${first!.key}-240.webp`);
    expect(stored.contentType).toBe("image/webp");

    // Reorder: the second draft to the front; the storefront (published photos only) is unchanged.
    expect((await change(second!.id, "move", { position: "1" })).result.message).toBe("Photo moved to place 1 of 4.");
    expect((await strip()).map((p) => p.id)).toEqual([second!.id, seeded!.id, seeded2!.id, first!.id]);
    expect(await storefront()).toEqual(shopBefore);
    expect((await change(first!.id, "up")).status).toBe(200);
    expect((await strip()).map((p) => p.id)).toEqual([second!.id, seeded!.id, first!.id, seeded2!.id]);
    // Past either end is refused, not clamped.
    expect((await change(second!.id, "up")).status).toBe(400);
    expect((await change(second!.id, "move", { position: "9" })).status).toBe(400);

    // Make main: published and first; the storefront shows it first.
    expect((await change(first!.id, "main")).result).toMatchObject({
      status: "success",
      message: "Photo is now the main photo in the shop.",
    });
    expect(await storefront()).toEqual([first!.key, ...seededKeys].map((k) => `/images/catalog/${k}-800.webp`));
    expect((await getProduct(db, PRODUCT))!.imageKeys).toEqual([first!.key, ...seededKeys]);

    // Remove and undo: gone from the shop at once, back in its place after undo.
    expect((await change(first!.id, "remove")).status).toBe(200);
    expect(await storefront()).toEqual(shopBefore);
    expect((await strip()).find((p) => p.id === first!.id)!.removedAt).not.toBeNull();
    // A removed photo cannot be moved, only put back.
    expect((await change(first!.id, "main")).status).toBe(404);
    expect((await change(first!.id, "restore")).result.message).toBe("Photo put back.");
    expect((await getProduct(db, PRODUCT))!.imageKeys).toEqual([first!.key, ...seededKeys]);

    // Removed for good once the undo window has passed: the row and the stored files go.
    await change(second!.id, "remove");
    expect(await finalizeRemovedPhotos(db, services.storage, new Date(Date.parse(NOW) + 60_000))).toEqual([]);
    const later = new Date(Date.parse(NOW) + PHOTO_UNDO_MS + 1000);
    expect(await finalizeRemovedPhotos(db, services.storage, later)).toEqual([second!.key]);
    expect((await strip()).map((p) => p.id)).toEqual([first!.id, seeded!.id, seeded2!.id]);
    await expect(services.storage.head(CATALOG_BUCKET, `${second!.key}-800.webp`)).rejects.toMatchObject({
      code: "object-not-found",
    });
    expect((await change(second!.id, "restore")).status).toBe(404);
  });

  it("adopts a product's images once when two requests read its photos at the same moment", async () => {
    const db = services.database.db;
    const product = "reef-care-bundle";
    const images = (await getProduct(db, product))!.imageKeys;
    expect(images.length).toBeGreaterThan(0);
    // As for a product added after the photos migration: images, but no photo rows yet.
    await db.deleteFrom("product_photos").where("product_id", "=", product).execute();
    await Promise.all(Array.from({ length: 4 }, () => listProductPhotos(db, [product])));
    const photos = (await listProductPhotos(db, [product])).get(product)!;
    expect(photos.map((p) => p.key)).toHaveLength(images.length);
  });

  it("refuses a photo of another product, a bad operation and a file that is not an image, with 4xx", async () => {
    const other = (await listProductPhotos(services.database.db, ["reef-care-bundle"])).get("reef-care-bundle")!;
    const otherBefore = (await getProduct(services.database.db, "reef-care-bundle"))!.imageKeys;
    // The second of its photos: "main" would reorder that product if the id were trusted.
    const foreign = await change(other[1]!.id, "main");
    expect(foreign.status).toBe(404);
    expect(foreign.result.message).toBe("This photo is no longer here: the page shows the latest.");
    expect((await getProduct(services.database.db, "reef-care-bundle"))!.imageKeys).toEqual(otherBefore);

    expect((await change(other[0]!.id, "explode")).status).toBe(400);
    const mismatched = await post({ intent: "photos:reef-care-bundle", productId: PRODUCT, photoId: "x", op: "main" });
    expect(mismatched.status).toBe(400);

    const notImage = await post({ intent: `photos:${PRODUCT}`, productId: PRODUCT }, [
      new Blob(["hello"], { type: "image/png" }),
    ]);
    expect(notImage).toMatchObject({ status: 400, result: { message: "Use a JPEG, PNG, WebP or AVIF image." } });
    const none = await post({ intent: `photos:${PRODUCT}`, productId: PRODUCT });
    expect(none).toMatchObject({ status: 400, result: { fieldErrors: { photos: "Choose a photo to add." } } });
    const missing = await post({ intent: "photos:no-such-product", productId: "no-such-product" }, [await png("#000")]);
    expect(missing.status).toBe(404);
  });

  it("saves typed details and keeps the keys it has no field for", async () => {
    const db = services.database.db;
    await db
      .updateTable("products")
      .set({ metadata: JSON.stringify({ careLevel: "Beginner", livePlant: true, organic: true, batch: "B-7" }) })
      .where("id", "=", "october-special")
      .execute();
    const product = (await getProduct(db, "october-special"))!;
    const form = {
      intent: "product:october-special",
      id: "october-special",
      kind: "product",
      currentQuantity: String(product.quantity),
      quantity: String(product.quantity),
      title: product.title,
      description: product.description,
      price: "29.95",
      active: "on",
      detailsForm: "on",
      detail_careLevel: "Intermediate",
      detail_tankSize: "20–150 gallons",
      detail_chaetoSize: "Softball",
      detail_validUntil: "2026-12-31",
      detail_includesCareGuide: "on",
      // livePlant unticked: its key goes.
      otherDetails: JSON.stringify({ organic: true, batch: "B-7" }),
    };
    const saved = await post(form);
    expect(saved.result).toMatchObject({ status: "success", message: "Saved." });
    expect((await getProduct(db, "october-special"))!.metadata).toEqual({
      careLevel: "Intermediate",
      tankSize: "20–150 gallons",
      chaetoSize: "Softball",
      validUntil: "2026-12-31",
      includesCareGuide: true,
      organic: true,
      batch: "B-7",
    });

    const bad = await post({ ...form, otherDetails: '{"organic": true', detail_validUntil: "31/12/2026" });
    expect(bad).toMatchObject({
      status: 400,
      result: {
        fieldErrors: {
          otherDetails: 'Write the other details as JSON, like {"organic": true}, or leave the box empty.',
          detail_validUntil: "Enter a date, like 2026-12-31.",
        },
      },
    });
    const clash = await post({ ...form, otherDetails: '{"careLevel": "Expert"}' });
    expect(clash.result.fieldErrors?.otherDetails).toBe(
      '"careLevel" has its own field above ("Care level"): use it there.',
    );
    // Nothing was written by the refused posts.
    expect((await getProduct(db, "october-special"))!.metadata).toMatchObject({ chaetoSize: "Softball", batch: "B-7" });
  });
});
