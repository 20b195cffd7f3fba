import { expect, test } from "@playwright/test";
import { ChatPage } from "./chat-page.ts";

test.use({ viewport: { width: 1280, height: 800 } });

for (const theme of ["light", "dark"] as const) {
  test(`main screen, ${theme}`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: theme, reducedMotion: "reduce" });
    const chat = new ChatPage(page);
    await chat.open();
    await chat.ask("/echo Plan for **Friday**:\n\n- [x] book the room\n- [ ] send the agenda");
    await chat.newChat.click();
    await chat.ask(
      "/echo Here is the function:\n\n```ts\nexport function total(prices: number[]): number {\n  return prices.reduce((sum, p) => sum + p, 0);\n}\n```\n\n| item | price |\n|:--|--:|\n| tea | 3.50 |\n| cake | 4.20 |",
    );
    await expect(chat.lastAnswer().locator(".hljs-keyword").first()).toBeVisible();
    await chat.ask("What is 2+3, then times 4?");
    await chat.conversationAction("Rename");
    await page.getByRole("textbox", { name: "New title" }).fill("Totals and a quick sum");
    await page.getByRole("textbox", { name: "New title" }).press("Enter");
    await chat.log.locator("details.tool-group summary").first().click();
    await chat.log.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect(chat.lastAnswer().getByRole("button", { name: "Regenerate" })).toBeInViewport();
    await page.mouse.move(0, 0);
    await page.screenshot({ path: `docs/screenshots/main-${theme}.png` });
  });
}
