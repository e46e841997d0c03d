import crypto from "node:crypto";
import { expect, expectAccessible, slowPhone, test } from "./fixtures";
import { addToCart, fillCheckout, signInAsAdmin, signUp } from "./journeys";
import { waitForMail } from "./mailbox";
import type { Page } from "@playwright/test";

/*
 * Issue 35's arrive-alive claim as people do it, on a phone 390 px wide: the buyer reports dead
 * chaeto from the order page (before any JavaScript: the form is a plain multipart post), and
 * the owner approves it on the Claims screen with one tap; the buyer is mailed once.
 */

const PHONE = { width: 390, height: 844 };
// A 1×1 PNG and a 1×1 GIF: tiny, but images by their bytes.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

/** An order of premium chaeto placed through the API, then shipped and delivered by the owner (signed in on `page`). */
async function deliveredOrder(
  page: Page,
  { email, name, quantity = 1, tracking }: { email: string; name: string; quantity?: number; tracking: string },
  headers: Record<string, string> = {},
) {
  const placed = await page.request.post("/api/checkout", {
    headers: { "Idempotency-Key": crypto.randomUUID(), ...headers },
    data: {
      items: [{ kind: "product", id: "premium-chaeto", quantity }],
      customer: { email, name },
      shippingAddress: { line1: "1 Reef Road", city: "Tampa", state: "FL", postalCode: "33602", country: "US" },
      payment: { card: { number: "4242424242424242", expMonth: 12, expYear: 2034, cvc: "123" } },
    },
  });
  expect(placed.status()).toBe(201);
  const { order, orderUrl } = (await placed.json()) as { order: { id: string; number: string }; orderUrl: string };
  await signInAsAdmin(page, "/admin/claims");
  for (const move of [{ action: "ship", carrier: "USPS", trackingNumber: tracking }, { action: "deliver" }])
    expect((await page.request.patch(`/api/admin/orders/${order.id}`, { data: move })).ok()).toBe(true);
  return { order, orderUrl };
}

test("a buyer reports dead chaeto with two photos before JavaScript; the owner approves store credit", async ({
  page,
  browser,
}) => {
  const email = `claim-${crypto.randomBytes(4).toString("hex")}@example.com`;
  // The owner ships and delivers it.
  await page.setViewportSize(PHONE);
  const { order, orderUrl } = await deliveredOrder(page, {
    email,
    name: "Cora Claimer",
    quantity: 2,
    tracking: "9400CLAIM1",
  });

  // The buyer, on a phone whose JavaScript has not run (here: never runs).
  const buyerContext = await browser.newContext({
    viewport: PHONE,
    javaScriptEnabled: false,
    extraHTTPHeaders: { "X-Forwarded-For": `198.18.${Math.floor(Math.random() * 250) + 1}.9` },
  });
  const buyer = await buyerContext.newPage();
  await buyer.goto(orderUrl);
  const report = buyer.getByTestId("report-problem");
  await expect(report.getByRole("heading", { name: "Report a problem" })).toBeVisible();
  await report.getByRole("checkbox", { name: /Premium Chaeto/i }).check();
  await report.getByLabel("How many").fill("1");
  await report.getByLabel("Photos (1 to 5)").setInputFiles([
    { name: "brown.png", mimeType: "image/png", buffer: PNG },
    { name: "mush.gif", mimeType: "image/gif", buffer: GIF },
  ]);
  await report.getByRole("radio", { name: "Store credit" }).check();
  await report.getByLabel("Anything to add?").fill("Arrived brown and smelling.");
  await report.getByRole("button", { name: "Send the report" }).click();
  await expect(buyer.getByTestId("claim-filed")).toBeVisible();
  await expect(buyer.getByTestId("claims-filed")).toContainText("We are looking at it");
  await expect(buyer.getByTestId("claims-filed")).toContainText("1 ×");
  const noOverflow = await buyer.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(noOverflow).toBe(true);
  await buyerContext.close();

  // The owner: the claim is listed first, with its photos, and one tap approves it.
  await page.goto("/admin/claims");
  const claim = page.getByTestId("claim").filter({ hasText: `Order ${order.number}` });
  await expect(claim).toContainText("open");
  await expect(claim.getByRole("img")).toHaveCount(2);
  // The photos load (lazily: each once scrolled to).
  for (const img of await claim.getByRole("img").all()) {
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(1);
  }
  await expectAccessible(page);
  await expect(claim.getByLabel("Remedy")).toHaveValue("credit");
  await claim.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByText(`Claim on order ${order.number} approved: store credit.`).first()).toBeVisible();
  await expect(claim).toContainText("approved");
  await expect(claim.getByRole("button", { name: "Approve" })).toHaveCount(0);

  // The buyer is told once, with the remedy.
  await waitForMail(email, /store credit/i);
  const outbox = (await (await page.request.get("/api/admin/outbox")).json()) as {
    mail: Array<{ kind: string; to_address: string }>;
  };
  expect(outbox.mail.filter((m) => m.kind === "claim-approved" && m.to_address === email)).toHaveLength(1);
});

