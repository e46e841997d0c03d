import { describe, expect, it } from "vitest";
import { startServer, tempDataDir } from "./server-process";

describe("graceful shutdown", () => {
  it("finishes in-flight requests on SIGTERM, then exits cleanly", async () => {
    const server = await startServer({ DATA_DIR: tempDataDir("lr-term-") });
    const inFlight = Array.from({ length: 20 }, () =>
      fetch(`${server.url}/api/checkout`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Idempotency-Key": crypto.randomUUID(), Connection: "close" },
        body: JSON.stringify({
          items: [{ kind: "product", id: "service-tip", quantity: 1 }],
          customer: { email: "term@example.com", name: "Term" },
          payment: { card: { number: "4242424242424242", expMonth: 12, expYear: 2034, cvc: "123" } },
        }),
      }).then((r) => r.status),
    );
    await new Promise((r) => setTimeout(r, 30));
    server.proc.kill("SIGTERM");
    const statuses = await Promise.allSettled(inFlight);
    const answered = statuses.filter((s) => s.status === "fulfilled").map((s) => s.value);
    // Requests already accepted are completed; none is cut off half-way with a 5xx.
    expect(answered.every((s) => s === 201)).toBe(true);
    expect(answered.length).toBeGreaterThan(0);
    expect(await server.exited).toBe(0);
    expect(server.output()).not.toMatch(/unhandled|Error:/);
  });
});
