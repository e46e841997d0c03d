import { execFile } from "node:child_process";
import fs from "node:fs";
import { promisify } from "node:util";
import { startServer, tempDataDir, type ServerProcess } from "../reliability/server-process";
import { expect, test, visit } from "./fixtures";

/**
 * Lowering a price changes what every other journey would see (totals, bundles' reference prices):
 * this journey runs on a shop of its own, its own server and database, so no other test running
 * meanwhile meets the lowered price.
 */
const OWNER = { email: "savings-owner@example.com", password: "Savings-owner-123" };
let shop: ServerProcess;
let dataDir: string;

test.beforeAll(async () => {
  dataDir = tempDataDir("lr-e2e-savings-");
  await promisify(execFile)(
    process.execPath,
    ["--import", "tsx", "scripts/create-admin.ts", "--email", OWNER.email, "--password", OWNER.password],
    { env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn" } },
  );
  shop = await startServer({ DATA_DIR: dataDir });
});
test.afterAll(async () => {
  if (shop?.proc.exitCode === null) {
    shop.proc.kill("SIGTERM");
    await shop.exited;
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

test("a lowered product keeps its saving in the cart, and the checkout summary says what a combo holds", async ({
  page,
  playwright,
  baseURL: sharedURL,
}) => {
  const baseURL = shop.url;
  // The owner lowers a price through the back office's API (a second session, not the shopper's).
  const owner = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  const signIn = await owner.post("/api/auth/sign-in/email", { data: OWNER });
  expect(signIn.status()).toBe(200);
  const { product } = (await (await owner.get("/api/products/chaeto-coral-food-combo")).json()) as {
    product: { price: number };
  };
  const was = Math.round(product.price * 100);
  const now = was - 500;
  const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
  expect(
    (await owner.patch("/api/admin/products/chaeto-coral-food-combo", { data: { price: now / 100 } })).status(),
  ).toBe(200);
  await visit(page, `${baseURL}/product/chaeto-coral-food-combo`);
  await expect(page.getByTestId("reference-price").first()).toHaveText(`Was ${dollars(was)}`);
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByTestId("cart-count")).toHaveText("1");

  await page.goto(`${baseURL}/products`);
  const builder = page.getByTestId("combo-builder");
  await builder.getByLabel(/Premium Chaeto/).check();
  await builder.getByLabel(/Refugium Starter Kit/).check();
  await builder.getByRole("button", { name: "Add combo to cart" }).click();
  await expect(page.getByTestId("cart-count")).toHaveText("2");

  await page.getByRole("button", { name: /Open cart/ }).click();
  const dialog = page.getByRole("dialog", { name: "Your cart" });
  const line = dialog.getByTestId("cart-line").filter({ hasText: "Chaeto + Coral Food Combo" }).first();
  await expect(line).toContainText(`was ${dollars(was)}`);
  await expect(line.getByTestId("line-saving")).toHaveText("You save $5.00");

  await page.goto(`${baseURL}/checkout`);
  const summary = page.getByTestId("server-quote");
  const combo = summary.getByTestId("summary-line").filter({ hasText: "Custom combo" });
  await expect(combo.getByTestId("summary-line-contents")).toHaveText(
    "Premium Chaeto (Chaetomorpha) + Refugium Starter Kit",
  );
  await owner.dispose();
  // The shop every other journey uses never saw the change.
  const shared = (await (await fetch(`${sharedURL}/api/products/chaeto-coral-food-combo`)).json()) as {
    product: { price: number };
  };
  expect(Math.round(shared.product.price * 100)).toBe(was);
});
