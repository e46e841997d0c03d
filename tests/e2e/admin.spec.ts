import crypto from "node:crypto";
import { expect, expectAccessible, test, visit } from "./fixtures";
import { buyChaeto, signInAsAdmin, signUp } from "./journeys";
import { firstLink, waitForMail } from "./mailbox";

test("the owner finds a shopper's order, ships it with a tracking number, and the customer gets the email", async ({
  page,
  browser,
}) => {
  const email = `guest-${crypto.randomBytes(4).toString("hex")}@example.com`;
  const shopper = await (await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": "198.19.1.1" } })).newPage();
  const number = await buyChaeto(shopper, {
    email,
    name: "Gwen Guest",
    street: "9 Lagoon Lane",
    city: "Miami",
    zip: "33101",
  });

  await signInAsAdmin(page);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  // This server sends mail but has no SHOP_ADDRESS: the owner is told about the slips only.
  await expect(page.getByTestId("setup-warning-return-address")).toContainText("SHOP_ADDRESS is not set");
  await expect(page.getByTestId("setup-warning-no-mail-server")).toHaveCount(0);
  // The waiting list shows the oldest few and leads to all of them.
  const waiting = page.getByRole("region", { name: /Waiting to ship/ });
  await expect(waiting.getByRole("heading")).toContainText(/\(\d+\)/);
  await expect(
    waiting.getByRole("link", { name: /See all \d+ waiting to ship|Open them in the orders list/ }),
  ).toHaveAttribute("href", "/admin/orders?status=paid");
  await expectAccessible(page);
  await waiting.getByRole("link", { name: /See all|Open them/ }).click();
  // Other tests place and ship orders meanwhile, so the count may have moved since the dashboard.
  await expect(page.getByText(/^[\d,]+ orders?$/)).toBeVisible();
  await expect(page.getByLabel("Status")).toHaveValue("paid");

  await page
    .getByRole("navigation", { name: "Back office" })
    .getByRole("link", { name: "Orders", exact: true })
    .click();
  await page.getByLabel("Order number or email").fill(email);
  await page.getByRole("button", { name: "Filter" }).click();
  await page.getByTestId("orders-table").getByRole("link", { name: number }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(number);
  await expectAccessible(page);
  const actions = page.getByTestId("order-actions");
  await expect(actions.getByRole("button", { name: "Refund in full" })).toHaveCount(0);
  await actions.getByLabel("Tracking number").fill("9400 1000 0000 0000 0000 00");
  await actions.getByRole("button", { name: "Mark shipped and email the customer" }).click();
  await expect(page.getByText("Shipped", { exact: true }).first()).toBeVisible();
  await expect(actions.getByRole("button", { name: "Mark delivered" })).toBeVisible();
  await expect(actions.getByRole("button", { name: /Cancel/ })).toHaveCount(0);

  const mail = await waitForMail(email, /Tracking number/);
  expect(mail).toContain("9400 1000 0000 0000 0000 00");
  expect(mail).toContain(number);
  expect(mail).toContain("https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000");

  // The customer's page: shipped, with the carrier and the tracking number linked to its page.
  await shopper.reload();
  await expect(shopper.getByTestId("order-status")).toHaveText("Shipped");
  await expect(shopper.getByTestId("order-state")).toContainText("with USPS");
  await expect(
    shopper.getByTestId("order-tracking").getByRole("link", { name: "9400 1000 0000 0000 0000 00" }),
  ).toHaveAttribute("href", "https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000");
  await expect(shopper.getByText(/pack your order/)).toHaveCount(0);
  await expectAccessible(shopper);
});

test("a stock edit shows on the product page and in the bundles made of it, and is logged", async ({ page }) => {
  await signInAsAdmin(page, "/admin/catalogue");
  // A bundle has no stock field: its stock is what its contents make, and the card says what limits it.
  const bundle = page.getByTestId("catalogue-lazy-starter");
  await expect(bundle.getByLabel("Stock", { exact: true })).toHaveCount(0);
  await expect(page.getByTestId("kit-lazy-starter")).toContainText("3 × Chaeto + Coral Food Combo");
  await expect(page.getByTestId("kit-lazy-starter")).toContainText("limited by Chaeto + Coral Food Combo");

  const card = page.getByTestId("catalogue-chaeto-coral-food-combo");
  await card.getByLabel("Stock", { exact: true }).fill("9");
  await card.getByRole("button", { name: "Save" }).click();
  await expect(card.getByRole("alert")).toHaveText("Please check the fields marked below.");
  await expect(card.getByLabel("Reason for a stock change")).toHaveAccessibleDescription("Say why the stock changes.");
  await card.getByLabel("Stock", { exact: true }).fill("9");
  await card.getByLabel("Reason for a stock change").fill("cycle count");
  // The back office does not draw the storefront's frame: its actions reload its own data, not
  // the root's catalogue snapshot (a `.data` request names the routes it reloads when not all).
  const reloads: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "GET" && new URL(r.url()).pathname.endsWith(".data")) reloads.push(r.url());
  });
  await card.getByRole("button", { name: "Save" }).click();
  await expect(card.getByText("Saved.")).toBeVisible();
  expect(reloads.length).toBeGreaterThan(0);
  for (const url of reloads) {
    const routes = new URL(url).searchParams.get("_routes");
    expect(routes, url).toBeTruthy();
    expect(routes!.split(","), url).not.toContain("root");
  }
  await expect(page.getByRole("cell", { name: "cycle count", exact: true }).first()).toBeVisible();

  await visit(page, "/product/chaeto-coral-food-combo");
  await expect(page.locator("article").first().getByText("Only 9 left")).toBeVisible();
  // Three of them go into each Lazy Starter.
  await visit(page, "/product/lazy-starter");
  await expect(page.locator("article").first().getByText("Only 3 left")).toBeVisible();
});

