import { expect, test } from "./app-test.ts";

test("? opens the shortcuts, Ctrl+K searches, Escape stops an answer", async ({ page, chat }) => {
  await page.locator("body").press("?");
  const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(help).toBeVisible();
  await expect(help.getByRole("row", { name: /Search conversations/ })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(help).toBeHidden();

  await chat.composer.focus();
  await page.keyboard.press("Control+k");
  await expect(chat.search).toBeFocused();

  await chat.composer.focus();
  await chat.sendMessage("Write me something long please");
  await expect(chat.stop).toBeVisible();
  await expect
    .poll(async () => ((await chat.lastAnswer().textContent()) ?? "").length, { timeout: 10_000 })
    .toBeGreaterThan(40);
  await page.keyboard.press("Escape");
  await expect(chat.stop).toHaveCount(0);
  await expect(chat.lastAnswer()).toHaveAttribute("data-status", "interrupted");
});

test("the whole journey works from the keyboard alone", async ({ page, chat }) => {
  await chat.composer.focus();
  await page.keyboard.type("/echo typed only");
  await page.keyboard.press("Enter");
  await chat.waitForAnswer();
  await page.keyboard.press("Control+Shift+O");
  await expect(chat.composer).toBeFocused();
  await page.keyboard.type("/echo another");
  await page.keyboard.press("Enter");
  await chat.waitForAnswer();
  await page.keyboard.press("Alt+ArrowDown");
  await expect(chat.lastAnswer()).toContainText("typed only");
  await page.keyboard.press("Alt+ArrowUp");
  await expect(chat.lastAnswer()).toContainText("another");
});
