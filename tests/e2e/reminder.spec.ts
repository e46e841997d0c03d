import { execFile } from "node:child_process";
import fs from "node:fs";
import { promisify } from "node:util";
import { startServer, tempDataDir, type ServerProcess } from "../reliability/server-process";
import { expect, PLACE_ORDER, slowPhone, test } from "./fixtures";
import { fillCheckout } from "./journeys";

/*
 * The one abandoned-checkout reminder (issue 36, decision 045) on the slow phone at 390 px: the
 * buyer ticks the box, the card is declined and the checkout runs out, the reminder is in the
 * outbox, and its link puts the cart back on another phone at the price of the moment. The shop
 * is its own (a one-minute reservation, no delay before the reminder, a changed price), so no
 * other journey meets them.
 */
test.setTimeout(240_000);

const OWNER = { email: "reminder-owner@example.com", password: "Reminder-owner-123" };
const BUYER = `forgetful-${Date.now().toString(36)}@example.com`;
let shop: ServerProcess;
let dataDir: string;

test.beforeAll(async () => {
  dataDir = tempDataDir("lr-e2e-reminder-");
  await promisify(execFile)(
    process.execPath,
    ["--import", "tsx", "scripts/create-admin.ts", "--email", OWNER.email, "--password", OWNER.password],
    { env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn" } },
  );
  shop = await startServer({
    DATA_DIR: dataDir,
    RESERVATION_MINUTES: "1",
    RESERVATION_START_MINUTES: "1",
    REMINDER_DELAY_MINUTES: "0",
    WORKER_INTERVAL_MS: "250",
  });
});
test.afterAll(async () => {
  if (shop?.proc.exitCode === null) {
    shop.proc.kill("SIGTERM");
    await shop.exited;
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

test("ticked, declined, expired: the reminder's link restores the cart at today's price on the slow phone", async ({
  page,
  browser,
  playwright,
}) => {
  const baseURL = shop.url;
  await page.setViewportSize({ width: 390, height: 844 });
  await slowPhone(page);
  await page.goto(`${baseURL}/product/premium-chaeto`);
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByText(/^Added \d+ ×/).first()).toBeVisible({ timeout: 60_000 });
  await page.goto(`${baseURL}/checkout`);
  const consent = page.getByLabel("Email me if my checkout doesn't go through");
  await expect(consent).not.toBeChecked();
  await fillCheckout(page, { card: "4000000000000002", email: BUYER });
  await consent.check();
  await page.getByRole("button", { name: PLACE_ORDER }).click();
  await expect(page.getByRole("alert").filter({ hasText: /declined/i })).toBeVisible({ timeout: 60_000 });

  // The owner meanwhile raises the price; the checkout runs out and its reminder is queued.
  const owner = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  expect((await owner.post("/api/auth/sign-in/email", { data: OWNER })).status()).toBe(200);
  expect((await owner.patch("/api/admin/products/premium-chaeto", { data: { price: 31.5 } })).status()).toBe(200);
  let mailId: number | undefined;
  await expect
    .poll(
      async () => {
        const { mail } = (await (await owner.get("/api/admin/outbox")).json()) as {
          mail: { id: number; kind: string; to_address: string }[];
        };
        mailId = mail.find((m) => m.kind === "checkout-reminder" && m.to_address === BUYER)?.id;
        return mailId;
      },
      { timeout: 150_000, intervals: [1000] },
    )
    .toBeDefined();
  // The mail as the back office shows it: its link is the one the buyer gets.
  const shown = await (await owner.get(`/admin/outbox/${mailId}?view=text`)).text();
  const link = /\/cart\/restore\?order=[0-9a-f-]+(?:&amp;|&)sig=[A-Za-z0-9_-]{43}/.exec(shown)?.[0];
  expect(link).toBeDefined();

  // Another phone, slow too, with an empty cart: the link puts the chaeto back at $31.50.
  const other = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phone = await other.newPage();
  await slowPhone(phone);
  await phone.goto(`${baseURL}${link!.replace("&amp;", "&")}`);
  await expect(phone.getByRole("heading", { name: "Your cart is back" })).toBeVisible({ timeout: 60_000 });
  await expect(phone.getByTestId("restored-lines")).toContainText("$31.50 each");
  await expect(phone.getByTestId("cart-count")).toHaveText("1", { timeout: 60_000 });
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await other.close();
  await owner.dispose();
});
