import { NoSuchBucket, NoSuchKey, S3ServiceException } from "@aws-sdk/client-s3";
import { describe, expect, it } from "vitest";
import { isWithoutCode, toStorageError } from "./s3-errors.server";

// The SDK's own exception classes, built as its deserializer builds them from an S3 answer.
const answer = (name: string, status: number, message = `${name} from S3 about bucket shop-prod`) =>
  new S3ServiceException({
    name,
    $fault: status >= 500 ? "server" : "client",
    $metadata: { httpStatusCode: status },
    message,
  });

describe("S3 errors as StorageError", () => {
  it.each([
    [
      new NoSuchKey({ $metadata: { httpStatusCode: 404 }, message: "The specified key does not exist." }),
      "object-not-found",
    ],
    [answer("NotFound", 404), "object-not-found"],
    [
      new NoSuchBucket({ $metadata: { httpStatusCode: 404 }, message: "The specified bucket does not exist" }),
      "bucket-not-found",
    ],
    [answer("AccessDenied", 403), "unauthorized"],
    [answer("Unknown", 403), "unauthorized"],
    [answer("InvalidAccessKeyId", 403), "unauthenticated"],
    [answer("SignatureDoesNotMatch", 403), "unauthenticated"],
    [answer("ExpiredToken", 400), "unauthenticated"],
    [answer("MetadataTooLarge", 400), "invalid-argument"],
    [answer("SlowDown", 503), "unknown"],
    [answer("InternalError", 500), "unknown"],
    [Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:9"), { code: "ECONNREFUSED" }), "unknown"],
    [
      Object.assign(new Error("Could not load credentials from any providers"), { name: "CredentialsProviderError" }),
      "unauthenticated",
    ],
  ])("%s → %s, in our words", (err, code) => {
    const mapped = toStorageError(err, "avatars", "u1/avatar.webp");
    expect(mapped.code).toBe(code);
    expect(mapped.message).not.toMatch(/S3|shop-prod|ECONNREFUSED|credentials from/);
    if (code === "object-not-found") expect(mapped.message).toBe("No object at avatars/u1/avatar.webp.");
  });

  it("knows which failures came without a code (answers to HEAD)", () => {
    expect(isWithoutCode(answer("NotFound", 404))).toBe(true);
    expect(isWithoutCode(answer("Unknown", 403))).toBe(true);
    expect(isWithoutCode(Object.assign(answer("NoSuchKey", 404), { Code: "NoSuchKey" }))).toBe(false);
    expect(isWithoutCode(answer("InternalError", 500))).toBe(false);
  });
});
