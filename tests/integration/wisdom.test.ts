import { describe, expect, it } from "vitest";
import { testDatabaseKind } from "../helpers/test-database";
import { useTestServer } from "../helpers/test-services";

describe(`POST /api/wisdom/ask on ${testDatabaseKind()}`, () => {
  const app = useTestServer();
  const ask = (body: unknown) =>
    fetch(`${app.url}/api/wisdom/ask`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });

  it("answers from the guides with links to exact sections", async () => {
    const res = await ask({ question: "how do i keep my alk from swinging?" });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.grounded).toBe(true);
    expect(body.answer.length).toBeGreaterThan(40);
    expect(body.sources[0].url).toMatch(/^\/reef-wisdom\/lazy-reefer-guide\/water-chemistry-mastery#[a-z0-9-]+$/);
  });

  it("says so honestly for an off-topic question and points to the contact page", async () => {
    const body = await (await ask({ question: "who won the world cup in 1998?" })).json();
    expect(body.grounded).toBe(false);
    expect(body.sources).toEqual([]);
    expect(body.answer).toContain("/contact");
  });

  it("refuses empty, over-long and malformed questions with 400", async () => {
    expect((await ask({ question: "" })).status).toBe(400);
    expect((await ask({ question: "x".repeat(501) })).status).toBe(400);
    expect((await ask({ question: 42 })).status).toBe(400);
    expect((await ask({})).status).toBe(400);
  });
});
