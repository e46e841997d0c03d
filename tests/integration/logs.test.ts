import net from "node:net";
import { Writable } from "node:stream";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { finalErrorHandler } from "#server/errors";
import { createHttpApp } from "#server/http";
import { createLogger, loggablePath, requestId, stdoutDestination } from "#server/logger";
import { authClient, latestMail } from "../helpers/auth-client";
import { ADDRESS, checkoutRequest } from "../helpers/checkout-client";
import { startOidcPeer, type OidcPeer } from "../helpers/oidc-peer";
import { testDatabaseKind } from "../helpers/test-database";
import { createTestServices, startTestServer } from "../helpers/test-services";
import type { AppServices } from "#server/services";

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
    await client.signUp({ email: "logged@example.com", password: PASSWORD, name: "Logged" });
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

const PUBLIC_URL = "http://localhost:3000";

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * Walks the provider's own pages as a browser would (its development login form, then consent),
 * following redirects with the provider's cookies, until it sends the browser back to the shop.
 */
async function throughProvider(authorizeUrl: string): Promise<URL> {
  const jar = new Map<string, string>();
  const send = async (url: string, form?: Record<string, string>) => {
    const res = await fetch(url, {
      method: form ? "POST" : "GET",
      redirect: "manual",
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; "),
        ...(form ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
      },
      body: form ? new URLSearchParams(form).toString() : undefined,
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const [name, ...value] = pair!.split("=");
      jar.set(name!, value.join("="));
    }
    return res;
  };
  let res = await send(authorizeUrl);
  for (let step = 0; step < 12; step++) {
    const location = res.headers.get("location");
    if (location) {
      const next = new URL(location, res.url || authorizeUrl);
      if (next.origin === PUBLIC_URL) return next;
      res = await send(next.href);
      continue;
    }
    const html = await res.text();
    const action = html.match(/<form[^>]*action="([^"]+)"/)?.[1];
    if (!action) throw new Error(`the provider showed a page without a form: ${html.slice(0, 200)}`);
    const hidden = Object.fromEntries(
      [...html.matchAll(/<input[^>]*type="hidden"[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]),
    );
    res = await send(new URL(action, new URL(authorizeUrl).origin).href, {
      ...hidden,
      login: "tokenscan",
      password: "anything",
    });
  }
  throw new Error("the provider never sent the browser back");
}

describe(`every token issued during a journey stays out of the log on ${testDatabaseKind()}`, () => {
  const lines: string[] = [];
  let oidc: OidcPeer | undefined;
  let services: AppServices;
  let server: { url: string; close(): Promise<void> };
  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(...String(chunk).split("\n").filter(Boolean));
        done();
      },
    });
    // A real OpenID provider, so the OAuth callback (code and state in its query) is part of the journey.
    oidc = await startOidcPeer(await freePort(), `${PUBLIC_URL}/api/auth/callback/oidc`);
    // The logger is the services' own, so Better Auth's messages land in the same log.
    services = await createTestServices({
      logger: pino({ level: "debug", base: undefined }, sink),
      env: {
        PUBLIC_URL,
        OIDC_ISSUER: oidc.issuer,
        OIDC_CLIENT_ID: oidc.clientId,
        OIDC_CLIENT_SECRET: oidc.clientSecret,
      },
    });
    server = await startTestServer(services);
  });
  afterAll(async () => {
    await server?.close();
    await oidc?.close();
    await services?.database.destroy();
  });

  async function mailText(to: string, kind: string): Promise<{ text: string; headers: Record<string, string> }> {
    const row = await latestMail(services, to, kind);
    const headers = (typeof row.headers === "string" ? JSON.parse(row.headers) : (row.headers ?? {})) as Record<
      string,
      string
    >;
    return { text: row.text, headers };
  }
  const firstLink = (text: string, contains: string) => {
    const match = text.match(new RegExp(`https?://\\S*${contains}\\S*`));
    if (!match) throw new Error(`no ${contains} link`);
    return new URL(match[0].replace(/[)\]]+$/, ""));
  };

  it("reset, verification, newsletter, unsubscribe, order and session tokens never appear", async () => {
    const issued: string[] = [];
    const email = "journey@example.com";
    const client = authClient(server.url, "198.51.100.98");
    await client.signUp({ email, password: PASSWORD, name: "Journey" });
    issued.push(client.jar.get("lr.session_token")!.split(".")[0]!);

    // Verification link (a token in the query string).
    const verify = firstLink((await mailText(email, "verify-email")).text, "verify-email");
    issued.push(verify.searchParams.get("token")!);
    await fetch(`${server.url}${verify.pathname}${verify.search}`, { redirect: "manual" });

    // Reset link: Better Auth puts this token in the path, then hands it on in the redirect.
    await authClient(server.url, "198.51.100.97").call("/request-password-reset", {
      email,
      redirectTo: "/reset-password",
    });
    const reset = firstLink((await mailText(email, "password-reset")).text, "reset-password");
    const resetToken = reset.pathname.split("/").pop()!;
    issued.push(resetToken);
    const landing = await fetch(`${server.url}${reset.pathname}${reset.search}`, { redirect: "manual" });
    expect(landing.status).toBe(302);
    const reset200 = await authClient(server.url, "198.51.100.96").call("/reset-password", {
      newPassword: "An0ther-secret",
      token: resetToken,
    });
    expect(reset200.status).toBe(200);

    // Newsletter: signed confirmation and unsubscribe links.
    await fetch(`${server.url}/api/newsletter`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": "198.51.100.95" },
      body: JSON.stringify({ email }),
    });
    const confirm = firstLink((await mailText(email, "newsletter-confirm")).text, "confirm");
    issued.push(confirm.searchParams.get("sig")!);
    await fetch(`${server.url}${confirm.pathname}${confirm.search}`, { redirect: "manual" });
    const unsubscribe = new URL(
      (await mailText(email, "newsletter-welcome")).headers["List-Unsubscribe"]!.slice(1, -1),
    );
    for (const value of unsubscribe.searchParams.values()) if (value.length >= 16) issued.push(value);
    await fetch(`${server.url}${unsubscribe.pathname}${unsubscribe.search}`, { redirect: "manual" });

    // Order link.
    const res = await checkoutRequest(server.url, {
      items: [{ kind: "product", id: "premium-chaeto", quantity: 1 }],
      customer: { email, name: "Journey" },
      shippingAddress: ADDRESS,
      payment: { card: { number: CARD, expMonth: 12, expYear: 2034, cvc: CVC } },
    });
    const { order, orderUrl } = (await res.json()) as { order: { id: string }; orderUrl: string };
    const orderToken = new URL(orderUrl, "http://x").searchParams.get("token")!;
    issued.push(orderToken);
    await fetch(`${server.url}/api/orders/${order.id}?token=${orderToken}`);

    // Social sign-in: the provider's code and the state come back in the callback's query.
    const social = authClient(server.url, "198.51.100.94");
    const start = await social.call("/sign-in/social", { provider: "oidc", callbackURL: "/profile" });
    expect(start.status).toBe(200);
    const callback = await throughProvider(start.json.url as string);
    expect(callback.pathname).toBe("/api/auth/callback/oidc");
    issued.push(callback.searchParams.get("code")!, callback.searchParams.get("state")!);
    const back = await social.call(`${callback.pathname.replace("/api/auth", "")}${callback.search}`);
    expect(back.status).toBe(302);
    const socialSession = await social.call("/get-session");
    expect(socialSession.json.user.email).toBe("tokenscan@oidc.example");
    issued.push(social.jar.get("lr.session_token")!.split(".")[0]!);

    expect(issued.every((token) => token && token.length >= 16)).toBe(true);
    expect(lines.length).toBeGreaterThan(10);
    for (const line of lines) expect(() => JSON.parse(line) as unknown, line).not.toThrow();
    const all = lines.join("\n");
    // The callback was logged (so its redaction is what keeps the code and state out).
    expect(all).toContain("/api/auth/callback/oidc");
    for (const token of issued) {
      expect(all, `the log contains an issued token`).not.toContain(token);
      expect(all, `the log contains an issued token`).not.toContain(encodeURIComponent(token));
    }
  });
});

