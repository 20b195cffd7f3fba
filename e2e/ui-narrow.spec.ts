import { expect, test } from "@playwright/test";
import { ChatPage } from "./chat-page.ts";

test.use({ viewport: { width: 375, height: 740 } });

test("at 375 px the sidebar is a drawer and chatting still works", async ({ page }) => {
  const chat = new ChatPage(page);
  await page.goto("/");
  await expect(chat.composer).toBeVisible();
  await expect(chat.conversations).toBeHidden();
  await chat.ask("/echo narrow screen");
  await expect(chat.lastAnswer()).toContainText("narrow screen");

  const menu = page.getByRole("button", { name: "Conversations menu" });
  await menu.click();
  await expect(chat.conversations).toBeVisible();
  await expect(chat.newChat).toBeVisible();
  await chat.newChat.click();
  await expect(chat.conversations).toBeHidden();
  await expect(chat.composer).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);

  await menu.click();
  await chat.conversation(/narrow screen/).click();
  await expect(chat.lastAnswer()).toContainText("narrow screen");
  await expect(chat.conversations).toBeHidden();
});

test("at 375 px the drawer is modal: focus moves in and back, the page behind is inert, Escape closes it", async ({
  page,
}) => {
  const chat = new ChatPage(page);
  await page.goto("/");
  await chat.ask("/echo drawer focus");
  const menu = page.getByRole("button", { name: "Conversations menu" });

  await menu.click();
  await expect(chat.newChat).toBeFocused();
  await expect(page.locator(".main")).toHaveAttribute("inert", "");
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press("Tab");
    const inDrawer = await page.evaluate(
      () => document.activeElement?.closest(".sidebar") !== null,
    );
    expect(inDrawer, `Tab ${i + 1} stays in the drawer`).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(chat.conversations).toBeHidden();
  await expect(menu).toBeFocused();
  await expect(page.locator(".main")).not.toHaveAttribute("inert", "");

  await menu.click();
  await expect(chat.newChat).toBeFocused();
  await page.locator("body").evaluate(() => (document.activeElement as HTMLElement).blur());
  await page.keyboard.press("Escape");
  await expect(chat.conversations).toBeHidden();
  await expect(menu).toBeFocused();
  await expect(chat.lastAnswer()).toHaveAttribute("data-status", "complete");
});
