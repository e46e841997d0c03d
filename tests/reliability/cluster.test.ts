import { execFileSync } from "node:child_process";
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { buy, CUSTOMER } from "../helpers/checkout-client";
import { plainBody, startSmtpPeer } from "../helpers/smtp-peer";
import { startServer, tempDataDir } from "./server-process";

const ITEMS = [{ kind: "product", id: "premium-chaeto", quantity: 1 }];

/** The server processes under the supervisor `pid` (direct children). */
function childPids(pid: number): number[] {
  const out = execFileSync("ps", ["-o", "pid=", "--ppid", String(pid)], { encoding: "utf8" });
  return out
    .split("\n")
    .map((s) => Number(s.trim()))
    .filter((n) => n > 0);
}

async function until(check: () => boolean, ms: number) {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
}

/**
 * `npm start` on several cores: WEB_CONCURRENCY server processes share the port, exactly one of
 * them runs the background worker, and each confirmation is mailed once — also after the worker's
 * process is killed and replaced.
 */
describe("several server processes on one machine", () => {
  it("run one background worker between them and mail each order once, across a crash of the worker's process", async () => {
    const dataDir = tempDataDir("lr-cluster-");
    const smtp = await startSmtpPeer(0);
    const server = await startServer({
      DATA_DIR: dataDir,
      WEB_CONCURRENCY: "3",
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}?tls=off`,
      WORKER_INTERVAL_MS: "100",
      MAIL_LEASE_SECONDS: "2",
    });
    const db = new Database(path.join(dataDir, "shop.db"), { readonly: true });
    // The customer's confirmations (the shop's own new-order alerts go to another address).
    const orderNumbersMailed = () =>
      smtp.received
        .filter((m) => m.to.includes(CUSTOMER.email))
        .map((m) => plainBody(m.raw).match(/LR-[2-9A-Z]{8}/)?.[0]);
    const heartbeatHolder = () =>
      (db.prepare("select holder from background_heartbeats").get() as { holder: string } | undefined)?.holder;

    try {
      const workers = childPids(server.proc.pid!);
      expect(workers).toHaveLength(3);

      // A burst of orders over keep-alive-less requests, so the kernel spreads them.
      const first = await Promise.all(Array.from({ length: 30 }, () => buy(server.url, ITEMS).then((r) => r.json())));
      expect(first.every((a) => a.order?.status === "paid")).toBe(true);
      await until(() => orderNumbersMailed().length >= 30, 20_000);

      // One process holds the heartbeat, and it is one of the server processes.
      const holder = heartbeatHolder();
      expect(holder).toBeDefined();
      const workerPid = Number(holder!.split(":").pop());
      expect(workers).toContain(workerPid);

      // Kill the worker's process mid-flight; the supervisor replaces it and mail goes on.
      const second = Array.from({ length: 20 }, () =>
        buy(server.url, ITEMS)
          .then((r) => r.json())
          .catch(() => null),
      );
      process.kill(workerPid, "SIGKILL");
      const answers = await Promise.all(second);
      const paidAfter = answers.filter((a) => a?.order?.status === "paid").length;
      await until(() => childPids(server.proc.pid!).length === 3 && heartbeatHolder() !== holder, 20_000);
      const newHolderPid = Number(heartbeatHolder()!.split(":").pop());
      expect(newHolderPid).not.toBe(workerPid);
      expect(childPids(server.proc.pid!)).toContain(newHolderPid);

      // A request cut by the kill may still have been paid before its answer was lost: the
      // database is the truth, and every paid order must be mailed exactly once.
      const paidOrders = (db.prepare("select count(*) as n from orders where status = 'paid'").get() as { n: number })
        .n;
      expect(paidOrders).toBeGreaterThanOrEqual(30 + paidAfter);
      await until(() => new Set(orderNumbersMailed()).size >= paidOrders, 20_000);
      await new Promise((r) => setTimeout(r, 2500)); // longer than a mail lease: a second send would show now
      const mailed = orderNumbersMailed();
      console.log(
        `cluster: 3 processes, ${paidOrders} paid orders, ${mailed.length} confirmations, worker ${workerPid} killed, replaced by ${newHolderPid}`,
      );
      expect(new Set(mailed).size).toBe(paidOrders);
      expect(mailed).toHaveLength(paidOrders);
    } finally {
      db.close();
      server.proc.kill("SIGTERM");
      await server.exited;
      await smtp.close();
    }
  });
});
