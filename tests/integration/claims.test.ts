import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { performOrderAction } from "#app/models/back-office/orders.server";
import { promoteToAdmin } from "#app/models/back-office/users.server";
import { deadOnArrival } from "#app/models/orders/claims.server";
import {
  countDeliveriesByDay,
  readDeliveriesByDay,
  rebuildDeliveriesByDay,
} from "#app/models/orders/deliveries-by-day.server";
import { renderQueuedMail } from "#app/models/orders/order-mails.server";
import { moveCredit } from "#app/models/orders/store-credit.server";
import * as claimsScreen from "#app/routes/admin/claims";
import * as orderPage from "#app/routes/order-confirmation";
import * as profilePage from "#app/routes/profile";
import { authClient, follow, latestMailLink } from "../helpers/auth-client";
import { ADDRESS, buy, card } from "../helpers/checkout-client";
import { testDatabaseKind } from "../helpers/test-database";
import { useTestServer } from "../helpers/test-services";

/**
 * Arrive-alive claims (issue 35, decision 034) through the HTTP contract: a buyer's claim with
 * photos inside the window after delivery, refused outside it; the owner's decision makes its
 * remedy (a $0 replacement order, a refund, store credit) and its mail exactly once, also when
 * the button is clicked twice at the same moment.
 */

const START = Date.parse("2026-11-23T15:00:00Z");
let now = START;
const HOUR = 3_600_000;
const STAFF = "owner@example.com";

