import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authClient } from "../helpers/auth-client";
import { testDatabaseKind } from "../helpers/test-database";
import { createTestServices, startTestServer } from "../helpers/test-services";
import type { AppServices } from "#server/services";

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

/** Two server instances on one database and one Redis, as when the shop scales out. */
describe(`rate limits and sessions shared through Redis, on ${testDatabaseKind()}`, () => {
  let a: AppServices;
  let b: AppServices;
  let serverA: { url: string; close(): Promise<void> };
  let serverB: { url: string; close(): Promise<void> };

  beforeAll(async () => {
    a = await createTestServices({ env: { REDIS_URL, RATE_LIMITS: "on" } });
    // The second instance shares the first one's database handle and secret.
    const { createServices } = await import("#server/services");
    b = await createServices({ ...a.config }, { database: a.database });
    serverA = await startTestServer(a);
    serverB = await startTestServer(b);
  });
  afterAll(async () => {
    await serverA?.close();
    await serverB?.close();
    await a?.kv?.close();
    await b?.kv?.close();
    await a?.database.destroy();
  });

  it("counts sign-in attempts from one address across both instances", async () => {
    const ip = `10.${crypto.randomInt(1, 250)}.${crypto.randomInt(1, 250)}.${crypto.randomInt(1, 250)}`;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const client = authClient(i % 2 === 0 ? serverA.url : serverB.url, ip);
      statuses.push(
        (await client.call("/sign-in/email", { email: "nobody@example.com", password: `guess-${i}-x` })).status,
      );
    }
    expect(statuses.slice(0, 5).every((s) => s === 401)).toBe(true);
    expect(statuses[5]).toBe(429);
  });

  it("counts only failed sign-ins in Redis too: right passwords never lock out, and buy no extra guess", async () => {
    const email = `often-${crypto.randomBytes(4).toString("hex")}@example.com`;
    const password = "often123";
    await authClient(serverA.url, "198.51.100.82").call("/sign-up/email", { email, password, name: "Often" });
    const ip = `10.${crypto.randomInt(1, 250)}.${crypto.randomInt(1, 250)}.${crypto.randomInt(1, 250)}`;
    let n = 0;
    const signIn = async (pw: string) =>
      (await authClient(n++ % 2 === 0 ? serverA.url : serverB.url, ip).call("/sign-in/email", { email, password: pw }))
        .status;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push(await signIn(password));
    for (let i = 0; i < 4; i++) statuses.push(await signIn(`wrong${i}xx`));
    statuses.push(await signIn(password), await signIn("wrong4xx"), await signIn("wrong5xx"));
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 401, 401, 401, 401, 200, 401, 429]);
    // Better Auth's own key holds the attempts that were not right: five failures and the one refused.
    const kv = a.kv!;
    expect(await kv.get(`${ip}|/sign-in/email`)).toBe("6");
  });

  it("a session made on one instance is valid on the other", async () => {
    const email = `shared-${crypto.randomBytes(4).toString("hex")}@example.com`;
    const onA = authClient(serverA.url, "198.51.100.80");
    await onA.signUp({ email, password: "shared12", name: "Shared" });
    const onB = authClient(serverB.url, "198.51.100.80");
    for (const [k, v] of onA.jar) onB.jar.set(k, v);
    expect((await onB.call("/get-session")).json.user.email).toBe(email);
  });

  it("our own limiter (newsletter) also counts across instances", async () => {
    const ip = `10.${crypto.randomInt(1, 250)}.${crypto.randomInt(1, 250)}.${crypto.randomInt(1, 250)}`;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await fetch(`${i % 2 ? serverB.url : serverA.url}/api/newsletter`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": ip },
        body: JSON.stringify({ email: `r${i}@example.com` }),
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
  });
});
