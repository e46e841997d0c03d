import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrations } from "#database/migrate.server";
import { SEED_BUNDLES, SEED_PRODUCTS } from "#database/seed/catalogue-data";
import { authClient } from "../helpers/auth-client";
import { ADDRESS, buy, card, checkoutRequest } from "../helpers/checkout-client";
import { testPostgresUrl } from "../helpers/test-database";
import { freePort, startServer, tempDataDir, type ServerProcess } from "./server-process";

/**
 * Scale-out: two instances of the production build on one PostgreSQL database and one Redis,
 * behind Debian's nginx, as docs/deploy.md describes ("Several instances behind a load balancer").
 */

const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const KIT = "refugium-starter-kit";
const CHAETO = "premium-chaeto";

const LEASE_SECONDS = 3;
/** How long a buyer keeps retrying with the same key before giving up: a lease and then some. */
const BUYER_PATIENCE_MS = 30_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The sample of docs/deploy.md with every path inside `dir` (nothing in /etc, /var or /run). */
function nginxConfig(dir: string, port: number, upstreams: number[]): string {
  return `
daemon off;
master_process on;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  log_format scale '$request_method $uri $status "$upstream_addr" "$upstream_status" $request_time';
  access_log ${dir}/access.log scale;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;

  upstream shop {
    # fail_timeout is short here so a restarted instance is used again within a second.
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=1s;`).join("\n")}
    keepalive 16;
    # Below Node's keepAliveTimeout (5 s): nginx drops an idle connection before Node does, so it
    # never sends a request on a connection the instance is closing at that very moment.
    keepalive_timeout 4s;
    # A connection lives at most 3 s. On SIGTERM an instance stops accepting connections but
    # keeps answering on the ones it has (Node does not close busy keep-alive connections), and
    # server.js exits hard after 10 s: this makes nginx leave a stopping instance well before.
    keepalive_time 3s;
  }

  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://shop;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-Host "";
      # Only failures where the request cannot have reached an instance move it to the other one
      # (connection refused, connect timeout). nginx never replays a POST that was already sent
      # (no "non_idempotent"): the first instance may have placed the order. The client retries
      # with its Idempotency-Key instead, and the shop answers the first outcome.
      proxy_next_upstream error timeout;
      proxy_next_upstream_tries 2;
      proxy_connect_timeout 2s;
      # Test-only: which instance answered (a production config would not expose this).
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
}

