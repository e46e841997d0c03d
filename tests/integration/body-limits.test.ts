import net from "node:net";
import { describe, expect, it } from "vitest";
import { testDatabaseKind } from "../helpers/test-database";
import { useTestServer } from "../helpers/test-services";

/**
 * Sends only the head of a request announcing a huge body (and a few bytes of it), then reads
 * whatever comes back. A server that caps bodies before reading them answers at once; one that
 * reads first would wait for the 250 MB that never come.
 */
function announceHugeBody(url: string, path: string, headers: Record<string, string>): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    let answer = "";
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(answer || "no answer within 3 s");
    }, 3000);
    socket.on("data", (chunk) => (answer += String(chunk)));
    socket.on("close", () => {
      clearTimeout(timer);
      resolve(answer || "closed without an answer");
    });
    socket.on("error", reject);
    const head = Object.entries({ Host: `${hostname}:${port}`, Origin: "http://localhost:3000", ...headers })
      .map(([k, v]) => `${k}: ${v}`)
      .join("\r\n");
    socket.write(`POST ${path} HTTP/1.1\r\n${head}\r\n\r\nemail=a`);
  });
}

describe(`request bodies are capped before they are read on ${testDatabaseKind()}`, () => {
  const t = useTestServer();

  it.each([
    ["/sign-in", "application/x-www-form-urlencoded", 250_000_000],
    ["/sign-up", "application/x-www-form-urlencoded", 2_000_000],
    ["/profile", "multipart/form-data; boundary=x", 250_000_000],
    ["/api/auth/sign-in/email", "application/json", 250_000_000],
    ["/api/auth/sign-up/email", "application/json", 200_000],
    ["/api/checkout", "application/json", 250_000_000],
  ])("POST %s (%s, %i bytes announced) answers 413 at once", async (path, type, length) => {
    const answer = await announceHugeBody(t.url, path, { "Content-Type": type, "Content-Length": String(length) });
    expect(answer.split("\r\n")[0]).toBe("HTTP/1.1 413 Payload Too Large");
  });

  it("a body of unannounced length to a page or Better Auth is refused (411) rather than read without end", async () => {
    for (const path of ["/sign-in", "/api/auth/sign-in/email"]) {
      const answer = await announceHugeBody(t.url, path, {
        "Content-Type": "application/json",
        "Transfer-Encoding": "chunked",
      });
      expect(answer.split("\r\n")[0]).toBe("HTTP/1.1 411 Length Required");
    }
  });

  it("bodies within the limits still reach Better Auth", async () => {
    const res = await fetch(`${t.url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: "http://localhost:3000" },
      body: JSON.stringify({ email: "limit@example.com", password: "limit1234", name: "L".repeat(100) }),
    });
    expect(res.status).toBe(200);
  });
});
