import crypto from "node:crypto";
import {
  ClaimFieldsSchema,
  ClaimLinesSchema,
  claimValueCents,
  claimWindowOpen,
  MAX_CLAIM_PHOTO_BYTES,
  MAX_CLAIM_PHOTOS,
  MIN_CLAIM_PHOTOS,
  resolveClaimLines,
  sniffImageType,
  type ClaimDecision,
  type ClaimedLine,
  type ClaimLineInput,
  type ClaimRemedy,
  doaRates,
  weekOf,
  type ClaimStatus,
} from "#app/domain/claims";
import { fieldErrorsOf } from "#app/domain/forms";
import { PAID_ELSEWHERE } from "#app/domain/paid-elsewhere";
import { utcDay } from "#app/domain/sales-by-day";
import {
  renderClaimAlert,
  renderClaimApproved,
  renderClaimDeclined,
  renderClaimReceived,
  type ClaimMailFacts,
  type ClaimOutcomeForMail,
} from "#app/services/mail/claim-emails";
import { enqueueMails, type OutgoingMail } from "#app/services/mail/outbox.server";
import { toIso } from "#database/values";
import { completePaymentStep, placeStep, priceStep } from "./checkout.server";
import { countApprovedClaim, readDeliveriesByDay } from "./deliveries-by-day.server";
import { OrderTransitionError, transition, transitionIfAllowed } from "./order-lifecycle.server";
import { orderUrl } from "./order-mails.server";
import { findOrderByIdempotencyKey, getOrder, getOrderForToken } from "./orders.server";
import { settleRefund } from "./refunds.server";
import { moveCredit } from "./store-credit.server";
import type { CartItem } from "#app/domain/cart-items";
import type { Order } from "#app/domain/order-types";
import type { AppServices } from "#app/services/container";
import type { Database } from "#database/schema";
import type { Kysely, Transaction } from "kysely";

type Db = Kysely<Database>;

/** Claim photos' bucket in the storage service: personal data, shown only in the back office. */
export const CLAIM_BUCKET = "claims";

const EXTENSIONS: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/gif": "gif",
  "image/webp": "webp",
  "image/heic": "heic",
};

export interface ClaimView {
  id: string;
  orderId: string;
  orderNumber: string;
  email: string;
  status: ClaimStatus;
  remedyWanted: ClaimRemedy;
  remedy: ClaimRemedy | null;
  note: string;
  amountCents: number;
  declineReason: string | null;
  replacementOrderId: string | null;
  refundId: string | null;
  creditCents: number | null;
  decidedBy: string | null;
  decidedAt: string | null;
  createdAt: string;
  lines: Array<{ position: number; id: string | null; title: string; quantity: number }>;
  photos: Array<{ position: number; contentType: string; bytes: number; url: string }>;
}

/** Why a claim or a decision is turned away; the HTTP edge picks the status. */
export type ClaimRefusal = {
  kind: "refused";
  refusal: "invalid" | "window-closed" | "conflict";
  reason: string;
  message: string;
};

function refused(refusal: ClaimRefusal["refusal"], reason: string, message: string): ClaimRefusal {
  return { kind: "refused", refusal, reason, message };
}

export interface ClaimPhotoUpload {
  bytes: Uint8Array;
}

export type FileClaimOutcome = { kind: "filed"; claim: ClaimView } | { kind: "not-found" } | ClaimRefusal;

function isOpenLineConflict(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string; message?: string } | null;
  if (!e) return false;
  if (e.code === "23505") return /claim_lines/.test(e.constraint ?? "") || /open_key/.test(e.message ?? "");
  return typeof e.code === "string" && e.code.startsWith("SQLITE_CONSTRAINT") && /open_key/.test(e.message ?? "");
}