interface Nginx {
  url: string;
  dir: string;
  proc: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

async function startNginx(port: number, upstreams: number[]): Promise<Nginx> {
  if (!fs.existsSync(NGINX)) {
    throw new Error(
      `${NGINX} is missing: the scale-out test needs nginx. Run \`node tests/setup/ensure-nginx.mjs\` (npm run test:e2e does) or set NGINX_PATH.`,
    );
  }
  const dir = tempDataDir("lr-nginx-");
  // nginx's workers drop root privileges (to "nobody"): let them reach the temp paths.
  fs.chmodSync(dir, 0o755);
  const conf = path.join(dir, "nginx.conf");
  fs.writeFileSync(conf, nginxConfig(dir, port, upstreams));
  let out = "";
  // -e: the error log before the configuration is read (otherwise /var/log/nginx/error.log).
  const proc = spawn(NGINX, ["-p", dir, "-c", conf, "-e", path.join(dir, "error.log")], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  proc.stdout.on("data", (d) => (out += d));
  proc.stderr.on("data", (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => proc.on("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const errors = () =>
    out + (fs.existsSync(path.join(dir, "error.log")) ? fs.readFileSync(path.join(dir, "error.log"), "utf8") : "");
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`nginx exited early:\n${errors()}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      proc.kill("SIGTERM");
      throw new Error(`nginx did not answer /api/health:\n${errors()}`);
    }
    await sleep(100);
  }
  return { url, dir, proc, output: errors, exited };
}

/** Which instance answered, from the proxy's X-Upstream header (the last one tried). */
function answeredBy(res: Response): string {
  return (res.headers.get("x-upstream") ?? "").split(",").at(-1)!.trim();
}

describe("two instances behind nginx on one PostgreSQL and one Redis", () => {
  const dbName = `lr_scale_${crypto.randomBytes(4).toString("hex")}`;
  const base = new URL(testPostgresUrl());
  base.pathname = `/${dbName}`;
  // A database of its own rather than a schema in `test`: the server takes no schema option from
  // DATABASE_URL, and Kysely's migrator (without migrationTableSchema) would take another run's
  // kysely_migration table in a sibling schema for ours.
  const databaseUrl = base.toString();
  const secret = crypto.randomBytes(32).toString("hex");
  const dataDirs: string[] = [];
  let db: pg.Pool;
  let nginx: Nginx | undefined;
  let nginxPort = 0;
  const ports = { a: 0, b: 0 };
  const instances: { a?: ServerProcess; b?: ServerProcess } = {};
  let publicUrl = "";

  const envFor = () => {
    const dataDir = tempDataDir("lr-scale-");
    dataDirs.push(dataDir);
    return {
      DATABASE_URL: databaseUrl,
      BETTER_AUTH_SECRET: secret,
      REDIS_URL,
      // Each instance one process (`npm start` may fork WEB_CONCURRENCY workers).
      WEB_CONCURRENCY: "1",
      RATE_LIMITS: "off",
      DATA_DIR: dataDir,
      // Both instances are one shop: links, cookies and the auth origin check use the proxy's URL.
      PUBLIC_URL: publicUrl,
      TRUST_PROXY: "loopback",
      WORKER_INTERVAL_MS: "200",
      // A claim left "pending" by a killed instance may be taken over 3 s after it was made
      // (120 s by default): the SIGKILL case below waits that out instead of two minutes.
      IDEMPOTENCY_LEASE_SECONDS: String(LEASE_SECONDS),
    };
  };
  const address = (port: number) => `127.0.0.1:${port}`;
  const one = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
    (await db.query<T>(text, values)).rows[0]!;
  const stockOf = async (id: string) =>
    Number((await one<{ quantity: number }>("select quantity from products where id = $1", [id])).quantity);

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: testPostgresUrl(), connectionTimeoutMillis: 5000 });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    db = new pg.Pool({ connectionString: databaseUrl, max: 4 });

    const taken = new Set<number>();
    const distinctPort = async () => {
      for (;;) {
        const port = await freePort();
        if (!taken.has(port)) return (taken.add(port), port);
      }
    };
    [ports.a, ports.b, nginxPort] = [await distinctPort(), await distinctPort(), await distinctPort()];
    publicUrl = `http://127.0.0.1:${nginxPort}`;
    // Both at once on an empty database, as an orchestrator would start them: Kysely's migrator
    // creates its tables tolerantly and runs the migrations under a PostgreSQL advisory lock, so
    // the second instance waits and then finds nothing to do; the seed inserts with
    // ON CONFLICT DO NOTHING in one transaction. The checks below prove one clean history.
    const started = await Promise.allSettled([startServer(envFor(), ports.a), startServer(envFor(), ports.b)]);
    if (started[0].status === "fulfilled") instances.a = started[0].value;
    if (started[1].status === "fulfilled") instances.b = started[1].value;
    for (const s of started) if (s.status === "rejected") throw s.reason;
    const applied = await db.query<{ name: string }>("select name from kysely_migration order by name");
    expect(applied.rows.map((r) => r.name)).toEqual(Object.keys(migrations).sort());
    expect((await one<{ n: number }>("select count(*)::int as n from products")).n).toBe(SEED_PRODUCTS.length);
    expect((await one<{ n: number }>("select count(*)::int as n from bundle_products")).n).toBe(
      SEED_BUNDLES.reduce((n, b) => n + b.components.length, 0),
    );

    // nginx takes the port chosen above; freePort released it a moment ago.
    nginx = await startNginx(nginxPort, [ports.a, ports.b]);
    expect(nginx.url).toBe(publicUrl);
  });

  afterAll(async () => {
    if (nginx) {
      const lines = fs.existsSync(path.join(nginx.dir, "access.log"))
        ? fs.readFileSync(path.join(nginx.dir, "access.log"), "utf8").trim().split("\n")
        : [];
      const per = new Map<string, number>();
      for (const line of lines) {
        const last =
          line
            .match(/"([^"]*)"/)?.[1]
            ?.split(",")
            .at(-1)
            ?.trim() || "-";
        per.set(last, (per.get(last) ?? 0) + 1);
      }
      console.log(
        `scale-out: nginx access log ${lines.length} requests; answered by ${[...per].map(([k, v]) => `${k}=${v}`).join(", ")}`,
      );
      nginx.proc.kill("SIGQUIT");
      const timer = setTimeout(() => nginx!.proc.kill("SIGTERM"), 5000);
      await nginx.exited;
      clearTimeout(timer);
      fs.rmSync(nginx.dir, { recursive: true, force: true });
    }
    for (const server of [instances.a, instances.b]) {
      if (server && server.proc.exitCode === null && server.proc.signalCode === null) {
        server.proc.kill("SIGTERM");
        await server.exited;
      }
    }
    await db?.end();
    const admin = new pg.Client({ connectionString: testPostgresUrl() });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("60 concurrent buyers through nginx, spread over both instances: exactly the stock is sold", async () => {
    const STOCK = 25;
    await db.query("update products set quantity = $1 where id = $2", [STOCK, KIT]);
    // Watch the stock while the burst runs: it must never go below zero.
    let lowest = STOCK;
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        lowest = Math.min(lowest, await stockOf(KIT));
        await sleep(5);
      }
    })();
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: 60 }, () => buy(nginx!.url, [{ kind: "product", id: KIT, quantity: 1 }])),
    );
    const seconds = (performance.now() - started) / 1000;
    watching = false;
    await watcher;

