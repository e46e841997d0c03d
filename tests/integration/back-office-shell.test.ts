import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "#app/domain/clock";
import {
  attachStudioImage,
  createStudioImage,
  generateImage,
  ImageStudioError,
  type ImageApiConfig,
} from "#app/models/back-office/image-studio.server";
import { listOutbox, outboxMessage, retryMail } from "#app/models/back-office/outbox.server";
import { CATALOG_BUCKET, listProductPhotos } from "#app/models/catalogue/catalogue-images.server";
import { getProduct } from "#app/models/catalogue/catalogue.server";
import { packingSlip } from "#app/models/orders/packing-slip.server";
import { buy } from "../helpers/checkout-client";
import { startImageApiPeer } from "../helpers/image-api-peer";
import { testDatabaseKind } from "../helpers/test-database";
import { createTestServices, startTestServer } from "../helpers/test-services";
import type { AppServices } from "#server/services";

describe(`back office: outbox, packing slip and image studio on ${testDatabaseKind()}`, () => {
  let services: AppServices;
  let server: { url: string; close(): Promise<void> };
  let peer: Awaited<ReturnType<typeof startImageApiPeer>>;
  let api: ImageApiConfig;
  let orderId = "";
  let orderNumber = "";

  beforeAll(async () => {
    services = await createTestServices({ clock: fixedClock("2026-11-21T12:00:00Z") });
    server = await startTestServer(services);
    peer = await startImageApiPeer({ slowMs: 1200 });
    api = { url: peer.url, key: "sk-stand-in", model: "stand-in-model", timeoutMs: 5000 };
    const res = await buy(server.url, [
      { kind: "bundle", id: "lazy-starter", quantity: 2 },
      { kind: "combo", productIds: ["premium-chaeto", "refugium-starter-kit", "chaeto-coral-food-combo"], quantity: 1 },
      { kind: "product", id: "premium-chaeto", quantity: 1 },
    ]);
    expect(res.status).toBe(201);
    const { order } = (await res.json()) as { order: { id: string; number: string } };
    orderId = order.id;
    orderNumber = order.number;
  });
  afterAll(async () => {
    await peer?.close();
    await server?.close();
    await services?.database.destroy();
  });

  describe("outbox", () => {
    it("gives order mail queued without content the subject its renderer will give it", async () => {
      const rows = (await listOutbox(services.database.db, {}, services.config)).filter((r) => r.order_id === orderId);
      const stored = await services.database.db
        .selectFrom("outbox")
        .select(["kind", "subject"])
        .where("order_id", "=", orderId)
        .execute();
      // The lifecycle queues them empty: the worker renders at send time.
      expect(stored.every((r) => r.subject === "")).toBe(true);
      const byKind = Object.fromEntries(rows.map((r) => [r.kind, r.subject]));
      expect(byKind["order-confirmation"]).toBe(`Your Lazy Reefer order ${orderNumber}`);
      expect(byKind["new-order-alert"]).toMatch(new RegExp(`^New order ${orderNumber} — \\$[\\d,]+\\.\\d\\d$`));

      const filtered = await listOutbox(
        services.database.db,
        { kind: "new-order-alert", status: "pending" },
        services.config,
      );
      expect(filtered.length).toBeGreaterThan(0);
      expect(filtered.every((r) => r.kind === "new-order-alert" && r.status === "pending")).toBe(true);
    });

    it("shows a queued mail exactly as the worker will render it, with the same subject as the list", async () => {
      const row = (await listOutbox(services.database.db, { kind: "order-confirmation" }, services.config)).find(
        (r) => r.order_id === orderId,
      )!;
      const mail = (await outboxMessage(services, row.id))!;
      expect(mail.source).toBe("preview");
      expect(mail.subject).toBe(row.subject);
      expect(mail.html).toMatch(/^<!DOCTYPE html/i);
      expect(mail.html).toContain(orderNumber);
      expect(mail.text).toContain(orderNumber);
      expect(mail.html).not.toMatch(/<script/i);
      expect(await outboxMessage(services, 987_654_321)).toBeNull();
    });

    it("retries a failed mail once, however often Retry is pressed", async () => {
      const row = (await listOutbox(services.database.db, { kind: "new-order-alert" }, services.config)).find(
        (r) => r.order_id === orderId,
      )!;
      const db = services.database.db;
      expect(await retryMail(db, row.id, new Date())).toBe("already-queued");
      await db
        .updateTable("outbox")
        .set({ status: "failed", attempts: 8, last_error: "550 mailbox full" })
        .where("id", "=", row.id)
        .execute();
      const answers = await Promise.all([retryMail(db, row.id, new Date()), retryMail(db, row.id, new Date())]);
      expect(answers.sort()).toEqual(["already-queued", "queued"]);
      const after = await db.selectFrom("outbox").selectAll().where("id", "=", row.id).executeTakeFirstOrThrow();
      expect(after).toMatchObject({ status: "pending", attempts: 0, last_error: null });
      await db.updateTable("outbox").set({ status: "sent" }).where("id", "=", row.id).execute();
      expect(await retryMail(db, row.id, new Date())).toBe("sent");
      expect(await retryMail(db, 987_654_321, new Date())).toBe("missing");
    });
  });

  it("packing slip expands kits and combos into the products to pick", async () => {
    const slip = (await packingSlip(services.database.db, orderId))!;
    expect(slip.order.number).toBe(orderNumber);
    const byKind = (kind: string) => slip.picks.find((g) => g.kind === kind);
    const [kit, combo, plain] = [byKind("bundle"), byKind("combo"), byKind("product")];
    expect(kit).toMatchObject({ kind: "bundle", quantity: 2 });
    // Lazy Starter = 3 × Chaeto + Coral Food Combo; two kits ordered.
    expect(kit!.items).toEqual([
      { productId: "chaeto-coral-food-combo", title: expect.stringMatching(/Combo/), quantity: 6, ships: true },
    ]);
    expect(combo!.items.map((i) => [i.productId, i.quantity])).toEqual([
      ["premium-chaeto", 1],
      ["refugium-starter-kit", 1],
      ["chaeto-coral-food-combo", 1],
    ]);
    expect(combo!.items.every((i) => !i.title.startsWith("Product "))).toBe(true);
    expect(plain!.items).toEqual([{ productId: "premium-chaeto", ships: true, title: plain!.title, quantity: 1 }]);
    expect(await packingSlip(services.database.db, "00000000-0000-4000-8000-000000000000")).toBeNull();
  });

  describe("image studio against a stand-in image API", () => {
    it("stand-in image API: success — asks in the OpenAI shape, keeps the picture, and attaches it after the product's photos", async () => {
      const image = await createStudioImage(api, services.storage, {
        prompt: "A clownfish in chaeto",
        size: "1536x1024",
      });
      expect(peer.requests.at(-1)).toEqual({
        path: "/v1/images/generations",
        authorization: "Bearer sk-stand-in",
        body: {
          model: "stand-in-model",
          prompt: "A clownfish in chaeto",
          n: 1,
          size: "1536x1024",
          response_format: "b64_json",
        },
      });
      expect(image).toMatchObject({ width: 1536, height: 1024 });
      expect(image.key).toMatch(/^studio-[0-9a-f]{16}$/);
      expect(image.preview).toMatch(/^data:image\/webp;base64,/);

      const before = (await getProduct(services.database.db, "premium-chaeto"))!.imageKeys;
      const attached = await attachStudioImage(
        services.database.db,
        services.storage,
        image.key,
        "premium-chaeto",
        new Date(),
      );
      if (typeof attached === "string") throw new Error(attached);
      const after = (await getProduct(services.database.db, "premium-chaeto"))!.imageKeys;
      // A draft photo: the storefront keeps what it showed until the owner publishes it.
      expect(after).toEqual(before);
      const photos = (await listProductPhotos(services.database.db, ["premium-chaeto"])).get("premium-chaeto")!;
      expect(photos.find((p) => p.key === attached.key)).toMatchObject({ status: "draft" });
      // The product-photo pipeline rendered its variants.
      expect((await services.storage.head(CATALOG_BUCKET, `${attached.key}-480.webp`)).contentType).toBe("image/webp");
      expect(
        await attachStudioImage(
          services.database.db,
          services.storage,
          "studio-0000000000000000",
          "premium-chaeto",
          new Date(),
        ),
      ).toBe("no-image");
      expect(
        await attachStudioImage(services.database.db, services.storage, image.key, "no-such-product", new Date()),
      ).toBe("no-product");
    });

    it("stand-in image API: a url answer is downloaded", async () => {
      const image = await generateImage(api, { prompt: "via url please", size: "1024x1024" });
      expect(image).toMatchObject({ width: 320, height: 320, format: "png" });
    });

    it("stand-in image API: a slow answer within the timeout still arrives", async () => {
      const started = Date.now();
      const image = await generateImage(api, { prompt: "slow sunset over a reef", size: "1024x1024" });
      expect(Date.now() - started).toBeGreaterThanOrEqual(1100);
      expect(image.width).toBe(1024);
    });

    it("stand-in image API: refusal — the provider's own message is passed on", async () => {
      const err = await generateImage(api, { prompt: "please refuse this", size: "1024x1024" }).catch(
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(ImageStudioError);
      expect(err).toMatchObject({
        kind: "refused",
        message: "The image service refused this request: Your request was rejected by the safety system.",
      });
    });

    it("stand-in image API: timeout — no answer within IMAGE_API_TIMEOUT_MS is a clear timeout", async () => {
      const started = Date.now();
      const err = await generateImage({ ...api, timeoutMs: 1000 }, { prompt: "hang forever", size: "1024x1024" }).catch(
        (e: unknown) => e,
      );
      expect(Date.now() - started).toBeLessThan(3000);
      expect(err).toMatchObject({ kind: "timeout", message: expect.stringMatching(/did not answer within 1 seconds/) });
    });

    it("stand-in image API: malformed image — bytes sharp cannot decode are refused and nothing is kept", async () => {
      const err = await createStudioImage(api, services.storage, {
        prompt: "malformed please",
        size: "1024x1024",
      }).catch((e: unknown) => e);
      expect(err).toMatchObject({ kind: "malformed", message: expect.stringMatching(/not a picture/) });
    });

    it("an unreachable image service says so", async () => {
      const err = await generateImage(
        { ...api, url: "http://127.0.0.1:9/v1" },
        { prompt: "anything", size: "1024x1024" },
      ).catch((e: unknown) => e);
      expect(err).toMatchObject({ kind: "unreachable", message: expect.stringMatching(/could not be reached/) });
    });
  });
});
