import crypto from "node:crypto";
import fs from "node:fs";
import { expect, expectAccessible, test } from "./fixtures";
import { signInAsAdmin } from "./journeys";
import { waitForMail } from "./mailbox";
import type { APIRequestContext, Page } from "@playwright/test";

const SHOTS = "/tmp/shots-owner";
const PRODUCT = "refugium-starter-kit";
const PRICE_CENTS = 8999;

// Both runs mark the same product and put it back: one after the other.
test.describe.configure({ mode: "serial", timeout: 240_000 });

/** The product's card in the catalogue editor, its subscription fields set and saved. */
async function offerOnSubscription(page: Page, percent: number | null) {
  const card = page.getByTestId(`catalogue-${PRODUCT}`);
  const box = card.getByLabel("Offer on subscription");
  if (percent === null) await box.uncheck();
  else {
    await box.check();
    await card.getByLabel("Subscription saving (%)").fill(String(percent));
  }
  await card.getByRole("button", { name: "Save" }).click();
  await expect(card.getByText("Saved.")).toBeVisible();
  await expect(card.getByText(percent === null ? "Not offered on a schedule" : `at ${percent} % off`)).toBeVisible();
}

/** A subscription started by an ordinary checkout through the API (the storefront's own journey is elsewhere). */
async function subscribe(request: APIRequestContext, email: string, everyWeeks: number) {
  return request.post("/api/checkout", {
    headers: {
      "Idempotency-Key": crypto.randomUUID(),
      "X-Forwarded-For": `198.18.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}`,
    },
    data: {
      items: [{ kind: "product", id: PRODUCT, quantity: 1, subscribeEveryWeeks: everyWeeks }],
      customer: { email, name: `Owner Test ${everyWeeks}` },
      shippingAddress: { line1: "4 Reef Row", city: "Tampa", state: "FL", postalCode: "33602", country: "US" },
      payment: { card: { number: "4242424242424242", expMonth: 12, expYear: 2034, cvc: "123" } },
    },
  });
}

for (const { width, percent, everyWeeks } of [
  { width: 1440, percent: 20, everyWeeks: 4 },
  { width: 390, percent: 15, everyWeeks: 3 },
]) {
  test(`at ${width} px the owner offers a product on subscription and pauses a subscriber, who is mailed`, async ({
    page,
  }) => {
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.setViewportSize({ width, height: 900 });
    const email = `owner-sub-${width}-${crypto.randomBytes(3).toString("hex")}@example.com`;
    // Not offered yet: a schedule on it is refused.
    expect((await subscribe(page.request, email, everyWeeks)).status()).toBe(400);

    await signInAsAdmin(page, "/admin/catalogue");
    await expect(page.getByRole("heading", { name: "Catalogue", level: 1 })).toBeVisible();
    await page.waitForLoadState("load");
    await offerOnSubscription(page, percent);
    await page.getByTestId(`catalogue-${PRODUCT}`).screenshot({ path: `${SHOTS}/catalogue-${width}.png` });

    // The checkout follows at once, at the owner's saving.
    const started = await subscribe(page.request, email, everyWeeks);
    expect(started.status(), await started.text()).toBe(201);
    const { order } = (await started.json()) as { order: { lines: Array<{ unitPrice: number }> } };
    const saving = Math.floor((PRICE_CENTS * percent + 50) / 100);
    expect(order.lines[0]!.unitPrice).toBe((PRICE_CENTS - saving) / 100);

    await page.goto("/admin/subscriptions?status=active");
    await expect(page.getByRole("heading", { name: "Subscriptions", level: 1 })).toBeVisible();
    const row = page.getByTestId("subscriptions").getByRole("row").filter({ hasText: email });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("1 × Refugium Starter Kit");
    await expect(page.getByTestId("renewal-weeks")).toContainText("Refugium Starter Kit");
    await expect(page.getByTestId("renewal-revenue")).toContainText("All time");
    // Nothing on the page scrolls sideways; the table may, inside its card.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/subscriptions-${width}.png`, fullPage: true });

    const pause = row.getByRole("button", { name: /^Pause the subscription of/ });
    await pause.scrollIntoViewIfNeeded();
    await pause.click();
    await expect(page.getByText(`Paused the subscription of ${email}; we mailed them to say so.`)).toBeVisible();
    await expect(page.getByTestId("subscriptions").getByRole("row").filter({ hasText: email })).toHaveCount(0);
    await page
      .getByRole("navigation", { name: "Subscriptions by status" })
      .getByRole("link", { name: /^Paused/ })
      .click();
    await expect(page).toHaveURL(/status=paused/);
    const paused = page.getByTestId("subscriptions").getByRole("row").filter({ hasText: email });
    await expect(paused).toContainText("paused by you");
    await expect(paused.getByRole("button", { name: /^Resume the subscription of/ })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/paused-${width}.png`, fullPage: true });
    expect(await waitForMail(email, /We paused your subscription/)).toBeTruthy();

    // Put the catalogue back as it was for the other journeys.
    await page.goto("/admin/catalogue");
    await page.waitForLoadState("load");
    await offerOnSubscription(page, null);
    expect((await subscribe(page.request, `again-${email}`, everyWeeks)).status()).toBe(400);
  });
}