    const by = new Map<string, number>();
    for (const res of answers) by.set(answeredBy(res), (by.get(answeredBy(res)) ?? 0) + 1);
    const statuses = answers.map((r) => r.status);
    const bodies = await Promise.all(answers.map((r) => r.json()));
    console.log(
      `scale-out oversell: 60 checkouts in ${seconds.toFixed(2)} s (${(60 / seconds).toFixed(0)} checkouts/s, ${(STOCK / seconds).toFixed(0)} paid orders/s) through nginx; ` +
        `A ${address(ports.a)}=${by.get(address(ports.a)) ?? 0}, B ${address(ports.b)}=${by.get(address(ports.b)) ?? 0}`,
    );
    expect(statuses.filter((s) => s === 201)).toHaveLength(STOCK);
    expect(statuses.filter((s) => s === 409)).toHaveLength(60 - STOCK);
    for (const [i, body] of bodies.entries())
      if (statuses[i] === 409) expect(body.error).toMatchObject({ code: "aborted", reason: "out-of-stock" });
    expect(by.get(address(ports.a)) ?? 0).toBeGreaterThan(0);
    expect(by.get(address(ports.b)) ?? 0).toBeGreaterThan(0);
    expect([...by.keys()].sort()).toEqual([address(ports.a), address(ports.b)].sort());