async function approvedQuantities(db: Db, orderId: string): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom("claim_lines")
    .innerJoin("claims", "claims.id", "claim_lines.claim_id")
    .select(["claim_lines.position", "claim_lines.quantity"])
    .where("claim_lines.order_id", "=", orderId)
    .where("claims.status", "=", "approved")
    .execute();
  const taken = new Map<number, number>();
  for (const r of rows) taken.set(r.position, (taken.get(r.position) ?? 0) + r.quantity);
  return taken;
}

function brandOf(services: AppServices) {
  const { config } = services;
  return { shopName: config.shopName, publicUrl: config.publicUrl, shopEmail: config.shopEmail };
}

function mailFacts(
  order: Order,
  claim: { remedyWanted: ClaimRemedy; note: string; photos: number },
  lines: readonly ClaimedLine[],
): ClaimMailFacts {
  return {
    orderNumber: order.number,
    lines: lines.map((l) => ({ title: order.lines[l.position]?.title ?? "", quantity: l.quantity })),
    remedyWanted: claim.remedyWanted,
    note: claim.note,
    photos: claim.photos,
  };
}

function outgoing(
  kind: string,
  to: string,
  dedupeKey: string,
  orderId: string,
  mail: Awaited<ReturnType<typeof renderClaimAlert>>,
): OutgoingMail {
  return { kind, to, dedupeKey, orderId, ...mail };
}

/**
 * A buyer's arrive-alive claim: the order by its link's token, within the window after
 * delivery, lines and quantities on the order (less what approved claims already took), one
 * open claim per line, 1–5 photos that are images by their bytes. The photos are stored, then
 * the claim, its lines and photos and the two "received" mails (buyer, owner) in one transaction.
 */
export async function fileClaim(
  services: AppServices,
  input: {
    orderId: string;
    token: string;
    lines: ClaimLineInput[];
    remedy: ClaimRemedy;
    note: string;
    photos: ClaimPhotoUpload[];
  },
): Promise<FileClaimOutcome> {
  const { db } = services.database;
  const order = await getOrderForToken(db, input.orderId, input.token);
  if (!order) return { kind: "not-found" };
  const now = services.clock();
  if (!claimWindowOpen(order, services.config.claimWindowHours, now))
    return refused(
      "window-closed",
      "claim-window-closed",
      order.status === "delivered"
        ? `Problems can be reported up to ${services.config.claimWindowHours} hours after delivery; this order's window has closed. Reply to your delivery mail and we will look at it.`
        : "Problems can be reported once the order is delivered.",
    );
  const resolved = resolveClaimLines(order, input.lines, await approvedQuantities(db, order.id));
  if (!resolved.ok) return refused("invalid", "invalid-lines", resolved.message);
  if (input.photos.length < MIN_CLAIM_PHOTOS || input.photos.length > MAX_CLAIM_PHOTOS)
    return refused(
      "invalid",
      "photos-required",
      `Add ${MIN_CLAIM_PHOTOS} to ${MAX_CLAIM_PHOTOS} photos of what arrived.`,
    );
  const types: string[] = [];
  for (const photo of input.photos) {
    if (photo.bytes.length > MAX_CLAIM_PHOTO_BYTES)
      return refused("invalid", "photo-too-large", "Each photo can be at most 5 MB.");
    const type = sniffImageType(photo.bytes);
    if (!type) return refused("invalid", "not-an-image", "Photos must be JPEG, PNG, WebP, GIF or HEIC images.");
    types.push(type);
  }
  const openKeys = resolved.lines.map((l) => `${order.id}:${l.position}`);
  const open = await db.selectFrom("claim_lines").select("open_key").where("open_key", "in", openKeys).execute();
  if (open.length > 0) return alreadyOpen();

  const id = crypto.randomUUID();
  const photos = input.photos.map((p, position) => ({
    position,
    bytes: p.bytes,
    contentType: types[position]!,
    objectPath: `${id}/${position + 1}.${EXTENSIONS[types[position]!] ?? "img"}`,
  }));
  for (const photo of photos)
    await services.storage.put(CLAIM_BUCKET, photo.objectPath, Buffer.from(photo.bytes), {
      contentType: photo.contentType,
      cacheControl: "private, max-age=3600",
      customMetadata: { claimId: id, orderId: order.id },
    });

  const facts = mailFacts(
    order,
    { remedyWanted: input.remedy, note: input.note, photos: photos.length },
    resolved.lines,
  );
  const brand = brandOf(services);
  const mails = [
    outgoing(
      "claim-received",
      order.email,
      `claim-received:${id}`,
      order.id,
      await renderClaimReceived(facts, brand, orderUrl(services.config, services.secret, order.id)),
    ),
    outgoing(
      "claim-alert",
      services.config.shopEmail,
      `claim-alert:${id}`,
      order.id,
      await renderClaimAlert(facts, brand, `${services.config.publicUrl}/admin/claims#claim-${id}`),
    ),
  ];
  const at = now.toISOString();
  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto("claims")
        .values({
          id,
          order_id: order.id,
          status: "open",
          remedy_wanted: input.remedy,
          remedy: null,
          note: input.note,
          amount_cents: claimValueCents(order, resolved.lines),
          decline_reason: null,
          replacement_order_id: null,
          refund_id: null,
          credit_cents: null,
          decided_by: null,
          decided_at: null,
          created_at: at,
        })
        .execute();
      await trx
        .insertInto("claim_lines")
        .values(
          resolved.lines.map((l) => ({
            claim_id: id,
            order_id: order.id,
            position: l.position,
            quantity: l.quantity,
            open_key: `${order.id}:${l.position}`,
          })),
        )
        .execute();
      await trx
        .insertInto("claim_photos")
        .values(
          photos.map((p) => ({
            claim_id: id,
            position: p.position,
            object_path: p.objectPath,
            content_type: p.contentType,
            bytes: p.bytes.length,
          })),
        )
        .execute();
      await enqueueMails(trx, mails, now);
    });
  } catch (err) {
    await Promise.all(photos.map((p) => services.storage.delete(CLAIM_BUCKET, p.objectPath).catch(() => {})));
    if (isOpenLineConflict(err)) return alreadyOpen();
    throw err;
  }
  return { kind: "filed", claim: (await getClaim(db, id))! };
}

