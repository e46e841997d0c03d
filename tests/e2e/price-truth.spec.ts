import crypto from "node:crypto";
import { expect, PLACE_ORDER, test, visit } from "./fixtures";
import { addToCart, fillCheckout } from "./journeys";
import { E2E_ADMIN } from "./mailbox";
import type { APIRequestContext } from "@playwright/test";

interface ApiProduct {
  id: string;
  title: string;
  price: number;
  originalPrice: number | null;
  quantity: number;
}
interface ApiBundle {
  id: string;
  name: string;
  price: number;
  discount: number;
  contents: { id: string; quantity: number }[];
}

const cents = (dollars: number) => Math.round(dollars * 100);
const percentOff = (price: number, original: number) => Math.round(((original - price) / original) * 100);

/**
 * Every saving the server's arithmetic produces today, worked out here from the products' own
 * prices (bundles from their contents, not from anything the bundle states about itself), and
 * the subscribe & save saving as the quote computes it.
 */
async function savingsTheServerProduces(request: APIRequestContext) {
  const { products } = (await (await request.get("/api/products")).json()) as { products: ApiProduct[] };
  const { bundles } = (await (await request.get("/api/bundles")).json()) as { bundles: ApiBundle[] };
  const price = new Map(products.map((p) => [p.id, cents(p.price)]));
  const percents = new Set<number>([20, 30]); // the combo builder's promise: 2 products 20 %, 3 or more 30 %
  const amounts = new Set<number>();
  for (const p of products) {
    if (p.originalPrice === null || cents(p.originalPrice) <= cents(p.price)) continue;
    percents.add(percentOff(cents(p.price), cents(p.originalPrice)));
    amounts.add(cents(p.originalPrice) - cents(p.price));
  }
  // Subscribe & save: what the quote takes off a subscribed unit of each product offered so.
  for (const p of products) {
    const answer = await request.post("/api/cart/quote", {
      data: { items: [{ kind: "product", id: p.id, quantity: 1, subscribeEveryWeeks: 4 }] },
    });
    if (!answer.ok()) continue;
    const line = (
      (await answer.json()) as { lines: { subscription?: { savingPercent: number; unitSaving: number } }[] }
    ).lines[0];
    if (!line?.subscription) continue;
    percents.add(line.subscription.savingPercent);
    amounts.add(cents(line.subscription.unitSaving));
  }
  const bundleFigures = new Map<string, { value: number; price: number; percent: number }>();
  for (const b of bundles) {
    const value = b.contents.reduce((sum, c) => sum + price.get(c.id)! * c.quantity, 0);
    const charged = cents(b.price);
    expect(charged, `${b.name} costs less than its contents`).toBeLessThan(value);
    expect(charged * 100, `${b.name} saves at most 30 %`).toBeGreaterThanOrEqual(value * 70);
    // The quote charges what the page shows.
    const quote = await (
      await request.post("/api/cart/quote", { data: { items: [{ kind: "bundle", id: b.id, quantity: 1 }] } })
    ).json();
    expect(cents(quote.total)).toBe(charged);
    const percent = percentOff(charged, value);
    expect(b.discount).toBe(percent);
    percents.add(percent);
    amounts.add(value - charged);
    bundleFigures.set(b.name, { value, price: charged, percent });
  }
  return { percents, amounts, bundleFigures };
}

/** Every saving a page states: "24% off", "save 24%", "Save $25.02 (24%)". */
function statedSavings(text: string) {
  const percents = [...text.matchAll(/(\d+)\s?% off|save (\d+)%|\((\d+)%\)/gi)].map((m) =>
    Number(m[1] ?? m[2] ?? m[3]),
  );
  const amounts = [...text.matchAll(/Save \$([\d,]+\.\d{2})/g)].map((m) => cents(Number(m[1]!.replace(",", ""))));
  return { percents, amounts };
}

