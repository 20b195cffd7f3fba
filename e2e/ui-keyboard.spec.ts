import { expect, test } from "./app-test.ts";
import { ChatPage } from "./chat-page.ts";

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

test("a menu opens from its button with Enter, Space or ArrowDown, its first item focused; Escape gives the focus back, the tooltip naming the button", async ({
  page,
  chat,
}) => {
  await chat.ask("/echo hello");
  const trigger = page.getByRole("button", { name: "Conversation actions" });
  await expect(trigger).toHaveAttribute("aria-haspopup", "menu");
  for (const key of ["Enter", "Space", "ArrowDown"]) {
    await trigger.focus();
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
    await page.keyboard.press(key);
    await expect(page.getByRole("menuitem", { name: "Pin" }), key).toBeFocused();
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("menu")).toHaveAttribute("aria-labelledby", /./);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("menu")).toHaveCount(0);
    await expect(trigger).toBeFocused();
  }
  // Focus came back from the keyboard: the tooltip shows the button's name; Escape hides it.
  await expect(page.getByRole("tooltip", { name: "Conversation actions" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("tooltip")).toHaveCount(0);
  await expect(trigger).toBeFocused();
  await expect(chat.lastAnswer()).toContainText("hello");
});

test("a menu asked for before its code has arrived opens when it does, as if it had been there", async ({
  page,
}) => {
  // The menus load when the page is idle; here their chunk is held until the button is pressed.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/app-overlays-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const chat = new ChatPage(page);
  await chat.open();
  const more = page.getByRole("button", { name: "More", exact: true });
  await more.focus();
  await page.keyboard.press("Enter");
  await expect(more).toHaveAttribute("aria-expanded", "false");
  release();
  await expect(page.getByRole("menuitem", { name: "Import…" })).toBeFocused();
  await expect(more).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Escape");
  await expect(more).toBeFocused();
});
