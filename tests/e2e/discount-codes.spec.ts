import { expect, expectAccessible, slowPhone, test } from "./fixtures";
import { fillCheckout } from "./journeys";
import { E2E_ADMIN } from "./mailbox";
import type { Page } from "@playwright/test";

/*
 * Discount codes at checkout (issue 36, decision 043): "Add a code" is a plain form, so a code
 * typed on the slow phone before the page's JavaScript has run counts, and it works with
 * JavaScript off; the summary, the order and its confirmation show the "Code …" line.
 * Every wait is on something the page shows.
 */
test.setTimeout(120_000);

const run = Date.now().toString(36).toUpperCase();

async function createCode(page: Page, baseURL: string, body: Record<string, unknown>) {
  const request = page.context().request;
  const headers = { Origin: baseURL };
  const signIn = await request.post("/api/auth/sign-in/email", {
    headers,
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  expect(signIn.status()).toBe(200);
  const res = await request.post("/api/admin/discount-codes", { headers, data: body });
  expect(res.status(), await res.text()).toBe(201);
  // Shop as a shopper: the owner's session stays out of the checkout.
  await page.context().clearCookies();
}

const isHydrated = (page: Page) => page.evaluate(() => (window as { __lrHydrated?: boolean }).__lrHydrated === true);

test("slow phone at 390 px: a code typed before the page is ready is applied, and the order keeps it", async ({
  page,
  baseURL,
}) => {
  const code = `SLOW${run}`;
  await createCode(page, baseURL!, { code, percentOff: 20 });
  for (const path of ["/product/premium-chaeto", "/checkout"]) expect((await page.request.get(path)).ok()).toBe(true);
  await page.setViewportSize({ width: 390, height: 844 });
  await slowPhone(page);

  await page.goto("/product/premium-chaeto", { waitUntil: "commit" });
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByTestId("cart-count")).toHaveText("1", { timeout: 60_000 });

  // The code, typed and sent in lower case as soon as the field shows.
  await page.goto("/checkout", { waitUntil: "commit" });
  await page.getByLabel("Discount code").fill(code.toLowerCase());
  expect(await isHydrated(page), "typed before the page was ready").toBe(false);
  await page.getByRole("button", { name: "Apply code" }).click();
  await expect(page.getByText(`Code ${code} added`)).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId("code-applied")).toContainText("20 % off full-price goods");

  // The shop's summary takes 20 % off the $24.99 chaeto: $5.00, so the button asks for $19.99.
  const pay = page.getByRole("button", { name: "Pay $19.99" });
  await expect(pay).toBeVisible({ timeout: 60_000 });
  await page.locator(".summary-bar > summary").click();
  await expect(page.getByTestId("summary-code")).toHaveText("−$5.00");
  await expect(page.getByText(`Code ${code}`, { exact: true })).toBeVisible();
  await expectAccessible(page);

  await fillCheckout(page, { email: `slow-code-${run.toLowerCase()}@example.com` });
  await pay.click();
  await expect(page).toHaveURL(/\/order-confirmation/, { timeout: 60_000 });
  await expect(page.getByTestId("order-total")).toHaveText("$19.99");
  await expect(page.getByTestId("summary-code")).toHaveText("−$5.00");
  await expect(page.getByText(`Code ${code}`, { exact: true })).toBeVisible();
});

test("JavaScript off at 390 px: a wrong code is answered beside the field, a good one added, then removed", async ({
  browser,
  page,
  baseURL,
}) => {
  const code = `PLAIN${run}`;
  await createCode(page, baseURL!, { code, amountOff: 5, minSubtotal: 20 });
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
    extraHTTPHeaders: { "X-Forwarded-For": "198.19.43.2" },
  });
  try {
    const plain = await context.newPage();
    await plain.goto("/checkout");
    await expect(plain.getByRole("heading", { name: "Add a code" })).toBeVisible();

    await plain.getByLabel("Discount code").fill("nosuch-code");
    await plain.getByRole("button", { name: "Apply code" }).click();
    const field = plain.getByLabel("Discount code");
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(plain.getByText("There is no code NOSUCH-CODE: check the spelling.")).toBeVisible();
    // What was typed is still there to correct.
    await expect(field).toHaveValue("nosuch-code");

    await field.fill(code.toLowerCase());
    await plain.getByRole("button", { name: "Apply code" }).click();
    await expect(plain.getByText(`Code ${code} added`)).toBeVisible();
    await expect(plain.getByTestId("code-applied")).toContainText("$5.00 off full-price goods");

    // Kept across a visit: the page shows it again, with a way to take it off.
    await plain.goto("/checkout");
    await expect(plain.getByTestId("code-applied")).toContainText(code);
    await plain.getByRole("button", { name: "Remove code" }).click();
    await expect(plain.getByText("Code removed.")).toBeVisible();
    await plain.goto("/checkout");
    await expect(plain.getByRole("heading", { name: "Add a code" })).toBeVisible();
  } finally {
    await context.close();
  }
});