describe("log helpers", () => {
  it("log paths drop query strings and token segments, keep ordinary ones", () => {
    expect(loggablePath("/api/auth/reset-password/xmDFSH3pv43Xvu2MDVsiRGrw?callbackURL=%2Freset")).toBe(
      "/api/auth/reset-password/[redacted]",
    );
    expect(loggablePath("/api/orders/6f1c2b9e-7a55-4c1e-9d1a-0b3c4d5e6f70?token=abc")).toBe(
      "/api/orders/6f1c2b9e-7a55-4c1e-9d1a-0b3c4d5e6f70",
    );
    expect(loggablePath("/reef-wisdom/lazy-reefer-guide/water-chemistry-mastery")).toBe(
      "/reef-wisdom/lazy-reefer-guide/water-chemistry-mastery",
    );
    expect(loggablePath("/some/Ab3dEf9hIjKlMnOpQrStUv")).toBe("/some/[redacted]");
  });

  it("a client's X-Request-Id is kept only in a strict shape, and only as the front of a new id", () => {
    expect(requestId("req-1234abcd")).toMatch(/^req-1234abcd\.[0-9a-f-]{36}$/);
    // Two requests never share an id, whatever the client sends.
    expect(requestId("req-1234abcd")).not.toBe(requestId("req-1234abcd"));
    for (const bad of ["short", "x".repeat(65), "a b c d e f g h", "line\nbreak-000", '{"json":1}0000', undefined]) {
      expect(requestId(bad)).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it("stdout output never queues without bound: lines past the limit are dropped and counted", () => {
    const written: string[] = [];
    const stuck = {
      writableLength: 0,
      write: (s: string) => (written.push(s), (stuck.writableLength += s.length), true),
    };
    const destination = stdoutDestination(stuck as unknown as NodeJS.WritableStream & { writableLength: number }, 100);
    for (let i = 0; i < 50; i++) destination.write(`${JSON.stringify({ i })}\n`);
    expect(destination.dropped()).toBeGreaterThan(30);
    stuck.writableLength = 0; // the reader caught up
    destination.write(`${JSON.stringify({ i: "after" })}\n`);
    expect(JSON.parse(written.at(-2)!)).toMatchObject({ msg: "log lines dropped" });
    expect(written.at(-1)).toContain("after");
  });
});

describe(`errors outside the API on ${testDatabaseKind()}`, () => {
  const lines: string[] = [];
  let services: AppServices;
  let server: { url: string; close(): Promise<void> };
  beforeAll(async () => {
    services = await createTestServices({
      logger: createLogger("info", { write: (line: string) => void lines.push(...line.split("\n").filter(Boolean)) }),
    });
    const app = createHttpApp(services);
    // Stand-ins for a page that logs through the shared logger and one that fails.
    app.get("/logs-without-req", (_req, res) => {
      services.logger.error("written where no req.log is at hand");
      res.send("ok");
    });
    app.get("/fails", () => {
      throw new Error("a bug");
    });
    app.use(finalErrorHandler);
    server = await new Promise((resolve) => {
      const listening = app.listen(0, "127.0.0.1", () => {
        const { port } = listening.address() as net.AddressInfo;
        resolve({ url: `http://127.0.0.1:${port}`, close: () => new Promise((done) => listening.close(() => done())) });
      });
    });
  });
  afterAll(async () => {
    await server?.close();
    await services?.database.destroy();
  });

  it("are answered by the app's last handler and logged as JSON with the request id", async () => {
    const errors = vi.spyOn(console, "error");
    const logged = await fetch(`${server.url}/logs-without-req`);
    const failed = await fetch(`${server.url}/fails`, { headers: { "X-Request-Id": "client-trace-0002" } });
    expect(failed.status).toBe(500);
    expect(failed.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await failed.text()).not.toContain("a bug");
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    const entries = lines.map((line) => JSON.parse(line) as { level: number; reqId?: string; msg: string });
    const shared = entries.find((e) => e.msg === "written where no req.log is at hand");
    expect(shared?.reqId).toBe(logged.headers.get("x-request-id"));
    const unhandled = entries.find((e) => e.msg === "unhandled error");
    expect(unhandled?.reqId).toBe(failed.headers.get("x-request-id"));
    expect(unhandled?.reqId).toMatch(/^client-trace-0002\.[0-9a-f-]{36}$/);
    // Each line once: the shared logger's line has the id once, not twice.
    expect(lines.find((line) => line.includes("no req.log"))!.match(/"reqId"/g)).toHaveLength(1);
    expect(
      lines.filter((line) => line.includes('"msg":"request"')).every((line) => line.match(/"reqId"/g)?.length === 1),
    ).toBe(true);
  });
});