/** A claim form that does not say what is claimed: per-field messages, nothing changed. */
export interface ClaimFormProblem {
  kind: "invalid";
  reason: string;
  message: string;
  fields: Record<string, string>;
}

/**
 * The claim as a form carries it (the API's multipart body, or the order page's form without
 * JavaScript): `lines` as JSON `[{id|lineIndex, quantity}]`, or the page's checkboxes `line`
 * (line indexes) with `quantity-<index>`; `remedy`, `note`, and `photos` (files; an empty file
 * part, as a browser sends for no choice, is no photo).
 */
export async function fileClaimFromForm(
  services: AppServices,
  input: { orderId: string; token: string; form: FormData },
): Promise<FileClaimOutcome | ClaimFormProblem> {
  const { form } = input;
  const problem = (fields: Record<string, string>, reason = "validation-failed"): ClaimFormProblem => ({
    kind: "invalid",
    reason,
    message: Object.values(fields)[0] ?? "Some of the details sent are not accepted.",
    fields,
  });
  let rawLines: unknown;
  const linesField = form.get("lines");
  if (typeof linesField === "string") {
    try {
      rawLines = JSON.parse(linesField);
    } catch {
      return problem({ lines: "The lines are not valid JSON." }, "malformed-json");
    }
  } else if (linesField !== null) {
    return problem({ lines: "The lines are not valid JSON." }, "malformed-json");
  } else {
    rawLines = form
      .getAll("line")
      .filter((v): v is string => typeof v === "string" && /^\d{1,3}$/.test(v))
      .map((v) => {
        const quantity = Number(form.get(`quantity-${v}`) ?? 1);
        return { lineIndex: Number(v), quantity: Number.isInteger(quantity) ? quantity : 0 };
      });
  }
  const lines = ClaimLinesSchema.safeParse(rawLines);
  if (!lines.success)
    return problem({
      lines:
        fieldErrorsOf(lines.error)[""] ??
        Object.values(fieldErrorsOf(lines.error))[0] ??
        "Pick the lines that arrived dead.",
    });
  const fields = ClaimFieldsSchema.safeParse({
    remedy: form.get("remedy") ?? undefined,
    note: typeof form.get("note") === "string" ? form.get("note") : undefined,
  });
  if (!fields.success) return problem(fieldErrorsOf(fields.error));
  const photos: ClaimPhotoUpload[] = [];
  for (const value of form.getAll("photos")) {
    if (typeof value === "string") return problem({ photos: "Photos must be files." });
    if (value.size === 0) continue;
    if (value.size > MAX_CLAIM_PHOTO_BYTES)
      return problem({ photos: "Each photo can be at most 5 MB." }, "photo-too-large");
    photos.push({ bytes: new Uint8Array(await value.arrayBuffer()) });
  }
  return fileClaim(services, {
    orderId: input.orderId,
    token: input.token,
    lines: lines.data,
    remedy: fields.data.remedy,
    note: fields.data.note,
    photos,
  });
}

