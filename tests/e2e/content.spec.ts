import { expect, expectAccessible, test, visit } from "./fixtures";

test("the reef-wisdom chat answers with a working source link and is honest about off-topic questions", async ({ page }) => {
  await visit(page, "/reef-wisdom");
  const chat = page.getByTestId("wisdom-chat");
  await chat.getByRole("button", { name: "My chaeto is turning white, what do I do?" }).click();
  const answer = chat.locator('[data-role="reef-wisdom"]').first();
  await expect(answer).toBeVisible();
  const source = answer.getByRole("list", { name: "Sources" }).getByRole("link").first();
  const href = await source.getAttribute("href");
  expect(href).toMatch(/#[a-z0-9-]+$/);

  await chat.getByLabel("Your question").fill("what's the best pizza topping?");
  await chat.getByLabel("Your question").press("Enter");
  await expect(chat.locator('[data-role="reef-wisdom"]').nth(1)).toContainText("don't cover that");
  await expectAccessible(page);

  await source.click();
  await expect(page).toHaveURL(new RegExp(`${href!.replace(/[?.]/g, "\\$&")}$`));
  const anchor = href!.split("#")[1]!;
  await expect(page.locator(`[id="${anchor}"]`)).toBeVisible();
});
