import { describe, expect, it } from "vitest";
import { setProductRow } from "../helpers/catalogue-rows";
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

  it("answers 'do you sell chaeto' from the catalogue on sale now, not from the guides", async () => {
    const body = await (await ask({ question: "do you guys sell cheato?" })).json();
    expect(body.grounded).toBe(false);
    expect(body.sources).toEqual([]);
    expect(body.shop.query).toBe("chaeto");
    expect(body.shop.searchUrl).toBe("/search?q=chaeto");
    const urls = body.shop.items.map((i: { url: string }) => i.url);
    expect(urls).toContain("/product/premium-chaeto");
    expect(body.shop.items.length).toBeLessThanOrEqual(4);
    expect(body.answer).toContain("Searching the shop for “chaeto” finds Premium Chaeto (Chaetomorpha)");
    // No figure that would go stale in the browser's stored chat: the linked pages have them.
    expect(JSON.stringify(body.shop)).not.toMatch(/\$|price|stock/i);
  });

  it("says plainly when nothing on sale matches every word asked for", async () => {
    const body = await (await ask({ question: "do you sell clownfish" })).json();
    expect(body.grounded).toBe(false);
    expect(body.shop).toEqual({ query: "clownfish", items: [], searchUrl: "/search?q=clownfish" });
    expect(body.answer).toMatch(/finds nothing on sale right now/);
    expect(body.contact.url).toBe("/contact");
    // "Live rock" needs both words: the live chaeto alone is not an answer.
    const rock = await (await ask({ question: "do you carry any live rock here?" })).json();
    expect(rock.shop.query).toBe("live rock");
    expect(rock.shop.items.map((i: { url: string }) => i.url)).toEqual(["/product/refugium-starter-kit"]);
  });

  it("leaves a product taken off sale out of the stock answer", async () => {
    const db = app.services.database.db;
    await setProductRow(db, "premium-chaeto", { is_active: 0 });
    try {
      const body = await (await ask({ question: "do you sell chaeto" })).json();
      expect(body.shop.items.map((i: { url: string }) => i.url)).not.toContain("/product/premium-chaeto");
    } finally {
      await setProductRow(db, "premium-chaeto", { is_active: 1 });
    }
  });

  it("keeps the guides' answer when a section speaks of selling it", async () => {
    const body = await (await ask({ question: "do you sell fish meds" })).json();
    expect(body.grounded).toBe(true);
    expect(body.shop).toBeUndefined();
  });

  it("refuses empty, over-long and malformed questions with 400", async () => {
    expect((await ask({ question: "" })).status).toBe(400);
    expect((await ask({ question: "x".repeat(501) })).status).toBe(400);
    expect((await ask({ question: 42 })).status).toBe(400);
    expect((await ask({})).status).toBe(400);
  });
});