function alreadyOpen(): ClaimRefusal {
  return refused(
    "conflict",
    "claim-already-open",
    "A report about one of these lines is already open: we will answer it soon.",
  );
}

// ---- reading ---------------------------------------------------------------------------------

export async function getClaim(db: Db, id: string): Promise<ClaimView | null> {
  return (await readClaims(db, { id }))[0] ?? null;
}

/** Claims for the back office, open ones first (oldest first), then decided ones (newest first). */
export async function listClaims(db: Db, filter: { orderId?: string; limit?: number } = {}): Promise<ClaimView[]> {
  return readClaims(db, filter);
}

async function readClaims(db: Db, filter: { id?: string; orderId?: string; limit?: number }): Promise<ClaimView[]> {
  let query = db
    .selectFrom("claims")
    .innerJoin("orders", "orders.id", "claims.order_id")
    .selectAll("claims")
    .select(["orders.number", "orders.email"]);
  if (filter.id) query = query.where("claims.id", "=", filter.id);
  if (filter.orderId) query = query.where("claims.order_id", "=", filter.orderId);
  const rows = await query
    .orderBy((eb) => eb.case().when("claims.status", "=", "open").then(0).else(1).end())
    .orderBy("claims.created_at", "desc")
    .limit(filter.limit ?? 200)
    .execute();
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const lines = await db
    .selectFrom("claim_lines")
    .innerJoin("order_lines", (join) =>
      join
        .onRef("order_lines.order_id", "=", "claim_lines.order_id")
        .onRef("order_lines.position", "=", "claim_lines.position"),
    )
    .select([
      "claim_lines.claim_id",
      "claim_lines.position",
      "claim_lines.quantity",
      "order_lines.title",
      "order_lines.item_id",
    ])
    .where("claim_lines.claim_id", "in", ids)
    .orderBy("claim_lines.position")
    .execute();
  const photos = await db
    .selectFrom("claim_photos")
    .selectAll()
    .where("claim_id", "in", ids)
    .orderBy("position")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    orderId: r.order_id,
    orderNumber: r.number,
    email: r.email,
    status: r.status as ClaimStatus,
    remedyWanted: r.remedy_wanted as ClaimRemedy,
    remedy: (r.remedy as ClaimRemedy | null) ?? null,
    note: r.note,
    amountCents: r.amount_cents,
    declineReason: r.decline_reason,
    replacementOrderId: r.replacement_order_id,
    refundId: r.refund_id,
    creditCents: r.credit_cents,
    decidedBy: r.decided_by,
    decidedAt: toIso(r.decided_at),
    createdAt: toIso(r.created_at)!,
    lines: lines
      .filter((l) => l.claim_id === r.id)
      .map((l) => ({ position: l.position, id: l.item_id, title: l.title, quantity: l.quantity })),
    photos: photos
      .filter((p) => p.claim_id === r.id)
      .map((p) => ({
        position: p.position,
        contentType: p.content_type,
        bytes: p.bytes,
        url: `/api/admin/claims/${r.id}/photos/${p.position}`,
      })),
  }));
}

