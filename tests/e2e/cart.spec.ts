import { expect, expectAccessible, test, visit } from "./fixtures";

test("add products and a bundle, change quantities, build a 3-product combo, survive a reload", async ({ page }) => {
  await visit(page, "/product/premium-chaeto");
  await page.getByRole("button", { name: "Increase quantity" }).click();
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByTestId("cart-count")).toHaveText("2");

  await page.goto("/product/lazy-starter");
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByTestId("cart-count")).toHaveText("3");

  await page.goto("/products");
  const builder = page.getByTestId("combo-builder");
  await builder.getByLabel(/Premium Chaeto/).check();
  await expect(builder.getByRole("button", { name: "Pick 1 more" })).toBeDisabled();
  await builder.getByLabel(/Reef Care Bundle/).check();
  await expect(builder.getByTestId("combo-discount")).toHaveText("20% off");
  await builder.getByLabel(/Refugium Starter Kit/).check();
  await expect(builder.getByTestId("combo-discount")).toHaveText("30% off");
  const comboPrice = Math.round((2499 + 4999 + 8999) * 0.7) / 100;
  await expect(builder.getByTestId("combo-price")).toHaveText(`$${comboPrice.toFixed(2)}`);
  await builder.getByRole("button", { name: "Add combo to cart" }).click();
  await expect(page.getByTestId("cart-count")).toHaveText("4");

  await page.getByRole("button", { name: /Open cart/ }).click();
  const dialog = page.getByRole("dialog", { name: "Your cart" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId("cart-line")).toHaveCount(3);
  await expect(dialog.getByText("30% off")).toBeVisible();
  const expectedTotal = (2 * 2499 + 7995 + Math.round((2499 + 4999 + 8999) * 0.7)) / 100;
  await expect(dialog.getByTestId("cart-total")).toHaveText(`$${expectedTotal.toFixed(2)}`);
  await expectAccessible(page);

  await dialog.getByRole("button", { name: "Increase quantity of Premium Chaeto (Chaetomorpha)", exact: true }).click();
  await expect(page.getByTestId("cart-count")).toHaveText("5");

  await page.reload();
  await page.waitForLoadState("networkidle");
  await expect(page.getByTestId("cart-count")).toHaveText("5");
  await page.getByRole("button", { name: /Open cart/ }).click();
  await expect(page.getByRole("dialog").getByTestId("cart-total")).toHaveText(`$${(expectedTotal + 24.99).toFixed(2)}`);
});

test("the browser's totals match the server's quote for the same cart", async ({ page, request }) => {
  await visit(page, "/product/refugium-starter-kit");
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  await page.goto("/product/chaeto-coral-food-combo");
  await page.getByRole("button", { name: "Increase quantity" }).click();
  await page.getByRole("button", { name: "Add to cart" }).click();
  await page.getByRole("button", { name: /Open cart/ }).click();
  const shown = await page.getByRole("dialog").getByTestId("cart-total").textContent();
  const stored = await page.evaluate(() => ({
    lines: JSON.parse(localStorage.getItem("lazyReefer.cart") ?? "[]"),
    combos: JSON.parse(localStorage.getItem("lazyReefer.combos") ?? "[]"),
  }));
  const res = await request.post("/api/cart/quote", { data: { items: stored.lines } });
  const quote = await res.json();
  expect(shown).toBe(`$${quote.total.toFixed(2)}`);
});

test("a corrupt stored cart is logged and the page starts with an empty, working cart", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(msg.text());
  });
  await page.goto("/");
  // Corrupt the stored cart only once the page has hydrated and saved its own (empty) cart:
  // done earlier, that first save would overwrite the corruption (seen on a busy machine).
  await page.waitForFunction(() => localStorage.getItem("lazyReefer.combos") !== null);
  await page.evaluate(() => {
    localStorage.setItem("lazyReefer.cart", "{not json");
    localStorage.setItem("lazyReefer.combos", "[[[");
  });
  await page.reload();
  // The cart is read in an effect after hydration: wait for the log line.
  await expect.poll(() => errors.some((e) => e.includes("Unreadable cart in localStorage"))).toBe(true);
  await expect(page.getByTestId("cart-count")).toHaveCount(0);
  await page.goto("/product/premium-chaeto");
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByTestId("cart-count")).toHaveText("1");
});

