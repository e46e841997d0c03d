import { expect, test, visit } from "./fixtures";

const PAGES: Array<[string, RegExp]> = [
  ["/", /stable reef/],
  ["/products", /Everything for a lazy, stable reef/],
  ["/product/premium-chaeto", /Premium Chaeto/],
  ["/confirmed", /Confirm your reef notes/],
  ["/confirmed?subscribed=1", /on the list/],
  ["/thankyou", /Thanks for stopping by/],
  ["/hermit", /Hermit/i],
  ["/care", /chaeto/i],
  ["/coming-soon", /Growing in the vats/],
  ["/newsletter", /Reef notes by email/],
  ["/checkout", /Checkout/],
  ["/order-confirmation", /find that order/],
  ["/privacy-policy", /Privacy/i],
  ["/terms-of-service", /Terms/i],
  ["/contact", /Talk to a reefer/],
  ["/shipping-info", /Shipping/i],
  ["/reef-wisdom", /The Lazy Reefer Guide/],
  ["/reef-wisdom/lazy-reefer-guide/tank-setup-fundamentals", /Tank Setup/i],
  ["/reef-wisdom/lazy-reefer-guide/equipment-selection-guide", /Equipment/i],
  ["/reef-wisdom/lazy-reefer-guide/water-chemistry-mastery", /Water Chemistry/i],
  ["/reef-wisdom/lazy-reefer-guide/troubleshooting-common-issues", /Troubleshooting/i],
  ["/reef-wisdom/lazy-reefer-guide/feeding-and-maintenance", /Feeding/i],
  ["/plan", /A routine that fits your tank/],
  ["/calculators", /Reef calculators/],
];

for (const [path, heading] of PAGES) {
  test(`${path} answers 200 with a finished, accessible page`, async ({ page }) => {
    const response = await visit(page, path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    expect(await page.title()).toMatch(/Lazy Reefer/);
    expect(await page.locator('meta[name="description"]').getAttribute("content")).toBeTruthy();
  });
}

test("guarded pages redirect to sign-in and /theplan moves permanently to /plan", async ({ request, page }) => {
  for (const path of ["/profile", "/admin", "/admin/dashboard"]) {
    const res = await request.get(path, { maxRedirects: 0 });
    expect([301, 302, 303, 307, 308], path).toContain(res.status());
  }
  const plan = await request.get("/theplan", { maxRedirects: 0 });
  expect(plan.status()).toBe(301);
  expect(plan.headers()["location"]).toBe("/plan");
  const response = await visit(page, "/profile");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/sign-in\?redirectTo=%2Fprofile/);
});

test("unknown paths and the original's test pages answer 404 with the not-found page", async ({ page, request }) => {
  for (const path of [
    "/no-such-page",
    "/newsletter-test",
    "/image-test",
    "/order-test",
    "/login-test",
    "/functions-test",
    "/add-bob-orders",
  ]) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(404);
    expect(await res.text()).toContain("This page drifted off the reef");
  }
  // A product or guide that is not there says so in its own words, with the list it belongs to.
  for (const [path, heading, list] of [
    ["/product/no-such-product", "This product isn&#x27;t in the shop", 'href="/products"'],
    ["/reef-wisdom/lazy-reefer-guide/nope", "No guide by that name", 'href="/reef-wisdom"'],
  ] as const) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(404);
    const html = await res.text();
    expect(html, path).toContain(heading);
    expect(html, path).toContain(list);
  }
  await visit(page, "/product/no-such-product");
  await expect(page.getByRole("heading", { level: 1, name: "This product isn't in the shop" })).toBeVisible();
  await expect(page).toHaveTitle("This product isn't in the shop | Lazy Reefer");
  const response = await visit(page, "/definitely-missing");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("link", { name: "Browse the shop" })).toBeVisible();
});

test("SEO basics: sitemap, robots, favicon and OpenGraph tags", async ({ request, page }) => {
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.headers()["content-type"]).toContain("xml");
  const xml = await sitemap.text();
  expect(xml).toContain("/product/premium-chaeto</loc>");
  expect(xml).toContain("/reef-wisdom/lazy-reefer-guide/water-chemistry-mastery</loc>");
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toMatch(/Sitemap: .+\/sitemap\.xml/);
  expect((await request.get("/favicon.svg")).status()).toBe(200);
  expect((await request.get("/favicon.ico")).status()).toBe(200);

  await page.goto("/product/premium-chaeto");
  expect(await page.locator('meta[property="og:title"]').getAttribute("content")).toContain("Premium Chaeto");
  expect(await page.locator('meta[property="og:image"]').getAttribute("content")).toMatch(/premium-chaeto-800\.webp$/);
});

test("product images come in AVIF and WebP with fixed dimensions", async ({ page, request }) => {
  await page.goto("/product/premium-chaeto");
  const img = page.locator("article picture img").first();
  expect(await img.getAttribute("width")).toBe("800");
  expect(await img.getAttribute("height")).toBe("800");
  const avif = await page.locator('article picture source[type="image/avif"]').first().getAttribute("srcset");
  expect(avif).toMatch(/premium-chaeto-240\.avif 240w/);
  const res = await request.get("/images/catalog/premium-chaeto-480.avif");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toBe("image/avif");
});

test("pages carry a nonce-based CSP and every inline script uses the nonce", async ({ request }) => {
  const res = await request.get("/");
  const csp = res.headers()["content-security-policy"] ?? "";
  const nonce = csp.match(/'nonce-([^']+)'/)?.[1];
  expect(nonce).toBeTruthy();
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  const html = await res.text();
  const scripts = [...html.matchAll(/<script(?![^>]*type="application\/ld\+json")([^>]*)>/g)].map((m) => m[1] ?? "");
  expect(scripts.length).toBeGreaterThan(0);
  for (const attrs of scripts) expect(attrs).toContain(`nonce="${nonce}"`);
});
