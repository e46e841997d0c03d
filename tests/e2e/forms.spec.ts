import crypto from "node:crypto";
import { expect, test, visit } from "./fixtures";
import type { Page } from "@playwright/test";

/*
 * One test per storefront form family: a too-long, empty or malformed field is answered in plain
 * words next to that field (by the server: the browser's own checks are switched off with
 * `novalidate`, as an old browser or a script would post), and no validator jargon reaches the page.
 */
const JARGON = /expected (string|number)|Too (big|small)|Invalid input|too_big|too_small|invalid_type|\bpath\b/i;

/** Opens a form with the browser's own checks lifted, so what is typed reaches the server as a script's post would. */
async function visitUnchecked(page: Page, path: string) {
  await visit(page, path);
  await page.locator("form").evaluateAll((forms) => forms.forEach((f) => f.setAttribute("novalidate", "")));
  await page.locator("[maxlength]").evaluateAll((els) => els.forEach((el) => el.removeAttribute("maxlength")));
}

async function expectFieldError(page: Page, label: string, message: string | RegExp) {
  const field = page.getByLabel(label, { exact: true });
  await expect(field).toHaveAttribute("aria-invalid", "true");
  const errorId = ((await field.getAttribute("aria-describedby")) ?? "").split(" ").find((id) => id.endsWith("-error"));
  expect(errorId, `${label} names its error`).toBeTruthy();
  await expect(page.locator(`[id="${errorId}"]`)).toHaveText(message);
}

async function expectNoJargon(page: Page) {
  expect(await page.locator("main, body").first().innerText()).not.toMatch(JARGON);
}

test("sign-up: a too-long name, a malformed email and a weak password are each named next to their field", async ({
  page,
}) => {
  await visitUnchecked(page, "/sign-up");
  await page.getByLabel("Display name (optional)").fill("N".repeat(121));
  await page.getByLabel("Email", { exact: true }).fill("not-an-email");
  await page.getByLabel("Password", { exact: true }).fill("ab");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please check the fields marked below.");
  await expectFieldError(page, "Display name (optional)", "Use at most 120 characters.");
  await expectFieldError(page, "Email", "Enter a valid email address, like name@example.com.");
  await expectFieldError(page, "Password", "This password doesn't meet the requirements listed below.");
  await expectNoJargon(page);
});

test("sign-in and password reset: an empty field is named, not treated as a wrong password", async ({ page }) => {
  await visitUnchecked(page, "/sign-in");
  await page.getByLabel("Email", { exact: true }).fill(`someone-${crypto.randomBytes(3).toString("hex")}@example.com`);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expectFieldError(page, "Password", "Enter your password.");
  await expectNoJargon(page);

  await visitUnchecked(page, "/forgot-password");
  await page.getByLabel("Email", { exact: true }).fill("reefer@@example");
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expectFieldError(page, "Email", "Enter a valid email address, like name@example.com.");
  await expectNoJargon(page);
});

test("contact: empty name, too-short message and a too-long subject are named next to their fields", async ({
  page,
}) => {
  await visitUnchecked(page, "/contact");
  await page.getByLabel("Email", { exact: true }).fill("reefer@example.com");
  await page.getByLabel("Subject (optional)").fill("S".repeat(151));
  await page.getByLabel("Message", { exact: true }).fill("help");
  await page.getByRole("button", { name: "Send message" }).click();
  await expectFieldError(page, "Your name", "Enter your name.");
  await expectFieldError(page, "Subject (optional)", "Use at most 150 characters.");
  await expectFieldError(page, "Message", "Tell us a little more (at least 10 characters).");
  await expectNoJargon(page);
  // Nothing was sent: the page is still the form.
  await expect(page).toHaveURL(/\/contact$/);
});
