import { describe, expect, it } from "vitest";
import { authClient } from "../helpers/auth-client";
import { testDatabaseKind } from "../helpers/test-database";
import { useTestServer } from "../helpers/test-services";

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