    expect(lowest).toBeGreaterThanOrEqual(0);
    expect(await stockOf(KIT)).toBe(0);
    const answeredIds = bodies
      .filter((_, i) => statuses[i] === 201)
      .map((b) => b.order.id as string)
      .sort();
    const { rows: paid } = await db.query<{ id: string }>(
      "select o.id from orders o join order_lines l on l.order_id = o.id where l.item_id = $1 and o.status = 'paid' order by o.id",
      [KIT],
    );
    expect(paid.map((r) => r.id)).toEqual(answeredIds);
    const mails = await one<{ n: number }>(
      "select count(*)::int as n from outbox where kind = 'order-confirmation' and order_id = any($1)",
      [answeredIds],
    );
    expect(mails.n).toBe(STOCK);
  });

  it("a session made on one instance is valid on the other, and signing out on one ends it on both", async () => {
    const email = `scale-${crypto.randomBytes(4).toString("hex")}@example.com`;
    const signUp = await authClient(instances.a!.url, "198.51.100.90", publicUrl).signUp({
      email,
      password: "scaleout12",
      name: "Scale Out",
    });
    expect(signUp.status).toBe(200);
    const userId = signUp.json.user.id as string;
    const onA = authClient(instances.a!.url, "198.51.100.90", publicUrl);
    expect((await onA.call("/sign-in/email", { email, password: "scaleout12" })).status).toBe(200);
    const cookie = () => [...onA.jar].map(([k, v]) => `${k}=${v}`).join("; ");

    // The same cookie, straight to instance B.
    const onB = authClient(instances.b!.url, "198.51.100.90", publicUrl);
    for (const [k, v] of onA.jar) onB.jar.set(k, v);
    const onBSession = await onB.call("/get-session");
    expect(onBSession.json?.user).toMatchObject({ id: userId, email });
    expect((await onB.call("/list-sessions")).status).toBe(200);

    // An order placed through B with that session belongs to the user.
    const placed = await fetch(`${instances.b!.url}/api/checkout`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Idempotency-Key": crypto.randomUUID(), cookie: cookie() },
      body: JSON.stringify({
        items: [{ kind: "product", id: CHAETO, quantity: 1 }],
        customer: { email, name: "Scale Out" },
        shippingAddress: ADDRESS,
        payment: { card: card() },
      }),
    });
    expect(placed.status).toBe(201);
    const { order } = await placed.json();
    expect((await one<{ user_id: string }>("select user_id from orders where id = $1", [order.id])).user_id).toBe(
      userId,
    );

    // Sign out on B: A no longer knows the session (database row and Redis cache both gone).
    expect((await onB.call("/sign-out", {})).status).toBe(200);
    const afterOnA = authClient(instances.a!.url, "198.51.100.90", publicUrl);
    for (const [k, v] of onA.jar) afterOnA.jar.set(k, v);
    expect((await afterOnA.call("/get-session")).json).toBeNull();
    expect((await afterOnA.call("/list-sessions")).status).toBe(401);
  });

  /**
   * A load of checkouts through nginx, each buyer with its own email and Idempotency-Key; when
   * `stopAfter` orders have been answered, instance A gets `signal`. A buyer whose request fails
   * (connection error, 5xx, or "still being processed") retries with the same key until it gets a
   * final answer, as the HTTP contract asks of clients (docs/architecture.md) (a replay returns the first answer; a claim left by
   * a killed instance is taken over once its lease has run out).
   */
  async function loadWhileStopping(
    signal: NodeJS.Signals,
    options: { buyers: number; lanes: number; stopAfter: number; stock: number },
  ) {
    await db.query("update products set quantity = $1 where id = $2", [options.stock, CHAETO]);
    const run = crypto.randomBytes(3).toString("hex");
    const stopped = instances.a!;
    let exitedAt = 0;
    void stopped.exited.then(() => (exitedAt = performance.now()));
    let answered = 0;
    let stoppedAt = 0;
    const attempts: Array<{ status: number; upstream: string; afterStop: boolean; replayed: boolean }> = [];
    const buyers = Array.from({ length: options.buyers }, (_, i) => ({
      email: `${signal.toLowerCase()}-${run}-${i}@example.com`,
      key: `scale-${run}-${i}-${crypto.randomUUID()}`,
      final: null as null | { status: number; orderId?: string; reason?: string },
      retries: 0,
      inProgress: 0,
    }));
    const checkout = async (buyer: (typeof buyers)[number]) => {
      const giveUpAt = Date.now() + BUYER_PATIENCE_MS;
      for (let attempt = 1; ; attempt++) {
        let status = 0;
        let body: any = null;
        try {
          const res = await checkoutRequest(
            nginx!.url,
            {
              items: [{ kind: "product", id: CHAETO, quantity: 1 }],
              customer: { email: buyer.email, name: "Load Buyer" },
              shippingAddress: ADDRESS,
              payment: { card: card() },
            },
            buyer.key,
          );
          status = res.status;
          body = await res.json().catch(() => null);
          attempts.push({
            status,
            upstream: res.headers.get("x-upstream") ?? "",
            afterStop: stoppedAt > 0,
            replayed: res.headers.get("idempotent-replayed") === "true",
          });
        } catch {
          attempts.push({ status: 0, upstream: "", afterStop: stoppedAt > 0, replayed: false });
        }
        const inProgress = status === 409 && body?.error?.reason === "request-in-progress";
        if (inProgress) buyer.inProgress++;
        const retryable = status === 0 || status >= 500 || inProgress;
        if (!retryable || Date.now() > giveUpAt) {
          buyer.final = { status, orderId: body?.order?.id, reason: body?.error?.reason };
          if (status === 201 && ++answered === options.stopAfter) {
            stoppedAt = performance.now();
            stopped.proc.kill(signal);
          }
          return;
        }
        buyer.retries++;
        await sleep(Math.min(50 * attempt, 500));
      }
    };
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: options.lanes }, async () => {
        while (next < buyers.length) await checkout(buyers[next++]!);
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    expect(stoppedAt, "instance A was stopped during the load").toBeGreaterThan(0);
    const exitCode = await stopped.exited;
    const exitedAfterMs = exitedAt - stoppedAt;

    const a = address(ports.a);
    const b = address(ports.b);
    const servedBy = (who: string, afterStop: boolean) =>
      attempts.filter((x) => x.afterStop === afterStop && x.upstream.split(",").at(-1)!.trim() === who).length;
    const proxyRetries = attempts.filter((x) => x.upstream.includes(",")).length;
    const clientRetries = buyers.reduce((n, x) => n + x.retries, 0);
    const failedAttempts = attempts.filter((x) => x.status === 0 || x.status >= 500).length;
    const replays = attempts.filter((x) => x.replayed).length;
    console.log(
      `scale-out ${signal}: ${options.buyers} buyers in ${seconds.toFixed(2)} s (${(options.buyers / seconds).toFixed(0)} orders/s through nginx, ${options.lanes} at a time); ` +
        `A served ${servedBy(a, false)} before and ${servedBy(a, true)} after the stop, B ${servedBy(b, false)} + ${servedBy(b, true)}; ` +
        `A exited ${exitCode ?? signal} ${(exitedAfterMs / 1000).toFixed(1)} s after the signal; ` +
        `${failedAttempts} failed attempts (5xx/connection), ${clientRetries} client retries with the same key (${replays} answered by replay), ${proxyRetries} requests moved to B by nginx`,
    );
    expect(servedBy(a, false)).toBeGreaterThan(0);
    expect(servedBy(b, true)).toBeGreaterThan(0);

    // Database truth for this run's buyers.
    const { rows } = await db.query<{ email: string; id: string; status: string; quantity: number }>(
      "select o.email, o.id, o.status, l.quantity from orders o join order_lines l on l.order_id = o.id where o.email like $1",
      [`${signal.toLowerCase()}-${run}-%`],
    );
    const ordersOf = new Map<string, typeof rows>();
    for (const row of rows) ordersOf.set(row.email, [...(ordersOf.get(row.email) ?? []), row]);
    const held = rows
      .filter((r) => r.status === "paid" || r.status === "pending_payment")
      .reduce((n, r) => n + r.quantity, 0);
    // Nothing oversold, nothing leaked: what is left plus what is held is what we started with.
    expect(await stockOf(CHAETO)).toBe(options.stock - held);
    for (const buyer of buyers)
      expect(ordersOf.get(buyer.email)?.length ?? 0, `orders of ${buyer.email}`).toBeLessThanOrEqual(1);

    const paidIds = rows.filter((r) => r.status === "paid").map((r) => r.id);
    const { rows: mails } = await db.query<{ order_id: string; n: number }>(
      "select order_id, count(*)::int as n from outbox where kind = 'order-confirmation' and order_id = any($1) group by order_id",
      [paidIds],
    );
    expect(mails.map((m) => m.order_id).sort()).toEqual([...paidIds].sort());
    expect(mails.every((m) => m.n === 1)).toBe(true);

    const settled = buyers.filter((x) => x.final?.status === 201);
    for (const buyer of settled) {
      const orders = ordersOf.get(buyer.email) ?? [];
      expect(
        orders.map((o) => [o.id, o.status]),
        `the order answered to ${buyer.email}`,
      ).toEqual([[buyer.final!.orderId, "paid"]]);
    }
    return { buyers, settled, exitCode, exitedAfterMs, ordersOf };
  }

  it("SIGTERM to one instance mid-load: every buyer ends with exactly one paid order", async () => {
    const { buyers, settled, exitCode, exitedAfterMs } = await loadWhileStopping("SIGTERM", {
      buyers: 80,
      lanes: 10,
      stopAfter: 25,
      stock: 500,
    });
    expect(settled).toHaveLength(buyers.length);
    expect(exitCode).toBe(0);
    // Graceful: it drained (nginx leaves it within keepalive_time), rather than being cut off
    // by server.js's 10 s hard stop.
    expect(exitedAfterMs).toBeLessThan(9_500);
    expect(instances.a!.output()).not.toMatch(/unhandled|Error:/);
  });

  it("SIGKILL to one instance mid-load: every buyer ends with exactly one paid order, mailed once, nothing oversold", async () => {
    // Bring A back; nginx uses it again once its fail_timeout (1 s) has passed.
    instances.a = await startServer(envFor(), ports.a);
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && answeredBy(await fetch(`${nginx!.url}/api/health`)) !== address(ports.a))
      await sleep(100);

    const { buyers, settled, ordersOf } = await loadWhileStopping("SIGKILL", {
      buyers: 80,
      lanes: 10,
      stopAfter: 25,
      stock: 500,
    });
    // A request killed after it claimed its Idempotency-Key left the key "pending" (and maybe an
    // order pending_payment or paid): its buyer's retries got 409 request-in-progress until the
    // lease ran out, then one retry took the claim over and finished that same order.
    for (const buyer of buyers) {
      expect(buyer.final, buyer.email).toMatchObject({ status: 201 });
      expect(
        (ordersOf.get(buyer.email) ?? []).map((o) => [o.id, o.status]),
        `orders of ${buyer.email}`,
      ).toEqual([[buyer.final!.orderId, "paid"]]);
    }
    expect(settled).toHaveLength(buyers.length);
    const waited = buyers.filter((x) => x.inProgress > 0);
    // Placed by the killed instance and paid by the retry that took over, a lease later.
    const { rows: continued } = await db.query<{ id: string }>(
      "select id from orders where id = any($1) and paid_at - created_at >= make_interval(secs => $2)",
      [waited.map((x) => x.final!.orderId), LEASE_SECONDS],
    );
    console.log(
      `scale-out SIGKILL: ${waited.length} buyer(s) waited out a dead claim's ${LEASE_SECONDS} s lease (${waited.map((x) => x.inProgress).join(", ") || "-"} in-progress answers) ` +
        `and then got their one paid order; ${continued.length} of those orders were placed by the killed instance and paid by the retry`,
    );
  });
});
