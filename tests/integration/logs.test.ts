import { Writable } from "node:stream";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authClient } from "../helpers/auth-client";
import { ADDRESS, checkoutRequest } from "../helpers/checkout-client";
import { testDatabaseKind } from "../helpers/test-database";
import { createTestServices, startTestServer } from "../helpers/test-services";
import type { AppServices } from "../../server/services";

const PASSWORD = "Sup3r-secret-pass";
const CARD = "4242424242424242";
const CVC = "7391";

describe(`logs of a full journey on ${testDatabaseKind()}`, () => {
  const lines: string[] = [];
  let services: AppServices;
  let server: { url: string; close(): Promise<void> };
  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(...String(chunk).split("\n").filter(Boolean));
        done();
      },
    });
    const logger = pino({ level: "debug", base: undefined }, sink);
    services = await createTestServices();
    // Same services, but logging into memory at debug level.
    services = { ...services, logger };
    server = await startTestServer(services);
  });
  afterAll(async () => {
    await server?.close();
    await services?.database.destroy();
  });

  it("are JSON lines with request ids that never contain passwords, tokens, card numbers or addresses", async () => {
    const client = authClient(server.url, "198.51.100.99");
    await client.call("/sign-up/email", { email: "logged@example.com", password: PASSWORD, name: "Logged" });
    await client.call("/sign-in/email", { email: "logged@example.com", password: PASSWORD });
    await client.call("/request-password-reset", { email: "logged@example.com", redirectTo: "/reset-password" });
    const res = await checkoutRequest(server.url, {
      items: [{ kind: "product", id: "premium-chaeto", quantity: 1 }],
      customer: { email: "logged@example.com", name: "Logged" },
      shippingAddress: ADDRESS,
      payment: { card: { number: CARD, expMonth: 12, expYear: 2034, cvc: CVC } },
    });
    const { orderUrl } = await res.json();
    await fetch(
      `${server.url}/api${orderUrl.replace("/order-confirmation?order=", "/orders/").replace("&token=", "?token=")}`,
    );
    await fetch(`${server.url}/api/checkout`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Idempotency-Key": crypto.randomUUID() },
      body: JSON.stringify({ items: [], customer: {}, payment: { card: { number: "4000000000000002" } } }),
    });

    expect(lines.length).toBeGreaterThan(5);
    for (const line of lines) {
      const entry = JSON.parse(line);
      if (entry.msg === "request") expect(entry.reqId).toMatch(/^[0-9a-f-]{36}$/);
    }
    const all = lines.join("\n");
    const token = new URL(orderUrl, "http://x").searchParams.get("token")!;
    for (const secret of [PASSWORD, CARD, "4000000000000002", token, ADDRESS.line1, "lr.session_token"]) {
      expect(all, `logs contain ${secret}`).not.toContain(secret);
    }
    // A CVC is short enough to turn up inside timestamps and ids: look for it standing alone.
    expect(all).not.toMatch(new RegExp(`(?<![\\w-])${CVC}(?![\\w-])`));
  });
});
