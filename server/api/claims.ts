import express, { Router } from "express";
import { ClaimDecisionSchema, MAX_CLAIM_BODY_BYTES } from "#app/domain/claims";
import { UuidSchema } from "#app/domain/ids";
import {
  claimPhoto,
  decideClaim,
  fileClaimFromForm,
  listClaims,
  type ClaimRefusal,
} from "#app/models/orders/claims.server";
import { StorageError } from "#app/services/storage/storage.server";
import { ApiError } from "#server/errors";
import { parseBody } from "#server/validate";
import { adminOnly } from "./admin";
import type { AppServices } from "#server/services";

const REFUSAL_STATUS = { invalid: 400, "window-closed": 409, conflict: 409 } as const;

function refusalError(outcome: ClaimRefusal): ApiError {
  return new ApiError(REFUSAL_STATUS[outcome.refusal], outcome.message, outcome.reason);
}

/** A multipart body read into FormData; anything else, or a broken one, is the client's 400. */
async function readMultipart(contentType: string | undefined, body: unknown): Promise<FormData> {
  if (!/^multipart\/form-data\s*;/i.test(contentType ?? "") || !Buffer.isBuffer(body))
    throw new ApiError(400, "Send the claim as multipart/form-data.", "multipart-required");
  try {
    return await new Response(new Uint8Array(body), { headers: { "Content-Type": contentType! } }).formData();
  } catch {
    throw new ApiError(400, "The form could not be read.", "malformed-multipart");
  }
}

/**
 * Arrive-alive claims (decision 034): the buyer files one on a delivered order with its link's
 * token (multipart, with photos); the owner lists them and decides each once.
 */
export function claimRoutes(services: AppServices): Router {
  const router = Router();
  const { db } = services.database;

  router.post(
    "/orders/:id/claims",
    express.raw({ type: () => true, limit: MAX_CLAIM_BODY_BYTES }),
    async (req, res) => {
      const form = await readMultipart(req.headers["content-type"], req.body);
      const outcome = await fileClaimFromForm(services, {
        orderId: String(req.params.id),
        token: typeof req.query.token === "string" ? req.query.token : "",
        form,
      });
      if (outcome.kind === "not-found") throw new ApiError(404, "No such order.");
      if (outcome.kind === "refused") throw refusalError(outcome);
      if (outcome.kind === "invalid") throw new ApiError(400, outcome.message, outcome.reason, outcome.fields);
      res.status(201).json({ claim: outcome.claim });
    },
  );

  router.use("/admin/claims", adminOnly(services));

  router.get("/admin/claims", async (req, res) => {
    const orderId = UuidSchema.safeParse(req.query.order);
    res.json({ claims: await listClaims(db, orderId.success ? { orderId: orderId.data } : {}) });
  });

  router.post("/admin/claims/:id", async (req, res) => {
    const id = UuidSchema.safeParse(req.params.id);
    if (!id.success) throw new ApiError(404, "No such claim.");
    const decision = parseBody(ClaimDecisionSchema, req.body);
    const outcome = await decideClaim(services, id.data, decision, res.locals.admin!.email);
    if (outcome.kind === "not-found") throw new ApiError(404, "No such claim.");
    if (outcome.kind === "refused") throw refusalError(outcome);
    const { claim } = outcome;
    res.json({
      claim,
      ...(claim.replacementOrderId ? { replacementOrderId: claim.replacementOrderId } : {}),
      ...(claim.remedy === "refund" ? { refund: { id: claim.refundId, amountCents: claim.amountCents } } : {}),
      ...(claim.remedy === "credit" ? { credit: { amountCents: claim.creditCents } } : {}),
    });
  });

  router.get("/admin/claims/:id/photos/:position", async (req, res) => {
    const id = UuidSchema.safeParse(req.params.id);
    const position = Number(req.params.position);
    if (!id.success || !Number.isInteger(position) || position < 0 || position > 9)
      throw new ApiError(404, "No such photo.");
    try {
      const photo = await claimPhoto(services, id.data, position);
      if (!photo) throw new ApiError(404, "No such photo.");
      res.setHeader("Content-Type", photo.contentType);
      res.setHeader("Cache-Control", "private, max-age=3600");
      res.setHeader("X-Content-Type-Options", "nosniff");
      res.send(photo.bytes);
    } catch (err) {
      if (err instanceof StorageError) throw new ApiError(404, "No such photo.");
      throw err;
    }
  });

  return router;
}
