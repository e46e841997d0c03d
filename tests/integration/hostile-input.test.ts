import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "#server/logger";
import { authClient } from "../helpers/auth-client";
import { freePort, startPageServer, type PageServer } from "../helpers/page-server";
import { testDatabaseKind } from "../helpers/test-database";
import { createTestServices, useTestServer } from "../helpers/test-services";
import type { AppServices } from "#server/services";

const deep = (depth: number) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;

/** Issue 17, items 5 and 6: inputs that gave 500 or stored nonsense get a 4xx and change nothing. */
describe(`hostile input to Better Auth and the API on ${testDatabaseKind()}`, () => {
  const t = useTestServer();

  it("5,000-deep nested JSON to Better Auth endpoints answers 4xx", async () => {
    const client = authClient(t.url, "198.51.100.120");
    await client.signUp({ email: "deep@example.com", password: "deep12345", name: "Deep" });
    const cookie = [...client.jar].map(([k, v]) => `${k}=${v}`).join("; ");
    for (const path of ["/sign-in/email", "/sign-up/email", "/update-user", "/change-password", "/change-email"]) {
      for (const body of [deep(5000), `{"name":${deep(5000)},"email":"x@example.com","password":"p"}`]) {
        const res = await fetch(`${t.url}/api/auth${path}`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Origin: "http://localhost:3000", cookie },
          body,
        });
        expect(res.status, path).toBeGreaterThanOrEqual(400);
        expect(res.status, path).toBeLessThan(500);
      }
    }
  });

  it("update-user takes only a text name and only our own media URLs as image", async () => {
    const client = authClient(t.url, "198.51.100.121");
    await client.signUp({ email: "named@example.com", password: "named1234", name: "Named" });
    for (const name of [null, {}, [], ["x"], 42, true, "", "   ", "x".repeat(500)]) {
      const res = await client.call("/update-user", { name });
      expect(res.status, JSON.stringify(name)).toBe(400);
    }
    for (const image of ["javascript:alert(1)", "https://evil.example/x.png", "data:image/png;base64,AAAA", {}, 1]) {
      const res = await client.call("/update-user", { image });
      expect(res.status, JSON.stringify(image)).toBe(400);
    }
    const session = (await client.call("/get-session")).json as { user: { name: string; image: string | null } };
    expect(session.user.name).toBe("Named");
    expect(session.user.image).toBeNull();
    expect((await client.call("/update-user", { name: "Renamed" })).status).toBe(200);
    expect((await client.call("/update-user", { image: null })).status).toBe(200);
  });

  it("NUL in a path or query string answers 400", async () => {
    for (const path of ["/api/products/%00", "/api/products/premium%00chaeto", "/api/products?q=%00", "/product/%00"]) {
      const res = await fetch(`${t.url}${path}`);
      expect(res.status, path).toBe(400);
    }
  });

  it("TRACE and other unusual methods answer 405", async () => {
    for (const method of ["TRACE", "CONNECT", "PROPFIND"]) {
      const res = await fetch(`${t.url}/`, { method }).catch(() => null);
      if (res) expect(res.status, method).toBe(405);
    }
  });
});

/** Send bytes fetch cannot (no Host, absolute-form and asterisk targets); the answer's status. */
function rawStatus(url: string, request: string): Promise<number> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    let answer = "";
    const socket = net.connect(Number(port), "127.0.0.1", () => socket.write(request));
    socket.on("data", (chunk) => {
      answer += chunk.toString("latin1");
      const status = /^HTTP\/1\.[01] (\d{3}) /.exec(answer)?.[1];
      if (status) {
        socket.destroy();
        resolve(Number(status));
      }
    });
    socket.on("error", reject);
    socket.on("close", () => reject(new Error(`closed without an answer: ${JSON.stringify(answer)}`)));
  });
}