/** What the buyer sees of an order's claims on the order page: never who decided, or the photos' keys. */
export async function customerClaims(db: Db, orderId: string) {
  const claims = await readClaims(db, { orderId });
  return claims.map((c) => ({
    id: c.id,
    status: c.status,
    remedyWanted: c.remedyWanted,
    remedy: c.remedy,
    declineReason: c.declineReason,
    createdAt: c.createdAt,
    lines: c.lines.map((l) => ({ title: l.title, quantity: l.quantity })),
  }));
}

/** A claim photo's bytes, for the back office. */
export async function claimPhoto(services: AppServices, claimId: string, position: number) {
  const row = await services.database.db
    .selectFrom("claim_photos")
    .select(["object_path", "content_type"])
    .where("claim_id", "=", claimId)
    .where("position", "=", position)
    .executeTakeFirst();
  if (!row) return null;
  const { bytes } = await services.storage.get(CLAIM_BUCKET, row.object_path);
  return { bytes, contentType: row.content_type };
}

// ---- deciding --------------------------------------------------------------------------------

export type DecideClaimOutcome =
  { kind: "decided"; claim: ClaimView; replayed: boolean } | { kind: "not-found" } | ClaimRefusal;

class ClaimDecidedMeanwhile extends Error {}

/**
 * Marks an open claim decided, inside the caller's transaction: the update is conditional on
 * the claim still being open, so of two racing decisions exactly one does it (the other's
 * transaction, with its remedy and mail, is rolled back).
 */
async function markDecided(
  trx: Transaction<Database>,
  id: string,
  set: {
    status: "approved" | "declined";
    remedy?: ClaimRemedy;
    decline_reason?: string;
    replacement_order_id?: string;
    refund_id?: string;
    credit_cents?: number;
  },
  actor: string,
  now: Date,
) {
  const done = await trx
    .updateTable("claims")
    .set({ ...set, decided_by: actor, decided_at: now.toISOString() })
    .where("id", "=", id)
    .where("status", "=", "open")
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) !== 1) throw new ClaimDecidedMeanwhile();
  await trx.updateTable("claim_lines").set({ open_key: null }).where("claim_id", "=", id).execute();
  if (set.status === "approved") {
    const { order_id } = await trx
      .selectFrom("claims")
      .select("order_id")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    await countApprovedClaim(trx, order_id);
  }
}

function asDecided(claim: ClaimView, decision: ClaimDecision): DecideClaimOutcome {
  const same =
    decision.action === "approve"
      ? claim.status === "approved" && claim.remedy === decision.remedy
      : claim.status === "declined";
  if (same) return { kind: "decided", claim, replayed: true };
  return refused(
    "conflict",
    "claim-decided",
    `This claim was already ${claim.status}${claim.remedy ? ` (${claim.remedy})` : ""}.`,
  );
}

/**
 * The owner's decision on a claim, once: approving grants the remedy (a $0 replacement order
 * through the checkout's steps, a refund through the order lifecycle, or store credit) and
 * declining records the reason; each mails the buyer once, in the transaction that decides.
 * A second click (or a racing one) changes nothing and answers the claim as decided.
 */
