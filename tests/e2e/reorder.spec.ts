import { execFile } from "node:child_process";
import fs from "node:fs";
import { promisify } from "node:util";
import { startServer, tempDataDir, type ServerProcess } from "../reliability/server-process";
import { expect, slowPhone, test } from "./fixtures";
import type { APIRequestContext } from "@playwright/test";

/*
 * The coral-food reorder reminder (issue 37, decision 048) on the slow phone at 390 px. The shop is
 * its own, on an injected clock: on 2 Oct a reefer ticks the box on their 75 gal tank and buys a
 * jar of Kings Feast; the shop restarts on 13 Nov, a week before the jar runs out, and its worker
 * queues the one reminder; the owner raises the price; the mail's link fills the cart at it.
 */
test.setTimeout(120_000);
// The second step reads what the first one bought, on the same shop.
test.describe.configure({ mode: "serial" });

const OWNER = { email: "reorder-owner@example.com", password: "Reorder-owner-123" };
const REEFER = {
  email: `reefer-${Date.now().toString(36)}@example.com`,
  password: "Reefer-pass-123",
  name: "Rae",
};
const ADDRESS = { line1: "12 Coral Way", city: "Tampa", state: "FL", postalCode: "33602", country: "US" };
let shop: ServerProcess;
let dataDir: string;
let tankId: string;

async function stop(server: ServerProcess | undefined) {
  if (server?.proc.exitCode === null) {
    server.proc.kill("SIGTERM");
    await server.exited;
  }
}
const start = (clock: string) =>
  startServer({ DATA_DIR: dataDir, CLOCK_NOW: clock, WORKER_INTERVAL_MS: "250", RATE_LIMITS: "off" });
async function signedIn(request: { newContext: (o: object) => Promise<APIRequestContext> }, base: string) {
  return request.newContext({ baseURL: base, extraHTTPHeaders: { Origin: base } });
}

test.beforeAll(async ({ playwright }) => {
  dataDir = tempDataDir("lr-e2e-reorder-");
  await promisify(execFile)(
    process.execPath,
    ["--import", "tsx", "scripts/create-admin.ts", "--email", OWNER.email, "--password", OWNER.password],
    { env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn" } },
  );
  shop = await start("2026-10-02T15:00:00Z");
  const reefer = await signedIn(playwright.request, shop.url);
  expect((await reefer.post("/api/auth/sign-up/email", { data: REEFER })).status()).toBe(200);
  expect(
    (
      await reefer.post("/api/auth/sign-in/email", { data: { email: REEFER.email, password: REEFER.password } })
    ).status(),
  ).toBe(200);
  const tank = await reefer.post("/api/tanks", { data: { name: "Living room", displayVolume: 75, volumeUnit: "gal" } });
  expect(tank.status()).toBe(201);
  tankId = ((await tank.json()) as { tank: { id: string } }).tank.id;
  // The storage state carries the session to the phone's browser context.
  fs.writeFileSync(`${dataDir}/reefer.json`, JSON.stringify(await reefer.storageState()));
  await reefer.dispose();
});
test.afterAll(async () => {
  await stop(shop);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

test("on 2 Oct the reefer ticks the box on the phone and buys a jar of Kings Feast", async ({
  browser,
  playwright,
}) => {
  // The reefer ticks the box on the phone: off until ticked, saved by a plain form.
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    storageState: `${dataDir}/reefer.json`,
  });
  const page = await phone.newPage();
  await slowPhone(page);
  await page.goto(`${shop.url}/account/reorder-reminders`);
  const box = page.getByLabel("Mail me a week before my coral food runs out");
  await expect(box).not.toBeChecked();
  await box.check();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("reorder-saved")).toHaveText("Reminder on.");
  await expect(box).toBeChecked();

  // Signed in, one jar of Kings Feast (in the combo) paid on 2 Oct.
  const buyer = await playwright.request.newContext({
    baseURL: shop.url,
    extraHTTPHeaders: { Origin: shop.url },
    storageState: `${dataDir}/reefer.json`,
  });
  const paid = await buyer.post("/api/checkout", {
    headers: { "Idempotency-Key": crypto.randomUUID() },
    data: {
      items: [{ kind: "product", id: "chaeto-coral-food-combo", quantity: 1 }],
      customer: { email: REEFER.email, name: REEFER.name },
      shippingAddress: ADDRESS,
      payment: { card: { number: "4242424242424242", expMonth: 12, expYear: 2034, cvc: "123" } },
    },
  });
  expect(((await paid.json()) as { order: { status: string } }).order.status).toBe("paid");
  await buyer.dispose();
  expect(tankId).toBeTruthy();
  await phone.close();
});

test("a week before it runs out the mail's link shows the food at today's price", async ({ browser, playwright }) => {
  // 13 Nov, a week before the jar runs out (20 Nov): the shop restarts and its worker queues the mail.
  await stop(shop);
  shop = await start("2026-11-13T16:00:00Z");
  const owner = await playwright.request.newContext({ baseURL: shop.url, extraHTTPHeaders: { Origin: shop.url } });
  expect((await owner.post("/api/auth/sign-in/email", { data: OWNER })).status()).toBe(200);
  expect((await owner.patch("/api/admin/products/chaeto-coral-food-combo", { data: { price: 31.5 } })).status()).toBe(
    200,
  );
  let mailId: number | undefined;
  await expect
    .poll(
      async () => {
        const { mail } = (await (await owner.get("/api/admin/outbox")).json()) as {
          mail: { id: number; kind: string; to_address: string }[];
        };
        mailId = mail.find((m) => m.kind === "reorder-reminder" && m.to_address === REEFER.email)?.id;
        return mailId;
      },
      { timeout: 30_000, intervals: [250] },
    )
    .toBeDefined();
  const shown = await (await owner.get(`/admin/outbox/${mailId}?view=text`)).text();
  expect(shown).toContain("runs out about Nov 20");
  const link = /\/cart\/restore\?reorder=[0-9a-f-]+(?:&amp;|&)until=\d+(?:&amp;|&)sig=[A-Za-z0-9_-]{43}/.exec(
    shown,
  )?.[0];
  expect(link).toBeDefined();

  // The link on a phone with an empty cart: the same food at today's $31.50.
  const other = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const reorder = await other.newPage();
  await slowPhone(reorder);
  await reorder.goto(`${shop.url}${link!.replaceAll("&amp;", "&")}`);
  await expect(reorder.getByRole("heading", { name: "Your coral food is in the cart" })).toBeVisible();
  await expect(reorder.getByTestId("restored-lines")).toContainText("Chaeto + Coral Food Combo");
  await expect(reorder.getByTestId("restored-lines")).toContainText("$31.50 each");
  await expect(reorder.getByTestId("cart-count")).toHaveText("1");
  expect(await reorder.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await other.close();
  await owner.dispose();
});
