import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Config } from "~/config.server";

/**
 * The server secret (signs order links, sessions). From BETTER_AUTH_SECRET; outside production a
 * random one is generated once into DATA_DIR so that zero-config starts keep working links.
 */
export function loadSecret(config: Config): string {
  if (config.secret) return config.secret;
  if (config.env === "production") {
    throw new Error("BETTER_AUTH_SECRET must be set in production (32+ random characters).");
  }
  const file = path.join(config.dataDir, "secret.key");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(config.dataDir, { recursive: true });
    const secret = crypto.randomBytes(32).toString("base64url");
    fs.writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
    return secret;
  }
}
