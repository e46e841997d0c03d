import { fromNodeHeaders } from "better-auth/node";
import express, { Router, type Response } from "express";
import { MAX_PHOTO_BYTES, saveProfilePhoto } from "#app/models/accounts/profile-photo.server";
import { getUser } from "#app/models/accounts/session.server";
import { CATALOG_BUCKET } from "#app/models/catalogue/catalogue-images.server";
import { AVATAR_BUCKET, StorageError } from "#app/services/storage/storage.server";
import { errorBody, type ErrorStatus } from "#server/errors";
import type { AppServices } from "#server/services";

const STORAGE_STATUS: Record<StorageError["code"], ErrorStatus> = {
  unknown: 500,
  "object-not-found": 404,
  "bucket-not-found": 404,
  "quota-exceeded": 413,
  unauthenticated: 401,
  unauthorized: 403,
  "invalid-argument": 400,
};

export function sendStorageError(res: Response, err: StorageError) {
  const status = STORAGE_STATUS[err.code];
  res.status(status).json(errorBody(status, err.message, err.code));
}

/** Profile photo upload (API) and photo delivery (only to its owner: photos are personal data). */
export function profilePhotoRoutes(services: AppServices): Router {
  const router = Router();
  router.post("/profile/photo", express.raw({ type: () => true, limit: MAX_PHOTO_BYTES + 1024 }), async (req, res) => {
    const user = await getUser(services, fromNodeHeaders(req.headers));
    if (!user) return void res.status(401).json(errorBody(401, "No user is currently signed in", "unauthenticated"));
    try {
      const saved = await saveProfilePhoto(services, user.id, Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0));
      res.status(201).json({ url: saved.url, metadata: saved.metadata });
    } catch (err) {
      if (err instanceof StorageError) return sendStorageError(res, err);
      throw err;
    }
  });
  return router;
}

export function mediaRoutes(services: AppServices): Router {
  const router = Router();
  // Product photos uploaded in the back office (built-in artwork is served from the build).
  router.get("/images/catalog/:file", async (req, res) => {
    try {
      const { bytes, metadata } = await services.storage.get(CATALOG_BUCKET, String(req.params.file));
      res.setHeader("Content-Type", metadata.contentType ?? "application/octet-stream");
      res.setHeader("Cache-Control", metadata.cacheControl ?? "public, max-age=3600");
      res.setHeader("ETag", `"${metadata.md5Hash}"`);
      res.send(bytes);
    } catch (err) {
      if (err instanceof StorageError) return sendStorageError(res, err);
      throw err;
    }
  });
  router.get(`/media/${AVATAR_BUCKET}/:userId/:file`, async (req, res) => {
    const user = await getUser(services, fromNodeHeaders(req.headers));
    // Someone else's photo answers exactly like a missing one.
    if (!user || user.id !== req.params.userId)
      return void sendStorageError(res, new StorageError("object-not-found", "No such file."));
    try {
      const { bytes, metadata } = await services.storage.get(AVATAR_BUCKET, `${req.params.userId}/${req.params.file}`);
      res.setHeader("Content-Type", metadata.contentType ?? "application/octet-stream");
      res.setHeader("Cache-Control", metadata.cacheControl ?? "private, max-age=3600");
      res.setHeader("ETag", `"${metadata.md5Hash}"`);
      res.setHeader("X-Content-Type-Options", "nosniff");
      if (req.headers["if-none-match"] === `"${metadata.md5Hash}"`) return void res.status(304).end();
      res.send(bytes);
    } catch (err) {
      if (err instanceof StorageError) return sendStorageError(res, err);
      throw err;
    }
  });
  return router;
}
