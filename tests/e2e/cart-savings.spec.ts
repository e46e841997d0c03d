import { expect, test, visit } from "./fixtures";
import { E2E_ADMIN } from "./mailbox";

test("a lowered product keeps its saving in the cart, and the checkout summary says what a combo holds", async ({
  page,
  playwright,
  baseURL,
}) => {
  // The owner lowers a price through the back office's API (a second session, not the shopper's).
  const owner = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL! } });
  const signIn = await owner.post("/api/auth/sign-in/email", {
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
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
  try {
    await visit(page, "/product/chaeto-coral-food-combo");
    await expect(page.getByTestId("reference-price").first()).toHaveText(`Was ${dollars(was)}`);
    await page.getByRole("button", { name: "Add to cart" }).click();
    await expect(page.getByTestId("cart-count")).toHaveText("1");

    await page.goto("/products");
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

    await page.goto("/checkout");
    const summary = page.getByTestId("server-quote");
    const combo = summary.getByTestId("summary-line").filter({ hasText: "Custom combo" });
    await expect(combo.getByTestId("summary-line-contents")).toHaveText(
      "Premium Chaeto (Chaetomorpha) + Refugium Starter Kit",
    );
  } finally {
    // Back to its price for every other journey (a rise clears the reference).
    await owner.patch("/api/admin/products/chaeto-coral-food-combo", { data: { price: was / 100 } });
    await owner.dispose();
  }
});
