import crypto from "node:crypto";
import { expect, test } from "./fixtures";
import { signInAsAdmin } from "./journeys";
import type { Locator, Page, Response } from "@playwright/test";

/** What a person must never read: zod's own wording, or a field's path put before its message. */
const FIELDS = "stockReason|metadata|title|description|tags|price|quantity|reply|validUntil";
const JARGON = new RegExp(
  `expected (string|number|object)|too (big|small)|invalid_(type|format|union|value)|\\b(${FIELDS})(\\.\\w+)*: |\\b[a-z]\\w*\\.[a-z]\\w*: |\\((${FIELDS})\\)`,
  "i",
);

/**
 * Lets a field past the browser's own checks (maxlength, required, type), to see what the
 * server answers a hand-made or scripted post; the attributes are asserted first.
 */
async function unguard(form: Locator) {
  await form.evaluate((f: HTMLFormElement) => {
    f.noValidate = true;
    for (const el of f.querySelectorAll("[maxlength],[minlength],[required],[min],[max],[step]"))
      for (const attr of ["maxlength", "minlength", "required", "min", "max", "step"]) el.removeAttribute(attr);
  });
}

/** Clicks submit and returns the action's answer (React Router's .data request). */
async function submit(page: Page, button: Locator): Promise<Response> {
  const answer = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes(".data"));
  await button.click();
  return answer;
}

async function expectNoJargon(page: Page, answer: Response) {
  expect(await answer.text()).not.toMatch(JARGON);
  expect(await page.locator("body").innerText()).not.toMatch(JARGON);
}

test("the catalogue form says what is wrong next to each field, in plain words", async ({ page }) => {
  await signInAsAdmin(page, "/admin/catalogue");
  const card = page.getByTestId("catalogue-premium-chaeto");
  await card.getByText("Title, description, tags and details").click();
  const title = card.getByLabel("Title", { exact: true });
  const description = card.getByLabel("Description", { exact: true });
  // The details without a typed field, in the "Advanced" box (opened here, and by itself on an error).
  await card.getByText("Advanced: other details (JSON)").click();
  const metadata = card.getByLabel("Other details (JSON)");
  const stock = card.getByLabel("Stock", { exact: true });
  const original = {
    title: await title.inputValue(),
    description: await description.inputValue(),
    metadata: await metadata.inputValue(),
    stock: await stock.inputValue(),
  };

  // The browser helps first: the inputs carry the schema's limits.
  await expect(title).toHaveAttribute("maxlength", "120");
  await expect(title).toHaveAttribute("required", "");
  await expect(description).toHaveAttribute("maxlength", "4000");
  await expect(card.getByLabel("Price ($)")).toHaveAttribute("type", "number");
  await expect(card.getByLabel("Reason for a stock change")).toHaveAttribute("maxlength", "200");

  // The item's own form (the photo strip below has forms of its own).
  await unguard(card.locator("form").first());
  await title.fill("T".repeat(121));
  await description.fill("");
  await metadata.fill('{careLevel: "Beginner"');
  await stock.fill(String(Number(original.stock) + 1));
  const answer = await submit(page, card.getByRole("button", { name: "Save" }));

  expect(answer.status()).toBe(400);
  await expect(card.getByRole("alert")).toHaveText("Please check the fields marked below.");
  // The section holding these fields opens itself, so the messages are seen.
  await expect(title).toBeVisible();
  await expect(title).toHaveAccessibleDescription("Use at most 120 characters.");
  await expect(title).toHaveAttribute("aria-invalid", "true");
  await expect(description).toHaveAccessibleDescription("Enter a description.");
  await expect(metadata).toHaveAccessibleDescription(
    'Write the other details as JSON, like {"organic": true}, or leave the box empty. Details without a field above, kept as they are. Example: {"organic": true}. Empty: none.',
  );
  await expect(card.getByLabel("Reason for a stock change")).toHaveAccessibleDescription("Say why the stock changes.");
  await expectNoJargon(page, answer);
  // Other items' forms stay as they were.
  await expect(page.getByTestId("catalogue-lazy-starter").getByRole("alert")).toHaveCount(0);

  // Put back as it was, it saves: the product is unchanged for the other tests.
  await title.fill(original.title);
  await description.fill(original.description);
  await metadata.fill(original.metadata);
  await stock.fill(original.stock);
  const saved = await submit(page, card.getByRole("button", { name: "Save" }));
  expect(saved.status()).toBe(200);
  await expect(card.getByRole("status")).toHaveText("Saved.");
});

test("a reply to a customer's message says what is wrong next to the reply box", async ({ page, request }) => {
  const subject = `Forms check ${crypto.randomBytes(3).toString("hex")}`;
  const contact = await request.post("/api/contact", {
    headers: { "X-Forwarded-For": `198.19.5.${Math.floor(Math.random() * 250) + 1}` },
    data: { name: "Fran Forms", email: "fran@example.com", subject, message: "Does chaeto need light at night?" },
  });
  expect(contact.status()).toBe(201);

  await signInAsAdmin(page, "/admin/messages");
  const card = page.locator("li", { has: page.getByRole("heading", { name: subject }) });
  await card.getByText("Reply by email").click();
  const reply = card.getByLabel("Your reply");
  await expect(reply).toHaveAttribute("maxlength", "5000");
  await expect(reply).toHaveAttribute("required", "");
  // With its checks on, the browser keeps an empty reply from being sent at all.
  await card.getByRole("button", { name: "Send reply" }).click();
  expect(await reply.evaluate((el: HTMLTextAreaElement) => el.validity.valueMissing)).toBe(true);

  await unguard(card.locator("form").first());
  const empty = await submit(page, card.getByRole("button", { name: "Send reply" }));
  expect(empty.status()).toBe(400);
  await expect(reply).toHaveAccessibleDescription("Write your reply.");
  await expectNoJargon(page, empty);

  await reply.fill("x".repeat(5001));
  const long = await submit(page, card.getByRole("button", { name: "Send reply" }));
  expect(long.status()).toBe(400);
  await expect(reply).toHaveAccessibleDescription("Use at most 5000 characters.");
  await expect(reply).toHaveAttribute("aria-invalid", "true");
  await expectNoJargon(page, long);

  await reply.fill("Yes: a few hours of light at night keeps it growing.");
  const sent = await submit(page, card.getByRole("button", { name: "Send reply" }));
  expect(sent.status()).toBe(200);
  await expect(card.getByRole("status")).toHaveText("Reply sent.");
  await expect(card.getByTestId("message-reply")).toContainText("a few hours of light at night");
  // The box starts empty for a next reply, without the earlier error.
  await expect(reply).toHaveValue("");
  await expect(reply).not.toHaveAttribute("aria-invalid");
});
