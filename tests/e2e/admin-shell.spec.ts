import crypto from "node:crypto";
import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, expectAccessible, test } from "./fixtures";
import { signInAsAdmin } from "./journeys";
import type { APIRequestContext, Page } from "@playwright/test";

const SHOTS = process.env.SHOTS_DIR ?? "";
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/**
 * axe on a mail page, leaving out the email in its sandbox="" iframe: no script runs there (axe's
 * included), and the email is the customer's mail, checked as mail, not as a back-office page.
 */
async function expectAccessibleAroundMail(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .exclude('[data-testid="mail-frame"]')
    .analyze();
  const blocking = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

const VIEWPORTS = [
  { name: "desktop", width: 1440, height: 900 },
  { name: "phone", width: 390, height: 844 },
] as const;

const SCREENS = [
  ["Dashboard", "/admin/dashboard", "Dashboard"],
  ["Orders", "/admin/orders", "Orders"],
  ["Abandoned checkouts", "/admin/orders?view=abandoned", "Abandoned checkouts"],
  ["Catalogue", "/admin/catalogue", null],
  ["Shipping", "/admin/shipping", "Shipping"],
  ["Customers", "/admin/customers", null],
  ["Messages", "/admin/messages", null],
  ["Claims", "/admin/claims", "Claims"],
  ["Newsletter", "/admin/newsletter", null],
  ["Waitlists", "/admin/waitlist", "Waitlists"],
  ["Discount codes", "/admin/discount-codes", "Discount codes"],
  ["Subscriptions", "/admin/subscriptions", "Subscriptions"],
  ["Outbox", "/admin/outbox", "Outbox"],
  ["Images", "/admin/images", "Image studio"],
  ["Diagnostics", "/admin/diagnostics", null],
] as const;

/** An order with a kit (Lazy Starter = 3 combos each), a custom combo and a plain product, placed through the API. */
async function placeKitOrder(request: APIRequestContext, email: string) {
  const res = await request.post("/api/checkout", {
    headers: {
      "Idempotency-Key": crypto.randomUUID(),
      "X-Forwarded-For": `198.19.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}`,
    },
    data: {
      items: [
        { kind: "bundle", id: "lazy-starter", quantity: 1 },
        {
          kind: "combo",
          productIds: ["premium-chaeto", "refugium-starter-kit", "chaeto-coral-food-combo"],
          quantity: 1,
        },
        { kind: "product", id: "premium-chaeto", quantity: 2 },
      ],
      customer: { email, name: "Kit Buyer" },
      shippingAddress: { line1: "4 Reef Row", city: "Tampa", state: "FL", postalCode: "33602", country: "US" },
      payment: { card: { number: "4242424242424242", expMonth: 12, expYear: 2034, cvc: "123" } },
    },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { order: { id: string; number: string } }).order;
}

/** The mail frame is as tall as the mail, so its footer is on the page, not cut off inside the frame. */
async function expectFrameFitsMail(page: Page) {
  const frame = page.getByTestId("mail-frame");
  await expect(page.frameLocator('[data-testid="mail-frame"]').locator("body")).toContainText("Questions? Reply");
  await expect
    .poll(() =>
      frame.evaluate((el: HTMLIFrameElement) => {
        const doc = el.contentDocument!.documentElement;
        return el.clientHeight >= doc.scrollHeight && doc.scrollHeight > 200;
      }),
    )
    .toBe(true);
}

/** No storefront header, cart, newsletter footer; the shell's own bar and one current page in the sidebar. */
async function expectBackOfficeChrome(page: Page, current: string) {
  await expect(page.getByTestId("admin-shell")).toBeVisible();
  await expect(page.locator("#site-footer")).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /cart/i })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: /newsletter|notify me/i, level: 2 })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "View shop" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Back office" });
  await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
  await expect(nav.locator('[aria-current="page"]')).toHaveText(current);
}