export async function decideClaim(
  services: AppServices,
  id: string,
  decision: ClaimDecision,
  actor: string,
): Promise<DecideClaimOutcome> {
  const { db } = services.database;
  const claim = await getClaim(db, id);
  if (!claim) return { kind: "not-found" };
  if (claim.status !== "open") return asDecided(claim, decision);
  const order = await getOrder(db, claim.orderId);
  if (!order) return { kind: "not-found" };
  const lines = claim.lines.map((l) => ({ position: l.position, quantity: l.quantity }));
  const facts = mailFacts(order, { ...claim, photos: claim.photos.length }, lines);
  const brand = brandOf(services);
  const link = orderUrl(services.config, services.secret, order.id);
  const now = services.clock();
  const mailOf = (rendered: Awaited<ReturnType<typeof renderClaimDeclined>>, kind: string) =>
    outgoing(kind, order.email, `${kind}:${id}`, order.id, rendered);

  try {
    if (decision.action === "decline") {
      const mail = mailOf(await renderClaimDeclined(facts, decision.reason, brand, link), "claim-declined");
      await db.transaction().execute(async (trx) => {
        await markDecided(trx, id, { status: "declined", decline_reason: decision.reason }, actor, now);
        await enqueueMails(trx, [mail], now);
      });
    } else if (decision.remedy === "credit") {
      const amount = claim.amountCents;
      if (amount <= 0)
        return refused("invalid", "nothing-to-credit", "These lines were free: there is nothing to credit.");
      const mail = mailOf(
        await renderClaimApproved(facts, { remedy: "credit", amountCents: amount }, brand, link),
        "claim-approved",
      );
      await db.transaction().execute(async (trx) => {
        await markDecided(trx, id, { status: "approved", remedy: "credit", credit_cents: amount }, actor, now);
        await moveCredit(trx, {
          email: order.email,
          amountCents: amount,
          reason: "claim-approved",
          dedupeKey: `claim:${id}`,
          claimId: id,
          orderId: order.id,
          now,
        });
        await enqueueMails(trx, [mail], now);
      });
    } else if (decision.remedy === "refund") {
      const amount = Math.min(claim.amountCents, order.totalCents - order.refundedCents);
      if (amount <= 0) return refused("invalid", "nothing-to-refund", "Nothing is left to refund on this order.");
      const mail = mailOf(
        await renderClaimApproved(facts, { remedy: "refund", amountCents: amount }, brand, link),
        "claim-approved",
      );
      let refundId: string | null = null;
      try {
        const done = await transition(
          db,
          order,
          { type: "partial-refund", amountCents: amount, reason: "arrive-alive claim" },
          {
            now,
            actor,
            shopEmail: services.config.shopEmail,
            note: `Arrive-alive claim approved: refund`,
            alsoInTransaction: async (trx) => {
              await markDecided(trx, id, { status: "approved", remedy: "refund" }, actor, now);
              await enqueueMails(trx, [mail], now);
            },
          },
        );
        refundId = done.refund?.id ?? null;
      } catch (err) {
        if (err instanceof OrderTransitionError) {
          const fresh = await getClaim(db, id);
          if (fresh && fresh.status !== "open") return asDecided(fresh, decision);
          return refused("conflict", "order-changed", err.message);
        }
        throw err;
      }
      if (refundId) {
        await db.updateTable("claims").set({ refund_id: refundId }).where("id", "=", id).execute();
        await settleRefund(services, refundId);
      }
    } else {
      const replaced = await placeReplacement(services, order, claim, facts, actor);
      if (replaced) return replaced;
    }
  } catch (err) {
    if (!(err instanceof ClaimDecidedMeanwhile)) throw err;
    const fresh = (await getClaim(db, id))!;
    return asDecided(fresh, decision);
  }
  return { kind: "decided", claim: (await getClaim(db, id))!, replayed: false };
}

/**
 * A replacement: a $0 order of the claimed lines through the checkout's own steps (priced and
 * stock-checked from the catalogue as it is now, placed with its stock reserved and the next live
 * ship day, then "paid" through the lifecycle), placed under the key "claim:<id>" so that two
 * clicks place one order; the claim is marked approved in the payment's transaction.
 */