describe(`requests no page can take are refused with a 4xx on ${testDatabaseKind()}`, () => {
  const lines: string[] = [];
  let services: AppServices;
  let server: PageServer;
  let origin = "";
  beforeAll(async () => {
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    services = await createTestServices({
      // The page cache as in production: it sets a default Cache-Control a page may replace.
      env: { PUBLIC_URL: origin, PAGE_CACHE: "on" },
      logger: createLogger("info", { write: (line: string) => void lines.push(...line.split("\n").filter(Boolean)) }),
    });
    server = await startPageServer(services, port);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await services?.database.destroy();
  });

  const post = (path: string, type: string | null, body: string) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { Origin: origin, ...(type ? { "Content-Type": type } : {}) },
      body,
      redirect: "manual",
    });

  it("a page action answers 415 to a body that is not a form, 400 to a broken form, and changes nothing", async () => {
    const before = await services.database.db
      .selectFrom("contact_messages")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    for (const path of ["/contact", "/contact.data", "/sign-in", "/newsletter"]) {
      expect((await post(path, "application/json", '{"email":"a@example.com"}')).status, path).toBe(415);
      expect((await post(path, "text/plain", "email=a@example.com")).status, path).toBe(415);
      expect((await post(path, null, "")).status, path).toBe(415);
      // A multipart body without its boundary, cut short, or under another boundary.
      expect((await post(path, "multipart/form-data", "--x\r\n")).status, path).toBe(400);
      const part = '--b\r\nContent-Disposition: form-data; name="email"\r\n\r\na@example.com\r\n--b--\r\n';
      expect((await post(path, "multipart/form-data; boundary=b", part.slice(0, 30))).status, path).toBe(400);
      expect((await post(path, "multipart/form-data; boundary=other", part)).status, path).toBe(400);
    }
    // A well-formed multipart form still reaches the action.
    const form = new FormData();
    form.set("name", "Multi Part");
    form.set("email", "multipart@example.com");
    form.set("message", "A message long enough to be accepted by the contact form.");
    const sent = await fetch(`${server.url}/contact`, { method: "POST", headers: { Origin: origin }, body: form });
    expect(sent.status).toBeLessThan(500);
    expect(sent.status).not.toBe(415);
    const after = await services.database.db
      .selectFrom("contact_messages")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n) + (sent.status === 200 || sent.status === 302 ? 1 : 0));
  });

  it("methods a page does not take answer 405 with Allow", async () => {
    for (const method of ["PUT", "PATCH", "DELETE", "OPTIONS"]) {
      for (const path of ["/", "/contact", "/admin/orders", "/no/such/page"]) {
        const res = await fetch(`${server.url}${path}`, {
          method,
          headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
          body: method === "OPTIONS" ? undefined : "intent=x",
        });
        expect(res.status, `${method} ${path}`).toBe(405);
        expect(res.headers.get("allow"), `${method} ${path}`).toBe("GET, HEAD, POST");
      }
    }
  });

  it("no Host, an absolute-form target and `OPTIONS *` answer 400", async () => {
    expect(await rawStatus(server.url, "GET / HTTP/1.0\r\n\r\n")).toBe(400);
    expect(await rawStatus(server.url, "GET /api/products HTTP/1.0\r\n\r\n")).toBe(400);
    expect(await rawStatus(server.url, "GET http://evil.example/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")).toBe(400);
    expect(await rawStatus(server.url, "OPTIONS * HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")).toBe(400);
    // And with a Host, the same page answers.
    expect(await rawStatus(server.url, "GET /care HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n")).toBe(200);
  });

  it("a page's own Cache-Control replaces the default instead of being sent beside it", async () => {
    const res = await fetch(`${server.url}/search/suggest?q=chaeto`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, max-age=30");
  });

  it("a client's request id is kept only as part of one the server makes", async () => {
    const res = await fetch(`${server.url}/contact`, { headers: { "X-Request-Id": "client-trace-0001" } });
    const again = await fetch(`${server.url}/contact`, { headers: { "X-Request-Id": "client-trace-0001" } });
    const id = res.headers.get("x-request-id")!;
    expect(id).toMatch(/^client-trace-0001\.[0-9a-f-]{36}$/);
    expect(again.headers.get("x-request-id")).not.toBe(id);
    const entries = lines.map((line) => JSON.parse(line) as { level: number; reqId?: string; msg: string });
    expect(entries.some((e) => e.msg === "request" && e.reqId === id)).toBe(true);
  });
});
