import { expect, expectAccessible, slowPhone, test } from "./fixtures";
import { signInAsAdmin } from "./journeys";
import { E2E_ADMIN, firstLink, waitForMail } from "./mailbox";
import type { APIRequestContext } from "@playwright/test";

/*
 * "Email me when it's back" (issue 36, decision 042): on a sold-out item the plain form works
 * with JavaScript off and on the slow phone of issue 18, errors sit next to the field, and the
 * restock mails the people waiting; the joined mail's "remove me" link takes one off.
 * The Reef Care Bundle is sold out for the length of this journey only and restocked after.
 */
test.setTimeout(120_000);
test.describe.configure({ mode: "serial" });

const ITEM = "reef-care-bundle";
const run = Date.now().toString(36);
const address = (who: string) => `${who}-${run}@example.com`;

async function setStock(request: APIRequestContext, baseURL: string, quantity: number) {
  const headers = { Origin: baseURL };
  const signIn = await request.post("/api/auth/sign-in/email", {
    headers,
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  expect(signIn.status()).toBe(200);
  const res = await request.patch(`/api/admin/products/${ITEM}`, {
    headers,
    data: { quantity, stockReason: `e2e: waitlist journey (${quantity})` },
  });
  expect(res.status()).toBe(200);
}

test("waitlist: JavaScript off at 390 px, the slow phone, 1440 px; the restock mails them", async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  const admin = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { "X-Forwarded-For": "198.19.36.1" },
  });
  // Warm the server up before the item is sold out, so the sold-out window stays short.
  expect((await page.request.get(`/product/${ITEM}`)).ok()).toBe(true);
  await setStock(admin, baseURL!, 0);
  try {
    // 1. JavaScript off, 390 px: a wrong address is answered next to the field, then accepted.
    const noJs = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
      extraHTTPHeaders: { "X-Forwarded-For": "198.19.36.2" },
    });
    const plain = await noJs.newPage();
    await plain.goto(`/product/${ITEM}`);
    await expect(plain.getByRole("heading", { name: "Email me when it's back" })).toBeVisible();
    await expect(plain.getByText(/Boxes leave on ship days; the next is \w{3}, \w{3} \d+\./)).toBeVisible();
    await plain.getByLabel("Your email").fill("a@b");
    await plain.getByRole("button", { name: "Email me when it's back" }).click();
    const field = plain.getByLabel("Your email");
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(plain.locator("#waitlist-email-error")).toHaveText(/valid email address/);
    await expect(field).toHaveValue("a@b");
    await field.fill(address("early"));
    await plain.getByRole("button", { name: "Email me when it's back" }).click();
    await expect(plain.getByRole("status")).toHaveText(/You're on the list/);
    // The form's box fits the phone: no sideways scrolling.
    expect(await plain.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await noJs.close();

    // 2. The slow phone: typed and sent as soon as the form shows, before the page's code runs.
    await page.setViewportSize({ width: 390, height: 844 });
    await slowPhone(page);
    await page.goto(`/product/${ITEM}`, { waitUntil: "commit" });
    await page.getByLabel("Your email").fill(address("slow"));
    await page.getByRole("button", { name: "Email me when it's back" }).click();
    await expect(page.getByRole("status").filter({ hasText: "You're on the list" })).toBeVisible({ timeout: 60_000 });

    // 3. 1440 px with JavaScript: accessible, and a third address that will change its mind.
    const wide = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      extraHTTPHeaders: { "X-Forwarded-For": "198.19.36.3" },
    });
    const desk = await wide.newPage();
    await desk.goto(`/product/${ITEM}`);
    await desk.waitForLoadState("networkidle");
    await expectAccessible(desk);
    await desk.getByLabel("Your email").fill(address("leaver"));
    await desk.getByRole("button", { name: "Email me when it's back" }).click();
    await expect(desk.getByRole("status").filter({ hasText: "You're on the list" })).toBeVisible();
    await expectAccessible(desk);
    const joined = await waitForMail(address("leaver"), /on the waitlist/);
    await desk.goto(firstLink(joined, "/api/waitlist/remove"));
    await expect(desk.getByRole("heading", { name: "You're off that waitlist" })).toBeVisible();
    await wide.close();
  } finally {
    await setStock(admin, baseURL!, 50);
    await admin.dispose();
  }

  // The restock: both who stayed are mailed, with the link and how many are left.
  for (const who of ["early", "slow"]) {
    const mail = await waitForMail(address(who), /Subject: Reef Care Bundle is back in stock/, 30_000);
    expect(mail).toContain(`/product/${ITEM}`);
    expect(mail).toMatch(/50 left/);
  }
  await expect(waitForMail(address("leaver"), /Subject: Reef Care Bundle is back in stock/, 3_000)).rejects.toThrow();

  // The back office: how many were told for the item, and who, when.
  const office = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    extraHTTPHeaders: { "X-Forwarded-For": "198.19.36.4" },
  });
  const owner = await office.newPage();
  await signInAsAdmin(owner, "/admin/waitlist");
  await expect(owner.getByRole("heading", { name: "Waitlists", level: 1 })).toBeVisible();
  await expect(owner.getByTestId(`waitlist-${ITEM}`)).toContainText("Reef Care Bundle");
  await expect(owner.getByRole("cell", { name: address("early") })).toBeVisible();
  await expect(owner.getByRole("cell", { name: address("slow") })).toBeVisible();
  await expectAccessible(owner);
  await office.close();
});