async function placeReplacement(
  services: AppServices,
  order: Order,
  claim: ClaimView,
  facts: ClaimMailFacts,
  actor: string,
): Promise<DecideClaimOutcome | null> {
  const items: CartItem[] = claim.lines.map((l) => {
    const line = order.lines[l.position]!;
    return line.kind === "combo"
      ? { kind: "combo", productIds: line.productIds ?? [], quantity: l.quantity }
      : { kind: line.kind, id: line.id ?? "", quantity: l.quantity };
  });
  const key = `claim:${claim.id}`;
  let replacement = await findOrderByIdempotencyKey(services.database.db, key);
  if (!replacement) {
    const priced = await priceStep(services, {
      items,
      shippingAddress: order.shippingAddress,
      fresh: true,
      paidElsewhere: true,
    });
    if (priced.kind === "refused")
      return refused(
        priced.refusal === "conflict" ? "conflict" : "invalid",
        priced.reason,
        `The replacement cannot be placed: ${priced.message}`,
      );
    const free = {
      ...priced,
      quote: {
        ...priced.quote,
        lines: priced.quote.lines.map((l) => ({ ...l, unitPrice: 0, total: 0 })),
        subtotal: 0,
        discount: 0,
        total: 0,
      },
    };
    const placed = await placeStep(services, free, {
      customer: { email: order.email, name: order.customerName },
      shippingAddress: order.shippingAddress,
      userId: order.userId,
      source: "claim",
      paymentProvider: PAID_ELSEWHERE,
      idempotencyKey: key,
    });
    if (placed.kind === "out-of-stock")
      return refused("conflict", "out-of-stock", `The replacement cannot be placed: ${placed.message}`);
    replacement = placed.kind === "placed" ? placed.order : await findOrderByIdempotencyKey(services.database.db, key);
  }
  if (!replacement) throw new Error(`claim ${claim.id}: the replacement order vanished`);
  if (replacement.status !== "pending_payment") return null;
  const outcome: ClaimOutcomeForMail = {
    remedy: "replacement",
    replacementNumber: replacement.number,
    shipOn: replacement.shipOn,
  };
  const link = orderUrl(services.config, services.secret, order.id);
  const mail = outgoing(
    "claim-approved",
    order.email,
    `claim-approved:${claim.id}`,
    order.id,
    await renderClaimApproved(facts, outcome, brandOf(services), link),
  );
  const now = services.clock();
  const pending = replacement;
  try {
    await completePaymentStep(
      services,
      pending,
      { status: "succeeded", reference: `claim:${claim.id}` },
      {
        actor,
        alsoInTransaction: async (trx) => {
          await markDecided(
            trx,
            claim.id,
            { status: "approved", remedy: "replacement", replacement_order_id: pending.id },
            actor,
            now,
          );
          await enqueueMails(trx, [mail], now);
        },
      },
    );
  } catch (err) {
    if (err instanceof ClaimDecidedMeanwhile)
      // Decided otherwise meanwhile: the replacement placed for it is not wanted.
      await transitionIfAllowed(
        services.database.db,
        pending.id,
        { type: "cancel", reason: "its claim was decided otherwise" },
        { now, actor, shopEmail: services.config.shopEmail },
      );
    throw err;
  }
  return null;
}

/**
 * The dead-on-arrival rate of the last `weeks` calendar weeks (this one included), for the
 * dashboard: of the shipped orders delivered, how many have an approved claim, per week of
 * delivery and per the weather they were packed for; read from the running totals.
 */
export async function deadOnArrival(db: Db, now: Date, weeks = 8): Promise<ReturnType<typeof doaRates>> {
  const from = new Date(`${weekOf(now)}T00:00:00Z`);
  from.setUTCDate(from.getUTCDate() - (weeks - 1) * 7);
  return doaRates(await readDeliveriesByDay(db, utcDay(from)));
}