test("no page states a saving the server's arithmetic does not produce", async ({ page, request }) => {
  // Thirteen pages on a shared machine.
  test.setTimeout(120_000);
  const truth = await savingsTheServerProduces(request);
  const { products } = (await (await request.get("/api/products")).json()) as { products: ApiProduct[] };
  const { bundles } = (await (await request.get("/api/bundles")).json()) as { bundles: ApiBundle[] };
  const paths = [
    "/",
    "/products",
    ...products.map((p) => `/product/${p.id}`),
    ...bundles.map((b) => `/product/${b.id}`),
  ];
  let checked = 0;
  for (const path of paths) {
    // The server-rendered page is what a shopper (and a search engine) reads first.
    await page.goto(path, { waitUntil: "domcontentloaded" });
    const text = await page.locator("main").innerText();
    const stated = statedSavings(text);
    for (const p of stated.percents) expect(truth.percents, `${path} states ${p}%`).toContain(p);
    for (const a of stated.amounts) expect(truth.amounts, `${path} states a $${a / 100} saving`).toContain(a);
    checked += stated.percents.length + stated.amounts.length;
  }
  // The scan saw the figures it is meant to check (bundle badges, was-prices).
  expect(checked).toBeGreaterThan(10);

  // Each bundle page crosses out its contents at today's prices and charges the quoted price.
  for (const b of bundles) {
    const figures = truth.bundleFigures.get(b.name)!;
    await page.goto(`/product/${b.id}`);
    await expect(page.getByTestId("bundle-value")).toHaveText(
      `The same items bought separately today: $${(figures.value / 100).toFixed(2)}`,
    );
    await expect(page.locator("main .eyebrow").first()).toHaveText(`Bundle · save ${figures.percent}%`);
  }
});

async function adminRequest(request: APIRequestContext, baseURL: string) {
  const headers = { Origin: baseURL };
  const signIn = await request.post("/api/auth/sign-in/email", {
    headers,
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  expect(signIn.status()).toBe(200);
  return headers;
}

test("a shopper buys a bundle, its component sells out, and the bundle goes out of stock", async ({
  page,
  playwright,
  baseURL,
}) => {
  const other = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { "X-Forwarded-For": "198.19.7.7" },
  });
  try {
    await addToCart(page, "/product/complete-reef-recovery");
    await page.goto("/checkout");
    await fillCheckout(page);
    await page.getByRole("button", { name: PLACE_ORDER }).click();
    await expect(page).toHaveURL(/\/order-confirmation/);
    await expect(page.getByText("Complete Reef Recovery").first()).toBeVisible();

    // Another shopper buys every Reef Care Bundle left (two went into the bundle just bought).
    const left = ((await (await other.get("/api/products/reef-care-bundle")).json()) as { product: ApiProduct }).product
      .quantity;
    const sellOut = await other.post("/api/checkout", {
      headers: { "Idempotency-Key": crypto.randomUUID() },
      data: {
        items: [{ kind: "product", id: "reef-care-bundle", quantity: left }],
        customer: { email: "bulk@example.com", name: "Bulk Buyer" },
        shippingAddress: { line1: "2 Reef Road", city: "Austin", state: "TX", postalCode: "78701", country: "US" },
        payment: { card: { number: "4242424242424242", expMonth: 12, expYear: 2034, cvc: "123" } },
      },
    });
    expect(sellOut.status()).toBe(201);

    await visit(page, "/product/complete-reef-recovery");
    await expect(page.locator("main").getByText("Out of stock").first()).toBeVisible();
    await expect(page.getByRole("button", { name: "Add to cart" })).toHaveCount(0);
    const quote = await other.post("/api/cart/quote", {
      data: { items: [{ kind: "bundle", id: "complete-reef-recovery", quantity: 1 }] },
    });
    expect((await quote.json()).error.reason).toBe("out-of-stock");
  } finally {
    // Put the stock back for the other journeys that pick the Reef Care Bundle.
    const headers = await adminRequest(other, baseURL!);
    const restock = await other.patch("/api/admin/products/reef-care-bundle", {
      headers,
      data: { quantity: 50, stockReason: "e2e: restock after the sell-out journey" },
    });
    expect(restock.status()).toBe(200);
    await other.dispose();
  }
});

test("a quantity above the stock is cut to it and the shopper is told", async ({ page }) => {
  await visit(page, "/product/refugium-starter-kit");
  const { product } = (await (await page.request.get("/api/products/refugium-starter-kit")).json()) as {
    product: ApiProduct;
  };
  await page.getByLabel("Quantity", { exact: true }).fill("999");
  await expect(page.getByLabel("Quantity", { exact: true })).toHaveValue(String(product.quantity));
  await expect(
    page.getByText(`Only ${product.quantity} left — we set your quantity to ${product.quantity}`),
  ).toBeVisible();

  await visit(page, "/product/service-tip");
  await expect(page.locator("main").getByText("Digital, nothing to ship").first()).toBeVisible();
});