describe(`arrive-alive claims on ${testDatabaseKind()}`, () => {
  const t = useTestServer({ clock: () => new Date(now) });
  let admin: ReturnType<typeof authClient>;
  let jpeg: Buffer;
  let png: Buffer;

  beforeAll(async () => {
    await promoteToAdmin(t.services, { email: STAFF, password: "owner123" });
    admin = authClient(t.url, "198.51.100.80");
    await admin.call("/sign-in/email", { email: STAFF, password: "owner123" });
    jpeg = await sharp({ create: { width: 32, height: 32, channels: 3, background: "#2a6" } })
      .jpeg()
      .toBuffer();
    png = await sharp({ create: { width: 16, height: 16, channels: 3, background: "#622" } })
      .png()
      .toBuffer();
  });

  /** A physical order, paid, shipped (packed for `weather` when given) and delivered at `now`; answers its id and token. */
  async function deliveredOrder(quantity = 3, email = "reefer@example.com", weather?: string) {
    const res = await buy(t.url, [{ kind: "product", id: "premium-chaeto", quantity }]);
    expect(res.status).toBe(201);
    const { order, orderUrl } = (await res.json()) as { order: { id: string; total: number }; orderUrl: string };
    if (email !== "reefer@example.com")
      await t.services.database.db.updateTable("orders").set({ email }).where("id", "=", order.id).execute();
    await performOrderAction(
      t.services,
      order.id,
      { action: "ship", carrier: "USPS", trackingNumber: "9400C1" },
      STAFF,
    );
    if (weather)
      await t.services.database.db
        .insertInto("order_weather")
        .values({
          order_id: order.id,
          checked_on: "2026-11-20",
          ship_on: "2026-11-20",
          arrive_on: "2026-11-21",
          outcome: weather,
          low_f: 30,
          high_f: 40,
          pack: weather === "heat" || weather === "cold" ? weather : null,
          note: "",
          checked_at: "2026-11-20T10:00:00.000Z",
        })
        .execute();
    await performOrderAction(t.services, order.id, { action: "deliver" }, STAFF);
    const token = new URL(orderUrl, "http://x").searchParams.get("token")!;
    return { id: order.id, token, total: order.total };
  }

  function claimForm(fields: { lines?: unknown; remedy?: string; note?: string; photos?: Blob[] }) {
    const form = new FormData();
    if (fields.lines !== undefined)
      form.set("lines", typeof fields.lines === "string" ? fields.lines : JSON.stringify(fields.lines));
    if (fields.remedy) form.set("remedy", fields.remedy);
    if (fields.note) form.set("note", fields.note);
    for (const [i, photo] of (fields.photos ?? []).entries()) form.append("photos", photo, `photo-${i}.jpg`);
    return form;
  }

  const photo = (bytes: Buffer, type = "image/jpeg") => new Blob([new Uint8Array(bytes)], { type });

  function postClaim(order: { id: string; token: string }, form: FormData) {
    return fetch(`${t.url}/api/orders/${order.id}/claims?token=${encodeURIComponent(order.token)}`, {
      method: "POST",
      body: form,
    });
  }

  function asAdmin(method: string, path: string, body?: unknown) {
    return fetch(`${t.url}${path}`, {
      method,
      headers: {
        "Content-Type": "application/json",
        cookie: [...admin.jar].map(([k, v]) => `${k}=${v}`).join("; "),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  async function countRows(table: "claims" | "refunds" | "store_credit_movements", where?: [string, string]) {
    let query = t.services.database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n"));
    if (where) query = query.where(where[0] as never, "=", where[1] as never);
    return Number((await query.executeTakeFirstOrThrow()).n);
  }

  async function mails(dedupeKey: string) {
    return t.services.database.db
      .selectFrom("outbox")
      .select(["kind", "to_address", "subject", "text"])
      .where("dedupe_key", "=", dedupeKey)
      .execute();
  }

  it("accepts a claim with two photos inside the window, mails buyer and owner once, and refuses one outside it", async () => {
    now = START;
    const order = await deliveredOrder();
    now = START + 23 * HOUR;
    const res = await postClaim(
      order,
      claimForm({
        lines: [{ id: "premium-chaeto", quantity: 2 }],
        remedy: "replacement",
        note: "Two portions arrived brown and smelling.",
        photos: [photo(jpeg), photo(png, "image/png")],
      }),
    );
    expect(res.status).toBe(201);
    const { claim } = await res.json();
    expect(claim).toMatchObject({
      status: "open",
      orderId: order.id,
      remedyWanted: "replacement",
      lines: [{ position: 0, quantity: 2 }],
    });
    expect(claim.photos).toHaveLength(2);
    expect(claim.photos.map((p: { contentType: string }) => p.contentType)).toEqual(["image/jpeg", "image/png"]);

    const received = await mails(`claim-received:${claim.id}`);
    expect(received).toEqual([expect.objectContaining({ to_address: "reefer@example.com" })]);
    expect(received[0]!.text).toMatch(/2 × /);
    expect(await mails(`claim-alert:${claim.id}`)).toEqual([
      expect.objectContaining({ to_address: t.services.config.shopEmail }),
    ]);

    // The owner sees the photos (the bytes as uploaded); nobody else does.
    const listed = await (await asAdmin("GET", "/api/admin/claims")).json();
    expect(listed.claims.map((c: { id: string }) => c.id)).toContain(claim.id);
    const first = await asAdmin("GET", claim.photos[0].url);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("image/jpeg");
    expect(Buffer.from(await first.arrayBuffer()).equals(jpeg)).toBe(true);
    expect((await fetch(`${t.url}${claim.photos[0].url}`)).status).toBe(401);

    // One open claim per line.
    const again = await postClaim(
      order,
      claimForm({ lines: [{ lineIndex: 0, quantity: 1 }], remedy: "refund", photos: [photo(jpeg)] }),
    );
    expect(again.status).toBe(409);
    expect((await again.json()).error).toMatchObject({ code: "aborted", reason: "claim-already-open" });

    // Past the window: refused, nothing stored.
    const late = await deliveredOrder();
    now += 24 * HOUR + 1000;
    const before = await countRows("claims");
    const refused = await postClaim(
      late,
      claimForm({ lines: [{ lineIndex: 0, quantity: 1 }], remedy: "credit", photos: [photo(jpeg), photo(png)] }),
    );
    expect(refused.status).toBe(409);
    expect((await refused.json()).error).toMatchObject({ code: "aborted", reason: "claim-window-closed" });
    expect(await countRows("claims")).toBe(before);
  });

  it("answers a clear 400 for lines, quantities, photos and forms that are not right, storing nothing", async () => {
    now = START + 100 * HOUR;
    const order = await deliveredOrder(2);
    const before = await countRows("claims");
    const cases: Array<[FormData | string, string]> = [
      [
        claimForm({ lines: [{ id: "not-on-the-order", quantity: 1 }], remedy: "refund", photos: [photo(jpeg)] }),
        "invalid-lines",
      ],
      [claimForm({ lines: [{ lineIndex: 3, quantity: 1 }], remedy: "refund", photos: [photo(jpeg)] }), "invalid-lines"],
      [claimForm({ lines: [{ lineIndex: 0, quantity: 3 }], remedy: "refund", photos: [photo(jpeg)] }), "invalid-lines"],
      [
        claimForm({ lines: [{ lineIndex: 0, quantity: 0 }], remedy: "refund", photos: [photo(jpeg)] }),
        "validation-failed",
      ],
      [claimForm({ lines: "[{", remedy: "refund", photos: [photo(jpeg)] }), "malformed-json"],
      [
        claimForm({ lines: [{ lineIndex: 0, quantity: 1 }], remedy: "cash", photos: [photo(jpeg)] }),
        "validation-failed",
      ],
      [claimForm({ lines: [{ lineIndex: 0, quantity: 1 }], remedy: "refund", photos: [] }), "photos-required"],
      [
        claimForm({ lines: [{ lineIndex: 0, quantity: 1 }], remedy: "refund", photos: Array(6).fill(photo(jpeg)) }),
        "photos-required",
      ],
      // Declared an image, but its bytes are not one.
      [
        claimForm({
          lines: [{ lineIndex: 0, quantity: 1 }],
          remedy: "refund",
          photos: [photo(Buffer.from("<script>alert(1)</script> not a jpeg at all"), "image/jpeg")],
        }),
        "not-an-image",
      ],
      [JSON.stringify({ lines: [{ lineIndex: 0, quantity: 1 }], remedy: "refund" }), "multipart-required"],
    ];
    for (const [body, reason] of cases) {
      const res =
        typeof body === "string"
          ? await fetch(`${t.url}/api/orders/${order.id}/claims?token=${order.token}`, {
              method: "POST",
              headers: { "Content-Type": "application/json" },
              body,
            })
          : await postClaim(order, body);
      expect(res.status, reason).toBe(400);
      expect((await res.json()).error).toMatchObject({ code: "invalid-argument", reason });
    }
    // A broken multipart body, and a photo over the size limit.
    const broken = await fetch(`${t.url}/api/orders/${order.id}/claims?token=${order.token}`, {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=xyz" },
      body: '--xyz\r\nContent-Disposition: form-data; name="lines"\r\n\r\n[',
    });
    expect(broken.status).toBe(400);
    const huge = Buffer.concat([jpeg, Buffer.alloc(5 * 1024 * 1024)]);
    const big = await postClaim(
      order,
      claimForm({ lines: [{ lineIndex: 0, quantity: 1 }], remedy: "refund", photos: [photo(huge)] }),
    );
    expect(big.status).toBe(400);
    expect((await big.json()).error.reason).toBe("photo-too-large");
    // A wrong token is no order.
    const stranger = await postClaim(
      { id: order.id, token: "x".repeat(43) },
      claimForm({ lines: [{ lineIndex: 0, quantity: 1 }], remedy: "refund", photos: [photo(jpeg)] }),
    );
    expect(stranger.status).toBe(404);
    expect(await countRows("claims")).toBe(before);
  });

  async function openClaim(remedy: string, quantity = 3, email?: string, weather?: string) {
    now = START + 200 * HOUR;
    const order = await deliveredOrder(quantity, email, weather);
    const res = await postClaim(
      order,
      claimForm({ lines: [{ lineIndex: 0, quantity: 1 }], remedy, photos: [photo(jpeg), photo(png)] }),
    );
    expect(res.status).toBe(201);
    return { order, claim: (await res.json()).claim as { id: string; amountCents: number } };
  }

  /** The owner clicks twice at once: both answers agree. */
  async function approveTwice(id: string, remedy: string) {
    const answers = await Promise.all([
      asAdmin("POST", `/api/admin/claims/${id}`, { action: "approve", remedy }),
      asAdmin("POST", `/api/admin/claims/${id}`, { action: "approve", remedy }),
    ]);
    const bodies = await Promise.all(answers.map((r) => r.json()));
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    return bodies;
  }

  it("approving a replacement twice at once places exactly one $0 order on the next live ship day, and one mail", async () => {
    const { order, claim } = await openClaim("replacement");
    const stockBefore = (
      await t.services.database.db
        .selectFrom("products")
        .select("quantity")
        .where("id", "=", "premium-chaeto")
        .executeTakeFirstOrThrow()
    ).quantity;
    const bodies = await approveTwice(claim.id, "replacement");
    const replacementId = bodies[0].replacementOrderId;
    expect(replacementId).toEqual(expect.any(String));
    expect(bodies[1].replacementOrderId).toBe(replacementId);
    expect(bodies[0].claim).toMatchObject({ status: "approved", remedy: "replacement" });

    const replacements = await t.services.database.db
      .selectFrom("orders")
      .select(["id", "status", "total_cents", "ship_on", "source", "email"])
      .where("idempotency_key", "=", `claim:${claim.id}`)
      .execute();
    expect(replacements).toHaveLength(1);
    expect(replacements[0]).toMatchObject({ id: replacementId, status: "paid", total_cents: 0, source: "claim" });
    expect(replacements[0]!.ship_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // It reserved (and sold) its stock like any order.
    const stockAfter = (
      await t.services.database.db
        .selectFrom("products")
        .select("quantity")
        .where("id", "=", "premium-chaeto")
        .executeTakeFirstOrThrow()
    ).quantity;
    expect(stockAfter).toBe(stockBefore - 1);
    const approved = await mails(`claim-approved:${claim.id}`);
    expect(approved).toHaveLength(1);
    expect(approved[0]!.text).toMatch(/replacement at no charge/);
    // The original order is untouched.
    const original = await t.services.database.db
      .selectFrom("orders")
      .select(["status", "refunded_cents"])
      .where("id", "=", order.id)
      .executeTakeFirstOrThrow();
    expect(original).toEqual({ status: "delivered", refunded_cents: 0 });
    // A later click with another decision is refused and changes nothing.
    const other = await asAdmin("POST", `/api/admin/claims/${claim.id}`, { action: "decline", reason: "No." });
    expect(other.status).toBe(409);
    expect(await mails(`claim-declined:${claim.id}`)).toHaveLength(0);
  });

  it("approving a refund twice at once refunds once, through the lifecycle, with one mail", async () => {
    const { order, claim } = await openClaim("refund");
    await approveTwice(claim.id, "refund");
    expect(await countRows("refunds", ["order_id", order.id])).toBe(1);
    const refund = await t.services.database.db
      .selectFrom("refunds")
      .select(["amount_cents", "status"])
      .where("order_id", "=", order.id)
      .executeTakeFirstOrThrow();
    expect(refund.amount_cents).toBe(claim.amountCents);
    expect(refund.amount_cents).toBeGreaterThan(0);
    const after = await t.services.database.db
      .selectFrom("orders")
      .select(["refunded_cents", "status"])
      .where("id", "=", order.id)
      .executeTakeFirstOrThrow();
    expect(after.refunded_cents).toBe(claim.amountCents);
    expect(await mails(`claim-approved:${claim.id}`)).toHaveLength(1);
  });

  it("approving credit twice at once credits once, with one movement and one mail; declining mails the reason once", async () => {
    const { claim } = await openClaim("credit", 3, "credit.buyer@example.com");
    const bodies = await approveTwice(claim.id, "credit");
    expect(bodies[0].credit).toEqual({ amountCents: claim.amountCents });
    expect(await countRows("store_credit_movements", ["claim_id", claim.id])).toBe(1);
    const balance = await t.services.database.db
      .selectFrom("store_credit_balances")
      .select("balance_cents")
      .where("email_key", "=", "credit.buyer@example.com")
      .executeTakeFirstOrThrow();
    expect(balance.balance_cents).toBe(claim.amountCents);
    expect(await mails(`claim-approved:${claim.id}`)).toHaveLength(1);

    const declined = await openClaim("refund");
    const answers = await Promise.all([
      asAdmin("POST", `/api/admin/claims/${declined.claim.id}`, {
        action: "decline",
        reason: "The photos show a healthy ball.",
      }),
      asAdmin("POST", `/api/admin/claims/${declined.claim.id}`, {
        action: "decline",
        reason: "The photos show a healthy ball.",
      }),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    const mail = await mails(`claim-declined:${declined.claim.id}`);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toMatch(/healthy ball/);
    // Once decided, its lines may be claimed again.
    const bad = await asAdmin("POST", `/api/admin/claims/${declined.claim.id}`, { action: "approve", remedy: "cash" });
    expect(bad.status).toBe(400);
  });

  it("the delivered mail offers 'Report a problem'; the order page takes the claim as a plain form post", async () => {
    now = START + 300 * HOUR;
    const order = await deliveredOrder(2);
    const row = await t.services.database.db
      .selectFrom("outbox")
      .select(["kind", "order_id", "dedupe_key"])
      .where("dedupe_key", "=", `order-delivered:${order.id}`)
      .executeTakeFirstOrThrow();
    const delivered = await renderQueuedMail(t.services.database.db, row, t.services.config, t.services.secret);
    expect(delivered!.text).toMatch(/Report a problem/);
    expect(delivered!.html).toContain("#report");

    const pageUrl = `http://localhost:3000/order-confirmation?order=${order.id}&token=${order.token}`;
    const context = { services: t.services, nonce: "", clientIp: "127.0.0.1" };
    const shown = await orderPage.loader({ request: new Request(pageUrl), context, params: {} } as never);
    expect(shown.claims).toMatchObject({ open: true, hours: 24, filed: [] });

    // What a browser without JavaScript sends: checkboxes, a quantity per line, files, a radio.
    const form = new FormData();
    form.append("line", "0");
    form.append("quantity-0", "1");
    form.append("photos", photo(jpeg), "dead.jpg");
    form.append("remedy", "credit");
    form.append("note", "Brown and mushy.");
    const answer = await orderPage.action({
      request: new Request(pageUrl, { method: "POST", body: form }),
      context,
      params: {},
    } as never);
    expect(answer).toEqual({ claimError: null, claimFiled: true });
    const after = await orderPage.loader({ request: new Request(pageUrl), context, params: {} } as never);
    expect(after.claims!.filed).toEqual([
      expect.objectContaining({
        status: "open",
        remedyWanted: "credit",
        lines: [expect.objectContaining({ quantity: 1 })],
      }),
    ]);
    // Nothing about who decides reaches the buyer's page.
    expect(JSON.stringify(after)).not.toMatch(/decidedBy|object_path|objectPath/);

    // No photo: the page says why, and nothing is filed.
    const bare = new FormData();
    bare.append("line", "1");
    bare.append("remedy", "refund");
    const refused = (await orderPage.action({
      request: new Request(pageUrl, { method: "POST", body: bare }),
      context,
      params: {},
    } as never)) as unknown as { init: { status: number }; data: { claimError: string } };
    expect(refused.init.status).toBe(400);
    expect(refused.data.claimError).toMatch(/line|photo/i);
  });

  it("the back office's Claims screen lists open claims first and decides one with a plain form post", async () => {
    const { claim } = await openClaim("refund");
    const cookie = [...admin.jar].map(([k, v]) => `${k}=${v}`).join("; ");
    const context = { services: t.services, nonce: "", clientIp: "127.0.0.1" };
    const request = (init?: RequestInit) =>
      new Request("http://localhost:3000/admin/claims", { ...init, headers: { cookie } });
    const listed = await claimsScreen.loader({ request: request(), context, params: {} } as never);
    expect(listed.claims[0]).toMatchObject({ status: "open" });
    expect(listed.claims.map((c) => c.id)).toContain(claim.id);
    const form = new FormData();
    form.set("claimId", claim.id);
    form.set("intent", "decline");
    form.set("reason", "Healthy in the photos.");
    const answer = (await claimsScreen.action({
      request: request({ method: "POST", body: form }),
      context,
      params: {},
    } as never)) as unknown as { data: { status: string } };
    expect(answer.data.status).toBe("success");
    expect(await mails(`claim-declined:${claim.id}`)).toHaveLength(1);
    // Signed out, the screen is not there.
    await expect(
      claimsScreen.loader({ request: new Request("http://localhost:3000/admin/claims"), context, params: {} } as never),
    ).rejects.toBeDefined();
  });

  it("store credit pays part of a later signed-in checkout, the totals add up, and a cancelled order gives it back", async () => {
    const spender = authClient(t.url, "198.51.100.81");
    await spender.signUp({ email: "Spender@Example.com", password: "spender123", name: "Spe Nder" });
    const { claim } = await openClaim("credit", 3, "spender@example.com");
    await approveTwice(claim.id, "credit");
    const credit = claim.amountCents;
    expect(credit).toBeGreaterThan(0);
    const quote = (cookie?: string) =>
      fetch(`${t.url}/api/cart/quote`, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...(cookie ? { cookie } : {}) },
        body: JSON.stringify({ items: [{ kind: "product", id: "premium-chaeto", quantity: 2 }], storeCredit: 1000 }),
      }).then((r) => r.json());
    // Signed in but not confirmed, the account holds no credit: anyone can sign up with an address.
    expect(await quote([...spender.jar].map(([k, v]) => `${k}=${v}`).join("; "))).not.toHaveProperty("storeCredit");
    await follow(await latestMailLink(t.services, "spender@example.com", "verify-email"), spender);

    const checkout = () =>
      fetch(`${t.url}/api/checkout`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "Idempotency-Key": crypto.randomUUID(),
          cookie: [...spender.jar].map(([k, v]) => `${k}=${v}`).join("; "),
        },
        body: JSON.stringify({
          items: [{ kind: "product", id: "premium-chaeto", quantity: 2 }],
          customer: { email: "spender@example.com", name: "Spe Nder" },
          shippingAddress: ADDRESS,
          // A browser's word on the credit counts for nothing.
          storeCredit: 1000,
          payment: { card: card() },
        }),
      });
    // Signed in, the customer sees it on their account page.
    const profile = await profilePage.loader({
      request: new Request("http://localhost:3000/profile", {
        headers: { cookie: [...spender.jar].map(([k, v]) => `${k}=${v}`).join("; ") },
      }),
      context: { services: t.services, nonce: "", clientIp: "127.0.0.1" },
      params: {},
    } as never);
    expect(profile.storeCreditCents).toBe(credit);

    // The checkout's summary is the shop's quote: signed in, it takes the credit off what is left to pay; signed out, not.
    const signedIn = await quote([...spender.jar].map(([k, v]) => `${k}=${v}`).join("; "));
    expect(Math.round(signedIn.storeCredit * 100)).toBe(credit);
    expect(Math.round(signedIn.toPay * 100)).toBe(Math.round(signedIn.total * 100) - credit);
    const signedOut = await quote();
    expect(signedOut.total).toBe(signedIn.total);
    expect(signedOut).not.toHaveProperty("storeCredit");
    expect(signedOut).not.toHaveProperty("toPay");

    const res = await checkout();
    expect(res.status).toBe(201);
    const { order } = await res.json();
    const cents = (dollars: number) => Math.round(dollars * 100);
    expect(cents(order.storeCredit)).toBe(credit);
    expect(cents(order.subtotal) - cents(order.discount) + cents(order.shipping) - cents(order.storeCredit)).toBe(
      cents(order.total),
    );
    expect(cents(order.total)).toBeGreaterThan(0);
    const balance = async () =>
      Number(
        (
          await t.services.database.db
            .selectFrom("store_credit_balances")
            .select("balance_cents")
            .where("email_key", "=", "spender@example.com")
            .executeTakeFirst()
        )?.balance_cents ?? 0,
      );
    expect(await balance()).toBe(0);
    const movements = await t.services.database.db
      .selectFrom("store_credit_movements")
      .select(["amount_cents", "balance_after_cents", "reason", "order_id"])
      .where("email_key", "=", "spender@example.com")
      .orderBy("id")
      .execute();
    expect(movements).toEqual([
      { amount_cents: credit, balance_after_cents: credit, reason: "claim-approved", order_id: expect.any(String) },
      { amount_cents: -credit, balance_after_cents: 0, reason: "checkout", order_id: order.id },
    ]);
    // The payment took only what was left to pay.
    const paid = await t.services.database.db
      .selectFrom("orders")
      .select(["total_cents", "store_credit_cents", "status"])
      .where("id", "=", order.id)
      .executeTakeFirstOrThrow();
    expect(paid).toEqual({ total_cents: cents(order.total), store_credit_cents: credit, status: "paid" });

    // With no credit left, the next order pays in full.
    const next = await (await checkout()).json();
    expect(next.order.storeCredit).toBe(0);

    // Cancelled, the first order gives its credit back, once.
    await performOrderAction(t.services, order.id, { action: "cancel" }, STAFF);
    expect(await balance()).toBe(credit);
    await performOrderAction(t.services, order.id, { action: "cancel" }, STAFF).catch(() => {});
    expect(await balance()).toBe(credit);

    // Credit that covers a whole order leaves nothing to charge: the provider is not asked for $0.
    await t.services.database.db.transaction().execute((trx) =>
      moveCredit(trx, {
        email: "spender@example.com",
        amountCents: 100_000,
        reason: "claim-approved",
        dedupeKey: "test:plenty",
        now: new Date(),
      }),
    );
    const free = await checkout();
    expect(free.status).toBe(201);
    const freeOrder = (await free.json()).order;
    expect(freeOrder.total).toBe(0);
    const row = await t.services.database.db
      .selectFrom("orders")
      .select(["status", "payment_reference"])
      .where("id", "=", freeOrder.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "paid", payment_reference: `nothing-to-charge:${freeOrder.id}` });
  });

  it("counts the dead-on-arrival rate by week: approved claims over delivered orders", async () => {
    const { db } = t.services.database;
    const { byWeek: weeks, byArrivalWeather: unchecked } = await deadOnArrival(db, new Date(now), 12);
    // Until the weather was checked for some arrival, there is no breakdown by it.
    expect(unchecked).toEqual([]);
    const delivered = await t.services.database.db
      .selectFrom("order_events")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("to_status", "=", "delivered")
      .where("from_status", "<>", "delivered")
      .executeTakeFirstOrThrow();
    const approved = await t.services.database.db
      .selectFrom("claims")
      .select((eb) => eb.fn.count<number>("order_id").distinct().as("n"))
      .where("status", "=", "approved")
      .executeTakeFirstOrThrow();
    expect(weeks.reduce((n, w) => n + w.delivered, 0)).toBe(Number(delivered.n));
    expect(weeks.reduce((n, w) => n + w.approvedClaims, 0)).toBe(Number(approved.n));
    expect(Number(approved.n)).toBeGreaterThanOrEqual(3);
    for (const w of weeks) expect(w.rate).toBeCloseTo(w.approvedClaims / w.delivered);

    // By the weather each order was packed for: one packed with a heat pack and claimed, one held and not.
    const { claim } = await openClaim("credit", 3, undefined, "heat");
    await approveTwice(claim.id, "credit");
    await deliveredOrder(1, undefined, "hold");
    const { byArrivalWeather } = await deadOnArrival(db, new Date(now), 12);
    const band = (weather: string) => byArrivalWeather.find((b) => b.weather === weather);
    expect(band("heat")).toEqual({ weather: "heat", delivered: 1, approvedClaims: 1, rate: 1 });
    expect(band("hold")).toEqual({ weather: "hold", delivered: 1, approvedClaims: 0, rate: 0 });
    expect(band("unknown")!.delivered).toBe(Number(delivered.n));
  });

  it("keeps the deliveries per day equal to a count of every delivery and approved claim", async () => {
    const { db } = t.services.database;
    const kept = await readDeliveriesByDay(db);
    expect(kept.filter((d) => d.delivered > 0 || d.approvedClaims > 0)).toEqual(await countDeliveriesByDay(db));
    // Every remedy's approval was counted (replacement, refund, credit), and a second approved claim on an order is not.
    expect(kept.reduce((n, d) => n + d.approvedClaims, 0)).toBeGreaterThanOrEqual(4);
    // Counted again from scratch, they come out the same.
    await rebuildDeliveriesByDay(db);
    expect(await readDeliveriesByDay(db)).toEqual(await countDeliveriesByDay(db));
  });
});
