import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Config } from "#app/config.server";

/**
 * The server secret (signs order links and sessions): BETTER_AUTH_SECRET when set, otherwise a
 * random one generated once into DATA_DIR, so `npm start` works with zero configuration and
 * links keep working across restarts. Several instances must share one: set the variable then.
 */
export function loadSecret(config: Config, warn: (message: string) => void = () => {}): string {
  if (config.secret) return config.secret;
  const file = path.join(config.dataDir, "secret.key");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
    const secret = crypto.randomBytes(32).toString("base64url");
    try {
      fs.writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
    } catch {
      // Another process won the race: use its secret.
      return fs.readFileSync(file, "utf8").trim();
    }
    if (config.env === "production")
      warn(
        `BETTER_AUTH_SECRET is not set: generated one in ${file}. Set it explicitly when running several instances.`,
      );
    return secret;
  }
}
