import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseKind } from "../helpers/test-database";
import { createTestServices, startTestServer } from "../helpers/test-services";
import type { AppServices } from "../../server/services";

/** Values that break naive handlers: odd numbers, huge and odd strings, prototype keys, deep nesting. */
const nasty = fc.oneof(
  fc.anything({ maxDepth: 3 }),
  fc.constantFrom(-1, 0, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, "NaN", "Infinity", null, true, [], {}),
  fc.string({ unit: "binary", maxLength: 300 }),
  fc.constantFrom(
    "x".repeat(10_000),
    "\u0000\u202e\ud83d\ude00 ' OR 1=1 --",
    "<script>alert(1)</script>",
    "../../etc/passwd",
    "%00",
    "{{7*7}}",
  ),
  fc.constant(JSON.parse('{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}')),
);
const objectWith = (keys: string[]) =>
  fc.dictionary(fc.constantFrom(...keys, "__proto__", "extra", "price"), nasty, { maxKeys: keys.length + 2 });

const CASES: Array<{ method: string; path: string; body: fc.Arbitrary<unknown> }> = [
  {
    method: "POST",
    path: "/api/cart/quote",
    body: fc.oneof(
      objectWith(["items"]),
      fc.record({ items: fc.array(objectWith(["kind", "id", "quantity", "productIds"]), { maxLength: 5 }) }),
    ),
  },
  {
    method: "POST",
    path: "/api/checkout",
    body: fc.oneof(
      objectWith(["items", "customer", "shippingAddress", "payment"]),
      fc.record({
        items: fc.array(objectWith(["kind", "id", "quantity"])),
        customer: objectWith(["email", "name"]),
        payment: objectWith(["card"]),
      }),
    ),
  },
  { method: "POST", path: "/api/newsletter", body: objectWith(["email", "source", "website"]) },
  { method: "POST", path: "/api/contact", body: objectWith(["name", "email", "subject", "message", "website"]) },
  {
    method: "POST",
    path: "/api/wisdom/ask",
    body: fc.oneof(
      objectWith(["question"]),
      fc.record({ question: fc.oneof(fc.constant(""), fc.string({ minLength: 501, maxLength: 600 }), nasty) }),
    ),
  },
  {
    method: "POST",
    path: "/api/orders/00000000-0000-4000-8000-000000000000/challenge",
    body: objectWith(["token", "outcome"]),
  },
  { method: "POST", path: "/api/auth/sign-up/email", body: objectWith(["email", "password", "name"]) },
  { method: "POST", path: "/api/auth/sign-in/email", body: objectWith(["email", "password"]) },
  { method: "PATCH", path: "/api/admin/products/premium-chaeto", body: objectWith(["price", "quantity", "title"]) },
];

async function snapshot(services: AppServices) {
  const { db } = services.database;
  const count = async (
    table: "orders" | "outbox" | "newsletter_subscribers" | "contact_messages" | "user" | "idempotency_keys",
  ) =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const stock = await db.selectFrom("products").select(["id", "quantity", "price_cents"]).orderBy("id").execute();
  return {
    orders: await count("orders"),
    outbox: await count("outbox"),
    subscribers: await count("newsletter_subscribers"),
    messages: await count("contact_messages"),
    users: await count("user"),
    keys: await count("idempotency_keys"),
    stock,
  };
}

describe(`fuzzing every /api endpoint on ${testDatabaseKind()}`, () => {
  let services: AppServices;
  let server: { url: string; close(): Promise<void> };
  let tried = 0;
  beforeAll(async () => {
    services = await createTestServices();
    server = await startTestServer(services);
  });
  afterAll(async () => {
    console.log(`fuzz: ${tried} malformed requests sent, none answered 5xx`);
    await server?.close();
    await services?.database.destroy();
  });

  async function expectRefused(res: Response, label: string) {
    tried++;
    expect(res.status, label).toBeLessThan(500);
    if (res.status >= 400 && !label.includes("/api/auth/")) {
      const body = await res.json();
      expect(body, label).toEqual({
        error: expect.objectContaining({ code: expect.any(String), message: expect.any(String) }),
      });
    } else await res.arrayBuffer();
  }

  it("answers structurally bad JSON bodies with 4xx and changes nothing", async () => {
    const before = await snapshot(services);
    for (const c of CASES) {
      await fc.assert(
        fc.asyncProperty(c.body, async (body) => {
          const res = await fetch(`${server.url}${c.path}`, {
            method: c.method,
            headers: { "Content-Type": "application/json", "Idempotency-Key": `fuzz-${crypto.randomUUID()}` },
            body: JSON.stringify(body),
          });
          await expectRefused(res, `${c.method} ${c.path}`);
        }),
        { numRuns: 40 },
      );
    }
    expect(await snapshot(services)).toEqual(before);
  }, 120_000);

  it("answers malformed, oversized and mistyped bodies with 4xx", async () => {
    const raw = [
      "{",
      '{"items": [}',
      "null",
      "[]",
      '"string"',
      "\u0000",
      "{".repeat(5000),
      JSON.stringify({ pad: "x".repeat(200 * 1024) }),
    ];
    for (const c of CASES) {
      for (const body of raw) {
        const res = await fetch(`${server.url}${c.path}`, {
          method: c.method,
          headers: { "Content-Type": "application/json", "Idempotency-Key": `fuzz-${crypto.randomUUID()}` },
          body,
        });
        await expectRefused(res, `${c.method} ${c.path} raw`);
      }
      const xml = await fetch(`${server.url}${c.path}`, {
        method: c.method,
        headers: { "Content-Type": "application/xml" },
        body: "<a/>",
      });
      await expectRefused(xml, `${c.method} ${c.path} xml`);
    }
  });

  it("refuses NUL characters in otherwise valid bodies (PostgreSQL text can't hold them)", async () => {
    const res = await fetch(`${server.url}/api/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        name: "Nul",
        email: "nul@example.com",
        message: "hello\u0000 world, a long enough message",
      }),
    });
    tried++;
    expect(res.status).toBe(400);
    expect((await res.json()).error.reason).toBe("invalid-characters");
    const signUp = await fetch(`${server.url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: "http://localhost:3000" },
      body: JSON.stringify({ email: "nul@example.com", password: "secret123", name: "a\u0000b" }),
    });
    tried++;
    expect(signUp.status).toBe(400);
  });

  it("answers odd ids and query strings with 4xx, never 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: "grapheme", maxLength: 200 }),
        fc.string({ maxLength: 100 }),
        async (id, token) => {
          for (const path of [
            `/api/products/${encodeURIComponent(id)}`,
            `/api/orders/${encodeURIComponent(id)}?token=${encodeURIComponent(token)}`,
            `/api/admin/orders/${encodeURIComponent(id)}`,
            `/images/catalog/${encodeURIComponent(id)}`,
            `/media/avatars/${encodeURIComponent(id)}/x.webp`,
          ]) {
            const res = await fetch(`${server.url}${path}`);
            tried++;
            expect(res.status, path).toBeLessThan(500);
            await res.arrayBuffer();
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
