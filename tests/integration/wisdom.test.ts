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

  it("quotes the passage that answers, under its heading, with a link to its section", async () => {
    const body = await (await ask({ question: "how do i get rid of aiptasia" })).json();
    expect(body.grounded).toBe(true);
    expect(body.quotes).toHaveLength(1);
    expect(body.quotes[0].url).toBe(body.sources[0].url);
    expect(body.quotes[0].heading).toMatch(/aiptasia/i);
    expect(body.answer).toBe(`${body.quotes[0].heading}: “${body.quotes[0].text}”`);
  });

  it("says so honestly for an off-topic question and links the contact page properly", async () => {
    const body = await (await ask({ question: "who won the world cup in 1998?" })).json();
    expect(body.grounded).toBe(false);
    expect(body.sources).toEqual([]);
    expect(body.quotes).toEqual([]);
    expect(body.contact).toEqual({ title: "Ask a reefer on the contact page", url: "/contact" });
    expect(body.answer).toMatch(/contact page/);
    expect(body.answer).not.toContain("(/contact)");
    expect(body.suggestion).toBeUndefined();
  });

  it("refuses a reef question the guides don't cover and suggests the closest guide", async () => {
    const body = await (await ask({ question: "CO2 bubble rate on my calcium reactor" })).json();
    expect(body.grounded).toBe(false);
    expect(body.suggestion.url).toMatch(/^\/reef-wisdom\/lazy-reefer-guide\/[a-z-]+$/);
  });

  it("refuses empty, over-long and malformed questions with 400", async () => {
    expect((await ask({ question: "" })).status).toBe(400);
    expect((await ask({ question: "x".repeat(501) })).status).toBe(400);
    expect((await ask({ question: 42 })).status).toBe(400);
    expect((await ask({})).status).toBe(400);
  });
});
