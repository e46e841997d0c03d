import fs from "node:fs";
import path from "node:path";

/** Where the e2e SMTP peer (global-setup.ts) drops each message it receives. */
export const MAILBOX_DIR =
  process.env.E2E_MAILBOX ?? path.join(process.env.TMPDIR ?? "/tmp", `lr-e2e-mailbox-${process.env.E2E_PORT ?? 3190}`);
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2525 + (Number(process.env.E2E_PORT ?? 3190) % 100));

function decode(raw: string) {
  return raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
}

/** Waits for a message to `to` whose text matches `pattern`, and returns its decoded source. */
export async function waitForMail(to: string, pattern: RegExp, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (fs.existsSync(MAILBOX_DIR)) {
      for (const file of fs.readdirSync(MAILBOX_DIR).sort().reverse()) {
        const raw = decode(fs.readFileSync(path.join(MAILBOX_DIR, file), "utf8"));
        if (
          raw.toLowerCase().includes(`to: ${to.toLowerCase()}`) ||
          raw.toLowerCase().includes(`<${to.toLowerCase()}>`)
        ) {
          if (pattern.test(raw)) return raw;
        }
      }
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail to ${to} matching ${pattern} within ${timeoutMs} ms`);
}

export function firstLink(raw: string, contains: string): string {
  const match = raw.match(new RegExp(`https?://[^\\s"'<>\\]]*${contains}[^\\s"'<>\\]]*`));
  if (!match) throw new Error(`no link containing ${contains}`);
  return match[0].replace(/&amp;/g, "&");
}

export const OIDC_PORT = SMTP_PORT + 1000;
/** The stand-in images API of the image studio journeys (tests/helpers/image-api-peer.ts). */
export const IMAGE_API_PORT = SMTP_PORT + 2000;
/** The stand-in for the National Weather Service's forecast API (tests/helpers/nws-peer.ts). */
export const NWS_PORT = SMTP_PORT + 3000;
export const OIDC_CLIENT = { id: "lazy-reefer", secret: "lazy-reefer-test-secret-0123456789" };
export const E2E_ADMIN = { email: "owner@lazyreefer.example", password: "owner-pass-123" };

/**
 * Where the weather journey ships, and what the NWS stand-in forecasts there (every day): a
 * freezing Minneapolis (orders held) and a hot Phoenix (a cold pack). Elsewhere it is 70 °F.
 */
export const WEATHER_AT = {
  freezing: { zip: "55401", city: "Minneapolis", state: "MN", latitude: 44.9835, temperatureF: 20 },
  hot: { zip: "85001", city: "Phoenix", state: "AZ", latitude: 33.4484, temperatureF: 85 },
} as const;