for (const viewport of VIEWPORTS) {
  test(`every back-office screen has its own shell and no storefront chrome at ${viewport.width} px`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    await signInAsAdmin(page, "/admin/dashboard");
    await expect(page).toHaveURL(/\/admin\/dashboard$/, { timeout: 15_000 });
    for (const [label, path, heading] of SCREENS) {
      if (viewport.width < 1024 && path !== "/admin/dashboard") {
        // On a phone the sidebar is a menu: open it, follow the link.
        const menu = page.locator("summary", { hasText: "Menu" });
        await expect(page.getByRole("navigation", { name: "Back office" })).toBeHidden();
        await menu.click();
        await page
          .getByRole("navigation", { name: "Back office" })
          .getByRole("link", { name: label, exact: true })
          .click();
      } else await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, "\\?")}$`));
      if (heading) await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      await page.waitForLoadState("networkidle");
      if (viewport.width < 1024) {
        // The URL changes before a slow phone renders the new screen, whose menu starts closed: a tap
        // on the old, still open menu would be undone by that render (seen on a slowed CI machine).
        await expect(page.locator("summary", { hasText: "Menu" })).toContainText(label);
        await expect(page.getByRole("navigation", { name: "Back office" })).toBeHidden();
        await page.locator("summary", { hasText: "Menu" }).click();
      }
      await expectBackOfficeChrome(page, label);
      await expectAccessible(page);
      await shot(page, `${viewport.name}-${label.toLowerCase().replace(/ /g, "-")}`);
      if (viewport.width < 1024) await page.locator("summary", { hasText: "Menu" }).click();
    }
  });
}

test("at 390 px the orders table shows the Status column, and the order number stays put while it scrolls", async ({
  page,
  request,
}) => {
  await placeKitOrder(request, `status-${crypto.randomBytes(4).toString("hex")}@example.com`);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsAdmin(page, "/admin/orders");
  await expect(page).toHaveURL(/\/admin\/orders$/, { timeout: 15_000 });
  const table = page.getByTestId("orders-table");
  const status = table.getByRole("columnheader", { name: "Status" });
  const box = (await status.boundingBox())!;
  // Within the viewport, whole.
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  const badge = table.locator("tbody tr").first().locator("td").nth(1);
  const badgeBox = (await badge.boundingBox())!;
  expect(badgeBox.x + badgeBox.width).toBeLessThanOrEqual(390);
  // The rest scrolls inside the card; the order number column does not move.
  const scroller = page.getByTestId("orders-table-scroller");
  const firstCell = table.locator("tbody tr").first().locator("td").first();
  const before = (await firstCell.boundingBox())!.x;
  await scroller.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  await expect(table.getByRole("columnheader", { name: "Placed" })).toBeInViewport();
  expect((await firstCell.boundingBox())!.x).toBe(before);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page);
  await shot(page, "phone-orders-scrolled");
});

test("a mail of every kind opens, its iframe shows the email, the Text tab the plain text, and the filter works", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const order = await placeKitOrder(request, `outbox-${crypto.randomBytes(4).toString("hex")}@example.com`);
  await signInAsAdmin(page, "/admin/outbox");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Outbox");
  await expectAccessible(page);
  await shot(page, "desktop-outbox");

  const rows = page.getByTestId("outbox-row");
  // One mail of each kind on the page is opened below: mails of one kind share their template.
  const hrefs = new Map<string, string>();
  for (const row of await rows.all()) {
    const link = row.getByRole("link");
    const box = (await link.boundingBox())!;
    // A real target, not a 0×0 link around an empty subject.
    expect(box.width).toBeGreaterThan(40);
    expect(box.height).toBeGreaterThanOrEqual(24);
    expect((await link.innerText()).trim()).not.toBe("");
    const kind = (await row.getAttribute("data-kind"))!;
    if (!hrefs.has(kind)) hrefs.set(kind, (await link.getAttribute("href"))!);
  }
  expect(hrefs.size).toBeGreaterThan(1);
  const mine = page.getByTestId("outbox-row").filter({ hasText: order.number });
  await expect(mine.filter({ hasText: "Order confirmation" })).toContainText(`Your Lazy Reefer order ${order.number}`);
  await expect(mine.filter({ hasText: "New order alert" })).toContainText(`New order ${order.number}`);

  for (const href of hrefs.values()) {
    await page.goto(href);
    const subject = (await page.getByRole("heading", { level: 1 }).innerText()).trim();
    expect(subject).not.toMatch(/^\(|no subject/);
    const frame = page.frameLocator('[data-testid="mail-frame"]');
    await expect(frame.locator("body")).toContainText("Lazy Reefer");
    // The mail's own code never runs: same origin only, so the page can size the frame to the mail.
    await expect(page.getByTestId("mail-frame")).toHaveAttribute("sandbox", "allow-same-origin");
  }

  // One of ours, both views, checked with axe.
  await page.goto("/admin/outbox?kind=order-confirmation");
  await page.getByTestId("outbox-row").filter({ hasText: order.number }).getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Your Lazy Reefer order ${order.number}`);
  await expect(page.frameLocator('[data-testid="mail-frame"]').locator("body")).toContainText(order.number);
  await expect(page.getByTestId("mail-headers")).toContainText("outbox-");
  await expectAccessibleAroundMail(page);
  await expectFrameFitsMail(page);
  await shot(page, "desktop-outbox-mail");
  await page.getByRole("link", { name: "Text", exact: true }).click();
  await expect(page.getByTestId("mail-text")).toContainText(order.number);
  await expect(page.getByRole("link", { name: "Text", exact: true })).toHaveAttribute("aria-current", "page");
  await expectAccessible(page);

  // The filter is a GET form: kind and status in the URL, only matching rows.
  await page.goto("/admin/outbox");
  await page.getByLabel("Kind").selectOption("new-order-alert");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/kind=new-order-alert/);
  await expect(page.getByTestId("outbox-row").first()).toBeVisible();
  for (const text of await page.getByTestId("outbox-row").allInnerTexts()) expect(text).toContain("New order alert");

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto([...hrefs.values()][0]!);
  await expectAccessibleAroundMail(page);
  await expectFrameFitsMail(page);
  await shot(page, "phone-outbox-mail");
});