test("slow phone: the report sent while the page's JavaScript is still loading arrives once; the owner approves it with one tap", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const email = `claim-slow-${crypto.randomBytes(4).toString("hex")}@example.com`;
  const { order, orderUrl } = await deliveredOrder(page, { email, name: "Sal Slow", tracking: "9400CLAIM2" });

  // The slow-phone profile of slow-phone.spec.ts: 390 px, 400 kb/s each way, 400 ms, CPU × 4.
  const context = await browser.newContext({
    viewport: PHONE,
    extraHTTPHeaders: { "X-Forwarded-For": `198.18.${Math.floor(Math.random() * 250) + 1}.10` },
  });
  const buyer = await context.newPage();
  expect((await buyer.request.get(orderUrl)).ok()).toBe(true);
  await slowPhone(buyer);
  await buyer.goto(orderUrl, { waitUntil: "commit" });
  const report = buyer.getByTestId("report-problem");
  await report.getByRole("checkbox", { name: /Premium Chaeto/i }).check();
  await report.getByLabel("Photos (1 to 5)").setInputFiles([{ name: "dead.png", mimeType: "image/png", buffer: PNG }]);
  await report.getByRole("radio", { name: /replacement/i }).check();
  await report.getByRole("button", { name: "Send the report" }).click();
  await expect(buyer.getByTestId("claim-filed")).toBeVisible({ timeout: 60_000 });
  await context.close();

  const claims = (await (await page.request.get(`/api/admin/claims?order=${order.id}`)).json()) as {
    claims: Array<{ status: string; remedyWanted: string; photos: unknown[] }>;
  };
  expect(claims.claims).toEqual([
    expect.objectContaining({ status: "open", remedyWanted: "replacement", photos: [expect.anything()] }),
  ]);
  await waitForMail(email, /We got your report/);

  // The owner approves the replacement on a slow phone too: one tap, as soon as the button shows.
  await page.setViewportSize(PHONE);
  await slowPhone(page);
  await page.goto("/admin/claims", { waitUntil: "commit" });
  const claim = page.getByTestId("claim").filter({ hasText: `Order ${order.number}` });
  await expect(claim.getByLabel("Remedy")).toHaveValue("replacement", { timeout: 60_000 });
  await claim.getByRole("button", { name: "Approve" }).click();
  await expect(
    page.getByText(`Claim on order ${order.number} approved: a replacement`, { exact: false }).first(),
  ).toBeVisible({
    timeout: 60_000,
  });
  await expect(claim.getByRole("button", { name: "Approve" })).toHaveCount(0);
  await waitForMail(email, /replacement/i);
  const outbox = (await (await page.request.get("/api/admin/outbox")).json()) as {
    mail: Array<{ kind: string; to_address: string }>;
  };
  expect(outbox.mail.filter((m) => m.kind === "claim-approved" && m.to_address === email)).toHaveLength(1);
});

test("store credit from an approved claim is taken off the next checkout once the buyer has an account, and the order says so", async ({
  page,
  browser,
}) => {
  const email = `credit-${crypto.randomBytes(4).toString("hex")}@example.com`;
  const forwarded = { "X-Forwarded-For": `198.18.${Math.floor(Math.random() * 250) + 1}.11` };
  const { order, orderUrl } = await deliveredOrder(
    page,
    { email, name: "Cal Credit", quantity: 2, tracking: "9400CLAIM3" },
    forwarded,
  );
  const token = new URL(orderUrl, "http://x").searchParams.get("token")!;
  const form = new FormData();
  form.set("lines", JSON.stringify([{ lineIndex: 0, quantity: 1 }]));
  form.set("remedy", "credit");
  form.append("photos", new Blob([PNG], { type: "image/png" }), "dead.png");
  const filed = await page.request.post(`/api/orders/${order.id}/claims?token=${encodeURIComponent(token)}`, {
    multipart: form,
    headers: forwarded,
  });
  expect(filed.status()).toBe(201);
  const { claim } = (await filed.json()) as { claim: { id: string; amountCents: number } };
  const approved = await page.request.post(`/api/admin/claims/${claim.id}`, {
    data: { action: "approve", remedy: "credit" },
  });
  expect(approved.ok()).toBe(true);
  const credit = `$${(claim.amountCents / 100).toFixed(2)}`;

  // The buyer makes an account with that address (confirming it), then shops again on a phone.
  const context = await browser.newContext({ viewport: PHONE, extraHTTPHeaders: forwarded });
  const buyer = await context.newPage();
  await signUp(buyer, { email, password: "credit-buyer-2026!" });
  await addToCart(buyer, "/product/refugium-starter-kit");
  const quoted = buyer.waitForResponse((r) => r.url().endsWith("/api/cart/quote"));
  await buyer.goto("/checkout");
  const quote = (await (await quoted).json()) as { total: number; storeCredit: number; toPay: number };
  expect(Math.round(quote.storeCredit * 100)).toBe(claim.amountCents);
  expect(Math.round(quote.toPay * 100)).toBe(Math.round(quote.total * 100) - claim.amountCents);
  await buyer.locator(".summary-bar > summary").click();
  await expect(buyer.getByTestId("summary-store-credit")).toHaveText(`−${credit}`);
  const toPay = `$${quote.toPay.toFixed(2)}`;
  await expect(buyer.getByTestId("server-total")).toHaveText(toPay);
  const pay = buyer.getByRole("button", { name: `Pay ${toPay}` });
  await expect(pay).toBeVisible();
  await expectAccessible(buyer);
  await fillCheckout(buyer, { email, name: "Cal Credit" });
  await pay.click();
  await expect(buyer).toHaveURL(/\/order-confirmation\?order=/);
  await expect(buyer.getByTestId("summary-store-credit")).toHaveText(`−${credit}`);
  await expect(buyer.getByTestId("order-total")).toHaveText(toPay);
  await context.close();
});
