import crypto from "node:crypto";
import sharp from "sharp";
import { expect, expectAccessible, test, visit } from "./fixtures";
import { buyChaeto, signInAsAdmin, signUp as signUpAs } from "./journeys";
import { firstLink, waitForMail } from "./mailbox";
import type { Page } from "@playwright/test";

const unique = () => crypto.randomBytes(4).toString("hex");

async function signUp(page: Page, email: string, password: string, name: string) {
  await visit(page, "/sign-up");
  await signUpAs(page, { email, password, name });
}

test("sign up → sign out → sign in → change name → see a past order", async ({ page }) => {
  const email = `reefer-${unique()}@example.com`;
  await signUp(page, email, "coral123", "Rae Reefer");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Rae Reefer");
  await expect(page.getByText("No orders yet")).toBeVisible();
  await expectAccessible(page);

  // Buy something while signed in.
  const number = await buyChaeto(page, { email, name: "Rae Reefer" });

  await page.goto("/profile");
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("account-link")).toHaveText("Sign in");

  await page.goto("/profile");
  await expect(page).toHaveURL(/\/sign-in\?redirectTo=%2Fprofile/);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill("wrong-password-1");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toContainText("don't match an account");
  await page.getByLabel("Password", { exact: true }).fill("coral123");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/profile$/);

  await page.getByLabel("Name", { exact: true }).fill("Rae Coralline");
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Rae Coralline");
  await expect(page.getByTestId("order-history")).toContainText(number);
  await page.getByTestId("order-history").getByRole("link").first().click();
  await expect(page.getByTestId("order-status")).toHaveText("Paid, being packed");
});

test("reset a forgotten password with the link read from a real SMTP peer", async ({ page, browser }) => {
  const email = `forgetful-${unique()}@example.com`;
  await signUp(page, email, "first111", "Forgetful");
  await page.getByRole("button", { name: "Sign out" }).click();

  await visit(page, "/forgot-password");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText("If an account exists for that address")).toBeVisible();

  const mail = await waitForMail(email, /Reset your password/);
  const link = firstLink(mail, "/api/auth/reset-password/");
  const fresh = await (await browser.newContext()).newPage();
  await fresh.goto(link);
  await expect(fresh).toHaveURL(/\/reset-password\?token=/);
  await fresh.getByLabel("New password", { exact: true }).fill("second22");
  await fresh.getByRole("button", { name: "Save new password" }).click();
  await expect(fresh).toHaveURL(/\/sign-in/);
  await fresh.getByLabel("Email", { exact: true }).fill(email);
  await fresh.getByLabel("Password", { exact: true }).fill("second22");
  await fresh.getByRole("button", { name: "Sign in" }).click();
  await expect(fresh).toHaveURL(/\/profile$/);
});