test("the packing slip prints without chrome, forms or buttons and lists kit and combo contents with tick boxes", async ({
  page,
  request,
}) => {
  const order = await placeKitOrder(request, `slip-${crypto.randomBytes(4).toString("hex")}@example.com`);
  await signInAsAdmin(page, `/admin/orders/${order.id}`);
  await page.getByRole("link", { name: /Packing slip/ }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${order.id}/slip$`));
  await expect(page.getByTestId("slip-number")).toHaveText(order.number);
  // The day the ship calendar chose for this live kit, for whoever packs it.
  await expect(page.getByTestId("slip-delivery")).toHaveText(/^Ships \w{3}, \w{3} \d{1,2} · arrives /);
  await expect(page.getByRole("button", { name: "Print" })).toBeVisible();
  await expectAccessible(page);
  await shot(page, "desktop-packing-slip");

  const lines = page.getByTestId("pick-line");
  // Kit: 3 × Chaeto + Coral Food Combo; combo: its 3 products; 2 × Premium Chaeto.
  await expect(lines).toHaveCount(5);
  await expect(lines.nth(0)).toContainText("3");
  await expect(lines.nth(0)).toContainText("Chaeto + Coral Food Combo");
  for (const line of await lines.all()) await expect(line.getByRole("checkbox")).toBeVisible();
  await expect(page.getByRole("rowheader", { name: /Lazy Starter/ })).toBeVisible();
  await expect(page.getByTestId("pick-list")).toContainText("8 units to pick");

  await page.emulateMedia({ media: "print" });
  for (const selector of [
    "header",
    "footer",
    "form",
    "button",
    "nav",
    "aside",
    "details",
    '[data-testid="admin-shell"]',
  ])
    await expect(page.locator(selector).filter({ visible: true }), selector).toHaveCount(0);
  await expect(page.getByRole("link", { name: /Back to order/ })).toBeHidden();
  await expect(page.getByTestId("pick-line").first().getByRole("checkbox")).toBeVisible();
  await expect(page.getByTestId("slip-number")).toBeVisible();
  if (SHOTS) await page.pdf({ path: `${SHOTS}/packing-slip.pdf` }).catch(() => {});
  await shot(page, "print-packing-slip");

  await page.emulateMedia({ media: "screen" });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page);
  await shot(page, "phone-packing-slip");
});

test.describe("image studio against the stand-in image API", () => {
  test("stand-in image API: a slow answer shows progress, then the picture, which goes onto a product", async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await signInAsAdmin(page, "/admin/images");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Image studio");
    await expect(page.getByText("Using stand-in-model at")).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel("Describe the picture").fill("A slow sunrise over a chaeto refugium");
    await page.getByLabel("Size").selectOption("1536x1024");
    await page.getByRole("button", { name: "Generate" }).click();
    const progress = page.getByTestId("studio-progress");
    await expect(progress).toBeVisible();
    await expect(progress).toHaveAttribute("role", "status");
    await expect(progress).toContainText(/1 second|[2-9] seconds/);
    await expect(page.getByRole("button", { name: "Generating…" })).toBeDisabled();
    await shot(page, "desktop-images-progress");
    const result = page.getByTestId("studio-result");
    await expect(result.getByRole("img")).toBeVisible({ timeout: 10_000 });
    await expect(progress).toHaveCount(0);
    await expect(page.getByText("Here is your picture (1536 × 1024).")).toBeVisible();
    await expectAccessible(page);
    await shot(page, "desktop-images-result");

    await result.getByLabel("Add it to a product").selectOption({ label: "Refugium Starter Kit" });
    await result.getByRole("button", { name: "Add to product" }).click();
    await expect(result.getByText(/^Added to Refugium Starter Kit as a draft photo/)).toBeVisible();
    // The storefront's main photo is unchanged; the new one is the last in the gallery.
    await page.goto("/product/refugium-starter-kit");
    const thumbs = page.getByRole("button", { name: /^Show image \d+ of \d+$/ });
    const count = await thumbs.count();
    expect(count).toBeGreaterThanOrEqual(2);
    await expect(page.locator("article img").first()).toHaveAttribute("src", /refugium-starter-kit/);
  });

  test("stand-in image API: refusal, timeout and a malformed image each get a clear message", async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAsAdmin(page, "/admin/images");
    const cases = [
      [
        "Please refuse this one",
        "The image service refused this request: Your request was rejected by the safety system.",
      ],
      ["hang until the timeout", "The image service did not answer within 4 seconds."],
      ["a malformed picture", "The image service sent something that is not a picture the shop can read."],
    ] as const;
    for (const [prompt, message] of cases) {
      await page.getByLabel("Describe the picture").fill(prompt);
      await page.getByRole("button", { name: "Generate" }).click();
      await expect(page.getByRole("alert")).toContainText(message, { timeout: 10_000 });
      await expect(page.getByTestId("studio-result")).toHaveCount(0);
    }
    await expectAccessible(page);
    await shot(page, "phone-images-error");
    // An empty prompt is the form's own message next to the field.
    await page.getByLabel("Describe the picture").fill("");
    await page.getByLabel("Describe the picture").evaluate((el) => el.removeAttribute("required"));
    await page.getByRole("button", { name: "Generate" }).click();
    await expect(page.getByLabel("Describe the picture")).toHaveAccessibleDescription("Describe the picture you want.");
  });

  test("without JavaScript the studio still generates (the POST just takes its time)", async ({ browser }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      extraHTTPHeaders: { "X-Forwarded-For": `198.18.77.${Math.floor(Math.random() * 250) + 1}` },
    });
    const page = await context.newPage();
    await signInAsAdmin(page, "/admin/images");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Image studio");
    await page.getByLabel("Describe the picture").fill("A clownfish in a clean tank");
    await page.getByRole("button", { name: "Generate" }).click();
    await expect(page.getByTestId("studio-result").getByRole("img")).toBeVisible();
    await context.close();
  });
});