test("the CSV export holds the confirmed subscribers", async ({ page, browser }) => {
  const confirmedEmail = `csv-${crypto.randomBytes(4).toString("hex")}@example.com`;
  const pendingEmail = `pending-${crypto.randomBytes(4).toString("hex")}@example.com`;
  const visitor = await (await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": "198.19.2.2" } })).newPage();
  for (const email of [confirmedEmail, pendingEmail]) {
    await visitor.goto("/coming-soon");
    const form = visitor.locator("section", {
      has: visitor.getByRole("heading", { name: "Notify me when they land" }),
    });
    await form.getByLabel("Email address").fill(email);
    await form.getByRole("button", { name: "Notify me" }).click();
    await expect(form.getByTestId("newsletter-done")).toBeVisible();
  }
  await visitor.goto(firstLink(await waitForMail(confirmedEmail, /Confirm your/), "/api/newsletter/confirm"));

  await signInAsAdmin(page, "/admin/newsletter");
  await expect(page.getByRole("cell", { name: confirmedEmail })).toBeVisible();
  const csv = await (await page.request.get("/api/admin/newsletter.csv")).text();
  expect(csv.split("\r\n")[0]).toBe('"email","source","subscribed_at","confirmed_at"');
  expect(csv).toContain(`"${confirmedEmail}"`);
  expect(csv).not.toContain(pendingEmail);
});

test("a signed-in customer without the admin role gets the 403 page", async ({ page }) => {
  const email = `customer-${crypto.randomBytes(4).toString("hex")}@example.com`;
  await signUp(page, { email, password: "customer1" });
  const response = await page.goto("/admin/dashboard");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This area is for the shop's administrators");
  await expectAccessible(page);
});

const ADMIN_ROUTES = [
  "dashboard",
  "orders",
  "orders/new",
  "catalogue",
  "customers",
  "newsletter",
  "messages",
  "outbox",
  "diagnostics",
];
const LEAKS = /revenueCents|customerName|to_address|stockReason|subscribers|"email"/;

test("admin routes' .data requests never answer data to visitors or customers", async ({ page, request }) => {
  for (const route of ADMIN_ROUTES) {
    for (const suffix of [
      ".data",
      `.data?_routes=routes/admin/${route.replace("orders/new", "new-order").replace(/^orders$/, "orders")}`,
    ]) {
      const anonymous = await request.get(`/admin/${route}${suffix}`);
      const body = await anonymous.text();
      expect(body, `${route}${suffix} signed out`).toContain("SingleFetchRedirect");
      expect(body).toContain("/sign-in");
      expect(body).not.toMatch(LEAKS);
    }
  }
  const email = `peek-${crypto.randomBytes(4).toString("hex")}@example.com`;
  await signUp(page, { email, password: "peeker12" });
  for (const route of ADMIN_ROUTES) {
    const res = await page.request.get(`/admin/${route}.data`);
    const body = await res.text();
    expect(res.status(), `${route} as customer`).toBe(403);
    expect(body).not.toMatch(LEAKS);
  }
});

test("markup typed by shoppers shows as text in the back office and never runs", async ({ page, request }) => {
  const xss = `<img src=x onerror="window.__xss=1">${crypto.randomBytes(3).toString("hex")}`;
  const res = await request.post("/api/checkout", {
    headers: { "Idempotency-Key": crypto.randomUUID(), "X-Forwarded-For": "198.19.3.3" },
    data: {
      items: [{ kind: "product", id: "premium-chaeto", quantity: 1 }],
      customer: { email: "xss@example.com", name: xss },
      shippingAddress: { line1: xss, city: "Tampa", state: "FL", postalCode: "33602", country: "US" },
      payment: { card: { number: "4242424242424242", expMonth: 12, expYear: 2034, cvc: "123" } },
    },
  });
  expect(res.status()).toBe(201);
  const { order } = await res.json();
  await request.post("/api/contact", {
    headers: { "X-Forwarded-For": "198.19.3.4" },
    data: { name: xss, email: "xss@example.com", subject: xss, message: `Hello ${xss} there` },
  });

  const dialogs: string[] = [];
  page.on("dialog", (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await signInAsAdmin(page, `/admin/orders/${order.id}`);
  await expect(page.getByText(xss).first()).toBeVisible();
  await page.goto("/admin/messages");
  await expect(page.getByRole("heading", { name: xss })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();

  // An admin-edited description is text on the storefront too.
  const edited = await page.request.patch("/api/admin/products/service-tip", {
    data: { description: `Thanks! ${xss} <script>window.__xss=2</script>` },
  });
  expect(edited.status()).toBe(200);
  await page.goto("/product/service-tip");
  await expect(page.getByText(`<script>window.__xss=2</script>`, { exact: false }).first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
});

test("a partial refund sent again from a stale page (a second tab, a reload of the post) refunds nothing, and the owner is told beside the button", async ({
  browser,
}) => {
  const shopper = await (await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": "198.19.1.7" } })).newPage();
  await buyChaeto(shopper, { email: `twice-${crypto.randomBytes(4).toString("hex")}@example.com` });
  const orderId = new URL(shopper.url()).searchParams.get("order")!;
  // Without JavaScript (or before it has loaded on a slow phone) the form posts as plain HTML.
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const owner = await context.newPage();
  await signInAsAdmin(owner, `/admin/orders/${orderId}`);
  const stale = await context.newPage();
  await stale.goto(`/admin/orders/${orderId}`);

  const actions = owner.getByTestId("order-actions");
  await actions.getByLabel(/Refund part of it/).fill("1.00");
  await actions.getByRole("button", { name: "Refund this amount" }).click();
  await expect(actions.getByText("Done.")).toBeVisible();
  await expect(owner.getByTestId("refunds").getByRole("listitem")).toHaveCount(1);

  // The second tab still shows nothing refunded: its form is refused, whatever it asks.
  const staleActions = stale.getByTestId("order-actions");
  await staleActions.getByLabel(/Refund part of it/).fill("1.00");
  await staleActions.getByRole("button", { name: "Refund this amount" }).click();
  await expect(staleActions.getByText(/^Nothing was refunded: \$1\.00 of this order/)).toBeVisible();
  await expect(stale.getByTestId("refunds").getByRole("listitem")).toHaveCount(1);
  await expect(stale.getByTestId("order-history-events")).toContainText("Refunded $1.00");
});

test("a mistyped order or customer link says nothing is there, inside the back office, with the way back to the list", async ({
  page,
}) => {
  await signInAsAdmin(page, "/admin/orders/not-a-real-id");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Nothing here/);
  await expect(page.getByRole("navigation", { name: "Back office" })).toBeVisible();
  await page.getByRole("link", { name: "All orders" }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  const res = await page.goto("/admin/customers/view?email=nobody%40example.com");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("link", { name: "All customers" })).toBeVisible();
  await expectAccessible(page);
});

test("'Cancel and refund' pressed before the back office's page is ready asks for confirmation once it is, then cancels", async ({
  page,
  browser,
}) => {
  const shopper = await (await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": "198.19.1.9" } })).newPage();
  await buyChaeto(shopper, { email: `early-${crypto.randomBytes(4).toString("hex")}@example.com` });
  const orderId = new URL(shopper.url()).searchParams.get("order")!;
  await signInAsAdmin(page);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  // The page's scripts are held back: the button is pressed on the server's markup.
  let release!: () => void;
  const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.accept();
  });
  await page.goto(`/admin/orders/${orderId}`, { waitUntil: "commit" });
  const actions = page.getByTestId("order-actions");
  await actions.getByRole("button", { name: "Cancel and refund" }).click({ noWaitAfter: true });
  // Nothing went out unconfirmed.
  await page.waitForTimeout(300);
  expect(dialogs).toEqual([]);
  await expect(page.getByTestId("order-history-events")).not.toContainText("Cancelled");
  release();
  await expect(actions.getByText("Done.")).toBeVisible();
  expect(dialogs).toEqual(["Cancel this order? Stock goes back; a paid order is refunded."]);
  await expect(page.getByTestId("order-history-events")).toContainText("Cancelled");
});

test("an offer past its end date is not called 'shown in the shop' in the catalogue, and is not offered when recording an order", async ({
  page,
}) => {
  await signInAsAdmin(page, "/admin/orders/new");
  await expect(page.getByRole("heading", { name: "Record an order", level: 1 })).toBeVisible();
  const firstItem = page.locator("select").first();
  const offered = await firstItem.locator("option").allTextContents();
  expect(offered.some((o) => o.includes("October Special"))).toBe(false);
  expect(offered.some((o) => o.includes("Premium Chaeto"))).toBe(true);
  // The combo list holds combo products only: not the tip.
  const combo = page.getByRole("group", { name: /Custom combo/ });
  await expect(combo.getByLabel(/Tip the Lazy Reefer/)).toHaveCount(0);
  await expect(combo.getByRole("checkbox")).not.toHaveCount(0);

  await page.goto("/admin/catalogue");
  await page.waitForLoadState("load");
  await expect(page.locator("#listed-hint-october-special")).toHaveText(/^Not sold: the offer ended on 2024-/);
  await expect(page.locator("#listed-hint-premium-chaeto")).toHaveText("Shown in the shop");
});

test("leaving the catalogue with an edit not saved asks first; staying keeps the edit, leaving drops it", async ({
  page,
}) => {
  await signInAsAdmin(page, "/admin/catalogue");
  await expect(page.getByRole("heading", { name: "Catalogue", level: 1 })).toBeVisible({ timeout: 15_000 });
  await page.waitForLoadState("load");
  const item = page.getByTestId("catalogue-premium-chaeto");
  await item.getByLabel("Price ($)").fill("26.00");
  const asked: string[] = [];
  let answer = false;
  page.on("dialog", (dialog) => {
    asked.push(dialog.message());
    void (answer ? dialog.accept() : dialog.dismiss());
  });
  const orders = page
    .getByRole("navigation", { name: "Back office" })
    .getByRole("link", { name: "Orders", exact: true });
  await orders.click();
  await expect.poll(() => asked.length).toBe(1);
  expect(asked[0]).toMatch(/haven't saved/);
  await expect(page).toHaveURL(/\/admin\/catalogue$/);
  await expect(item.getByLabel("Price ($)")).toHaveValue("26.00");
  answer = true;
  await orders.click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  expect(asked).toHaveLength(2);
});

test("a packing slip leaves a digital tip out of the picking and tells the owner the slip has no return address", async ({
  page,
  request,
}) => {
  const res = await request.post("/api/checkout", {
    headers: { "Idempotency-Key": crypto.randomUUID(), "X-Forwarded-For": "198.19.7.7" },
    data: {
      items: [
        { kind: "product", id: "premium-chaeto", quantity: 1 },
        { kind: "product", id: "service-tip", quantity: 1 },
      ],
      customer: { email: `tip-${crypto.randomBytes(4).toString("hex")}@example.com`, name: "Tip Giver" },
      shippingAddress: { line1: "4 Reef Row", city: "Tampa", state: "FL", postalCode: "33602", country: "US" },
      payment: { card: { number: "4242424242424242", expMonth: 12, expYear: 2034, cvc: "123" } },
    },
  });
  expect(res.status()).toBe(201);
  const { order } = (await res.json()) as { order: { id: string; number: string } };
  await signInAsAdmin(page, `/admin/orders/${order.id}/slip`);
  await expect(page.getByTestId("slip-number")).toHaveText(order.number);
  await expect(page.getByTestId("pick-line")).toHaveCount(1);
  await expect(page.getByTestId("pick-line")).toContainText("Premium Chaeto");
  const tip = page.getByTestId("digital-line");
  await expect(tip).toContainText("digital: nothing to pack");
  await expect(tip.getByRole("checkbox")).toHaveCount(0);
  await expect(page.getByTestId("pick-list")).toContainText("1 unit to pick");
  // Told on screen, never printed on the slip that goes in the box.
  await expect(page.getByTestId("return-address-missing")).toContainText("SHOP_ADDRESS is not set");
  await expectAccessible(page);
  await page.emulateMedia({ media: "print" });
  await expect(page.getByTestId("return-address-missing")).toBeHidden();
});
