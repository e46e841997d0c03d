import { describe, expect, it } from "vitest";
import { testDatabaseKind } from "../helpers/test-database";
import { useTestServer } from "../helpers/test-services";

describe(`cross-site requests on ${testDatabaseKind()}`, () => {
  const app = useTestServer();
  const post = (headers: Record<string, string>) =>
    fetch(`${app.url}/api/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body: JSON.stringify({ name: "X", email: "x@example.com", message: "A message long enough." }),
    });

  it("refuses a state-changing request from another site and stores nothing", async () => {
    const attempts: Array<Record<string, string>> = [
      { Origin: "https://evil.example" },
      { Origin: "null" },
      { "Sec-Fetch-Site": "cross-site" },
    ];
    for (const headers of attempts) {
      const res = await post(headers);
      expect(res.status).toBe(403);
      expect((await res.json()).error.reason).toBe("cross-site-request");
    }
    const stored = await app.services.database.db.selectFrom("contact_messages").selectAll().execute();
    expect(stored).toHaveLength(0);
  });

  it("accepts the shop's own origin and requests without browser headers", async () => {
    expect((await post({ Origin: "http://localhost:3000" })).status).toBe(201);
    expect((await post({ "Sec-Fetch-Site": "same-origin", "X-Forwarded-For": "198.51.100.90" })).status).toBe(201);
    expect((await post({ "X-Forwarded-For": "198.51.100.91" })).status).toBe(201);
  });
});