test("sensitive changes need the current password, and a wrong one is said once, next to its field", async ({
  page,
}) => {
  const email = `careful-${unique()}@example.com`;
  await signUp(page, email, "safe1234", "Careful");
  const section = page.locator('section[aria-labelledby="password-heading"]');
  // A signed-in customer is not asked for the email we already know.
  await expect(section.getByLabel("Your email")).toHaveCount(0);
  await section.getByLabel("Current password").fill("not-my-password");
  await section.getByLabel("New password", { exact: true }).fill("safer5678");
  await section.getByRole("button", { name: "Change password" }).click();
  await expect(section.getByRole("alert")).toHaveText("Please check the fields marked below.");
  await expect(section.getByLabel("Current password")).toHaveAttribute("aria-invalid", "true");
  await expect(section.getByText("That isn't your current password.")).toBeVisible();
  // Not the sign-in page's message: the customer is signed in and typed one password.
  await expect(page.getByText(/don't match an account/)).toHaveCount(0);

  await section.getByLabel("Current password").fill("safe1234");
  await section.getByLabel("New password", { exact: true }).fill("safer5678");
  await section.getByRole("button", { name: "Change password" }).click();
  await expect(section.getByRole("status")).toContainText("Password changed");
});

test("social sign-in through a real OpenID provider in a 500×600 popup", async ({ page }) => {
  await visit(page, "/sign-in");
  const popupPromise = page.waitForEvent("popup");
  await page.getByTestId("social-sign-in").click();
  const popup = await popupPromise;
  await popup.waitForLoadState();
  expect(popup.viewportSize()).toEqual({ width: 500, height: 600 });
  const login = `olive${unique()}`;
  await popup.locator('input[name="login"]').fill(login);
  await popup.locator('input[name="password"]').fill("anything");
  await popup.locator('button[type="submit"]').click();
  // Consent screen of the provider.
  await popup.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/profile$/, { timeout: 15_000 });
  await expect(page.getByText(`${login}@oidc.example`)).toBeVisible();
});

test("closing the sign-in popup early says so", async ({ page }) => {
  await visit(page, "/sign-in");
  const popupPromise = page.waitForEvent("popup");
  await page.getByTestId("social-sign-in").click();
  const popup = await popupPromise;
  await popup.waitForLoadState();
  await popup.close();
  await expect(page.getByRole("alert")).toHaveText(
    "The sign-in window was closed before finishing. Try again when you're ready.",
  );
});

test("repeated failed sign-ins from one address answer 429 too-many-requests", async ({ page }) => {
  await visit(page, "/sign-in");
  for (let i = 0; i < 6; i++) {
    await page.getByLabel("Email", { exact: true }).fill("nobody-here@example.com");
    await page.getByLabel("Password", { exact: true }).fill(`guess-${i}-xx`);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("button", { name: "Sign in" })).toBeEnabled();
  }
  await expect(page.getByRole("alert")).toHaveText("Too many attempts. Please wait a few minutes and try again.");
});

test("a blocked popup falls back to signing in within the tab", async ({ page }) => {
  await page.addInitScript(() => {
    window.open = () => null;
  });
  await visit(page, "/sign-in");
  await page.getByTestId("social-sign-in").click();
  await page.waitForURL(/127\.0\.0\.1:\d+\/(interaction|auth)/);
  const login = `tab${unique()}`;
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill("anything");
  await page.locator('button[type="submit"]').click();
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/profile$/, { timeout: 15_000 });
  await expect(page.getByText(`${login}@oidc.example`)).toBeVisible();
});

test("deleting the account says what happened and signs out; the orders card does not stretch", async ({ page }) => {
  const email = `leaving-${unique()}@example.com`;
  await page.setViewportSize({ width: 1440, height: 900 });
  await signUp(page, email, "bye12345", "Leaving");
  // The orders card is as tall as its content, not as the account forms beside it.
  const ordersCard = page.locator('section[aria-labelledby="orders-heading"]');
  expect((await ordersCard.boundingBox())!.height).toBeLessThan(400);
  const section = page.locator('section[aria-labelledby="delete-heading"]');
  // First the question, then the password: nothing is deleted by one click.
  await expect(section.getByLabel("Current password")).toHaveCount(0);
  await section.getByRole("link", { name: "Delete my account…" }).click();
  await expect(section.getByTestId("delete-confirmation")).toHaveText(
    "Are you sure? Deleting your account can't be undone.",
  );
  await section.getByRole("link", { name: "Keep my account" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(section.getByLabel("Current password")).toHaveCount(0);
  await section.getByRole("link", { name: "Delete my account…" }).click();
  await section.getByLabel("Current password").fill("bye12345");
  await section.getByRole("button", { name: "Yes, delete my account" }).click();
  await expect(page).toHaveURL(/\/account-deleted$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your account is deleted");
  await expect(page.getByTestId("account-link")).toHaveText("Sign in");
});

test("signing up again with a known address says the same as for a new one, and the owner is told by mail", async ({
  page,
}) => {
  const email = `twice-${unique()}@example.com`;
  await signUp(page, email, "first111", "First");
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/$/);

  await visit(page, "/sign-up");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill("second22");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText(`Check your inbox: we've sent an email to ${email}`)).toBeVisible();
  await expect(page.getByText(/already (exists|in use|registered)/i)).toHaveCount(0);
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 800 });
  const mail = await waitForMail(email, /You already have an account/);
  await page.goto(firstLink(mail, "/sign-in"));
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill("first111");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/profile$/);
});

