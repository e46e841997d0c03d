import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { plainBody, startSmtpPeer } from "../helpers/smtp-peer";
import { freePort, startServer, tempDataDir } from "./server-process";

const KIT_STOCK = 25;

function buy(url: string, cardNumber: string, key: string) {
  return fetch(`${url}/api/checkout`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Idempotency-Key": key },
    body: JSON.stringify({
      items: [{ kind: "product", id: "refugium-starter-kit", quantity: 1 }],
      customer: { email: "burst@example.com", name: "Burst" },
      shippingAddress: { line1: "1 Crash Ct", city: "Tampa", state: "FL", postalCode: "33602", country: "US" },
      payment: { card: { number: cardNumber, expMonth: 12, expYear: 2034, cvc: "123" } },
    }),
  });
}

describe("kill -9 in the middle of a burst of checkouts", () => {
  it("loses no answered order, half-writes nothing, keeps stock consistent and mails each paid order once", async () => {
    const dataDir = tempDataDir("lr-crash-");
    const smtp = await startSmtpPeer(0);
    const env = {
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}?tls=off`,
      WORKER_INTERVAL_MS: "100",
      RESERVATION_MINUTES: "1",
      MAIL_LEASE_SECONDS: "1",
      // A checkout claim left "pending" by the killed process may be taken over 2 s after it was made.
      IDEMPOTENCY_LEASE_SECONDS: "2",
    };
    const port = await freePort();
    const first = await startServer(env, port);

    // Mixed burst: good cards and 3-D Secure (left unpaid, holding stock until expiry).
    const requests = Array.from({ length: 80 }, (_, i) => ({
      card: i % 5 === 0 ? "4000002500003155" : "4242424242424242",
      key: crypto.randomUUID(),
    }));
    const answered: Array<{ status: number; orderId?: string; key: string; card: string }> = [];
    const burst = requests.map((r) =>
      buy(first.url, r.card, r.key)
        .then(async (res) =>
          answered.push({ ...r, status: res.status, orderId: (await res.json().catch(() => ({}))).order?.id }),
        )
        .catch(() => answered.push({ ...r, status: 0 })),
    );
    // Kill once a few orders have been answered, with the rest still in flight.
    const killBy = Date.now() + 3000;
    while (answered.filter((a) => a.status === 201).length < 8 && Date.now() < killBy)
      await new Promise((r) => setTimeout(r, 5));
    first.proc.kill("SIGKILL");
    await Promise.all(burst);
    await first.exited;

    const second = await startServer(env, port);
    try {
      const before = new Database(path.join(dataDir, "shop.db"), { readonly: true });
      const ordersAtRestart = (before.prepare("select count(*) as n from orders").get() as { n: number }).n;
      const pendingClaims = (
        before.prepare("select count(*) as n from idempotency_keys where state = 'pending'").get() as { n: number }
      ).n;
      before.close();
      const createdBeforeKill = answered.filter((a) => a.status === 201).length;
      const cutOff = answered.filter((a) => a.status === 0);
      console.log(
        `crash: ${createdBeforeKill} orders answered 201, ${cutOff.length} requests cut off by kill -9, ${ordersAtRestart} orders on disk, ${pendingClaims} claims left pending`,
      );

      // The cut-off buyers retry with their own keys, as clients should, until they get a final
      // answer: "still in progress" until the dead claims' lease has run out, then the retry
      // takes the claim over and finishes the order the killed process placed, if it placed one.
      const retryBy = Date.now() + 30_000;
      for (const a of cutOff) {
        for (;;) {
          const res = await buy(second.url, a.card, a.key).catch(() => null);
          const body = res ? await res.json().catch(() => ({})) : {};
          if (res && !(res.status === 409 && body.error?.reason === "request-in-progress") && res.status < 500) {
            Object.assign(a, { status: res.status, orderId: body.order?.id });
            break;
          }
          expect(Date.now(), `a final answer for ${a.key}`).toBeLessThan(retryBy);
          await new Promise((r) => setTimeout(r, 200));
        }
      }

      const db = new Database(path.join(dataDir, "shop.db"), { readonly: true });
      const orders = db.prepare("select id, status, idempotency_key from orders").all() as Array<{
        id: string;
        status: string;
        idempotency_key: string | null;
      }>;
      const byId = new Map(orders.map((o) => [o.id, o.status]));
      const created = answered.filter((a) => a.status === 201);
      console.log(
        `crash: after the restart the ${cutOff.length} cut-off buyers retried with their keys; ${created.length} orders answered 201 in all, ${orders.length} orders on disk`,
      );
      expect(created.length).toBeGreaterThan(0);
      for (const a of created) expect(byId.has(a.orderId!), `answered order ${a.orderId} exists`).toBe(true);
      // Every buyer has a final answer, and no order is left without the buyer knowing of it.
      expect(answered.every((a) => a.status !== 0 && a.status < 500)).toBe(true);
      expect(
        orders
          .filter((o) => o.idempotency_key !== null)
          .map((o) => o.id)
          .sort(),
      ).toEqual(created.map((a) => a.orderId!).sort());

      // Nothing half-written: every order has lines and a history.
      const lineless = db
        .prepare(
          "select count(*) as n from orders o where not exists (select 1 from order_lines l where l.order_id = o.id) or not exists (select 1 from order_events e where e.order_id = o.id)",
        )
        .get() as { n: number };
      expect(lineless.n).toBe(0);

      // Stock plus open reservations equals the start minus paid units.
      const stock = (
        db.prepare("select quantity from products where id = 'refugium-starter-kit'").get() as { quantity: number }
      ).quantity;
      const held = (
        db
          .prepare(
            "select coalesce(sum(l.quantity),0) as n from orders o join order_lines l on l.order_id = o.id where o.status in ('pending_payment','paid')",
          )
          .get() as { n: number }
      ).n;
      expect(stock + held).toBe(KIT_STOCK);
      const paid = orders.filter((o) => o.status === "paid");
      const confirmations = db
        .prepare("select order_id, count(*) as n from outbox where kind = 'order-confirmation' group by order_id")
        .all() as Array<{ order_id: string; n: number }>;
      expect(confirmations.map((c) => c.order_id).sort()).toEqual(paid.map((o) => o.id).sort());
      expect(confirmations.every((c) => c.n === 1)).toBe(true);
      db.close();

      // The restarted worker delivers every paid order's confirmation. A mail cut off mid-send is
      // sent again after its lease, with the same Message-ID: one message per order for the customer.
      const customerMails = () => smtp.received.filter((m) => m.to.includes("burst@example.com"));
      const messageIds = () =>
        new Map(
          customerMails().map((m) => [
            m.raw.match(/Message-ID:\s*(<[^>]+>)/i)?.[1],
            plainBody(m.raw).match(/LR-[2-9A-Z]{8}/)?.[0],
          ]),
        );
      const deadline = Date.now() + 20_000;
      while (messageIds().size < paid.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      await new Promise((r) => setTimeout(r, 1500));
      const byMessage = messageIds();
      expect(byMessage.size).toBe(paid.length);
      expect(new Set(byMessage.values()).size).toBe(paid.length);
      console.log(`crash: ${customerMails().length} deliveries of ${byMessage.size} distinct confirmation messages`);
    } finally {
      second.proc.kill("SIGTERM");
      await second.exited;
      await smtp.close();
    }
  });
});