test("the cart panel works by keyboard alone: open, step, remove with undo, Escape", async ({ page }) => {
  await visit(page, "/product/premium-chaeto");
  await page.getByRole("button", { name: "Add to cart" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("cart-count")).toHaveText("1");

  await page.getByRole("button", { name: /Open cart/ }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Your cart" });
  await expect(dialog).toBeVisible();
  // Focus is trapped inside the dialog.
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press("Tab");
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await dialog.getByRole("button", { name: /Increase quantity/ }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("cart-count")).toHaveText("2");
  await dialog.getByRole("button", { name: /^Remove/ }).focus();
  await page.keyboard.press("Enter");
  await expect(dialog.getByTestId("cart-empty")).toBeVisible();
  await dialog.getByRole("button", { name: "Undo" }).focus();
  await page.keyboard.press("Enter");
  await expect(dialog.getByTestId("cart-line")).toHaveCount(1);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});

test("the ended special cannot be added; adding reports to gtag when present", async ({ page }) => {
  await page.addInitScript(() => {
    (window as unknown as { events: unknown[] }).events = [];
    (window as unknown as { gtag: (...a: unknown[]) => void }).gtag = (...args: unknown[]) =>
      (window as unknown as { events: unknown[] }).events.push(args);
  });
  await visit(page, "/product/october-special");
  await expect(page.getByText("This offer has ended")).toBeVisible();
  await expect(page.getByRole("button", { name: "Add to cart" })).toHaveCount(0);

  await page.goto("/product/premium-chaeto");
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  const events = await page.evaluate(() => (window as unknown as { events: unknown[][] }).events);
  expect(events).toEqual([
    [
      "event",
      "add_to_cart",
      expect.objectContaining({
        items: [expect.objectContaining({ item_name: "Premium Chaeto (Chaetomorpha)", price: 24.99 })],
      }),
    ],
  ]);
});

test("a change in one tab shows in the other tab's cart", async ({ page }) => {
  await visit(page, "/product/premium-chaeto");
  const other = await page.context().newPage();
  await other.goto("/products");
  await expect(other.getByTestId("cart-count")).toHaveCount(0);
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  await expect(other.getByTestId("cart-count")).toHaveText("1");
  await page.getByRole("button", { name: "Increase quantity" }).click();
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(other.getByTestId("cart-count")).toHaveText("3");
});

test("a toast never covers the cart panel's title, close or Checkout button, and offers no 'View cart' while the cart is open", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await visit(page, "/product/premium-chaeto");
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  await page.goto("/product/reef-care-bundle");
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByTestId("cart-count")).toHaveText("2");
  // The "Added" toast offers the cart; once the cart is open it has nothing left to offer.
  await expect(page.getByRole("button", { name: "View cart" })).toBeVisible();
  await page.getByRole("button", { name: /Open cart/ }).click();
  const dialog = page.getByRole("dialog", { name: "Your cart" });
  await expect(dialog).toBeVisible();
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
  // Removing a line shows an "undo" toast while the panel is open.
  await dialog
    .getByRole("button", { name: /^Remove/ })
    .first()
    .click();
  const checkout = dialog.getByRole("link", { name: /Checkout/ });
  await expect(checkout).toBeVisible();
  const toast = page.locator("[data-sonner-toast]").first();
  await expect(toast).toBeVisible();
  // Wait for the toast to settle where it stays (it slides in).
  let lastY: number | undefined;
  await expect
    .poll(async () => {
      const y = (await toast.boundingBox())?.y;
      const settled = y !== undefined && y === lastY;
      lastY = y;
      return settled;
    })
    .toBe(true);
  const a = (await toast.boundingBox())!;
  for (const [name, part] of [
    ["Checkout button", checkout],
    ["title", dialog.getByRole("heading", { name: "Your cart" })],
    ["close button", dialog.getByRole("button", { name: "Close cart" })],
  ] as const) {
    const b = (await part.boundingBox())!;
    const overlaps = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    expect(overlaps, `a toast covers the panel's ${name}`).toBe(false);
  }
  await expect(page.getByRole("button", { name: "View cart" })).toHaveCount(0);
});