test("a profile photo picked before the page is ready is uploaded once it is", async ({ page }) => {
  await signUp(page, `early-photo-${unique()}@example.com`, "photo123", "Early Photo");
  await expect(page.getByTestId("profile-photo")).toHaveCount(0);
  // The page's scripts are held back until the photo has been picked, as on a slow phone.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/profile", { waitUntil: "commit" });
  await page.getByTestId("photo-input").setInputFiles({
    name: "me.png",
    mimeType: "image/png",
    buffer: await sharp({ create: { width: 80, height: 80, channels: 3, background: "#2a9d8f" } })
      .png()
      .toBuffer(),
  });
  expect(await page.evaluate(() => (window as { __lrHydrated?: boolean }).__lrHydrated === true)).toBe(false);
  release();
  await expect(page.getByText("Photo updated.")).toBeVisible();
  await expect(page.getByTestId("profile-photo")).toBeVisible();
});

test("deleting asks first without JavaScript too", async ({ browser }) => {
  const email = `nojs-leaving-${unique()}@example.com`;
  const withJs = await browser.newContext();
  const setup = await withJs.newPage();
  await signUp(setup, email, "bye12345", "No Script");
  const cookies = await withJs.cookies();
  const context = await browser.newContext({ javaScriptEnabled: false });
  await context.addCookies(cookies);
  const page = await context.newPage();
  await page.goto("/profile");
  const section = page.locator('section[aria-labelledby="delete-heading"]');
  await section.getByRole("link", { name: "Delete my account…" }).click();
  await expect(page).toHaveURL(/\/profile\?delete=confirm/);
  await expect(section.getByTestId("delete-confirmation")).toBeVisible();
  await section.getByLabel("Current password").fill("wrong-one-1");
  await section.getByRole("button", { name: "Yes, delete my account" }).click();
  await expect(section.getByText("That isn't your current password.")).toBeVisible();
  await section.getByLabel("Current password").fill("bye12345");
  await section.getByRole("button", { name: "Yes, delete my account" }).click();
  await expect(page).toHaveURL(/\/account-deleted$/);
  await context.close();
  await withJs.close();
});

test("a confirmed change of email says so, also when the link is opened signed out", async ({ page, browser }) => {
  const email = `moving-${unique()}@example.com`;
  const moved = `moved-${unique()}@example.com`;
  await signUp(page, email, "move1234", "Mover");
  const section = page.locator('section[aria-labelledby="email-heading"]');
  await section.getByLabel("Current password").fill("move1234");
  await section.getByLabel("New email").fill(moved);
  await section.getByRole("button", { name: "Send confirmation link" }).click();
  await expect(section.getByRole("status")).toContainText(`We sent a confirmation link to ${moved}`);
  // The old address is told; the new one gets the change link, not the sign-up mail.
  expect(await waitForMail(email, /email address is being changed/)).toContain(moved);
  const mail = await waitForMail(moved, /Confirm your new email address/);
  expect(mail).not.toMatch(/finish creating your account/i);

  const signedOut = await (await browser.newContext()).newPage();
  await signedOut.goto(firstLink(mail, "/api/auth/verify-email"));
  await expect(signedOut).toHaveURL(/\/sign-in\?/);
  await expect(signedOut.getByRole("status")).toHaveText("Your email address is changed. Sign in with the new one.");
  await signedOut.getByLabel("Email", { exact: true }).fill(moved);
  await signedOut.getByLabel("Password", { exact: true }).fill("move1234");
  await signedOut.getByRole("button", { name: "Sign in" }).click();
  await expect(signedOut).toHaveURL(/\/profile$/);
  await expect(signedOut.getByText(moved)).toBeVisible();
});

test("the header offers the back office to an administrator only", async ({ page, browser }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAsAdmin(page, "/admin");
  await page.goto("/");
  await page.getByRole("banner").getByRole("link", { name: "Back office" }).click();
  await expect(page).toHaveURL(/\/admin(\/|$)/);

  // On a phone the link is in the menu.
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto("/");
  await page.getByText("Menu", { exact: true }).click();
  await expect(
    page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Back office" }),
  ).toBeVisible();

  const customer = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await signUp(customer, `plain-${unique()}@example.com`, "plain123", "Plain");
  await customer.goto("/");
  await expect(customer.getByTestId("account-link")).toHaveText("Plain");
  await expect(customer.getByRole("link", { name: "Back office" })).toHaveCount(0);
});
