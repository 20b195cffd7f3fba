import { expect, test } from "@playwright/test";

const CODE =
  "/echo Here is the function:\n\n```ts\nexport function total(prices: number[]): number {\n  return prices.reduce((sum, p) => sum + p, 0);\n}\n```\n\n| item | price |\n|:--|--:|\n| tea | 3.50 |\n| cake | 4.20 |";
const SUM = { en: "What is 2+3, then times 4?", zh: "先算 2+3，再把结果乘 4" } as const;

for (const locale of ["en", "zh"] as const) {
  for (const width of [1280, 375] as const) {
    test.describe(`${locale} at ${width} px`, () => {
      test.use({
        locale: locale === "zh" ? "zh-CN" : "en-US",
        viewport: { width, height: width > 400 ? 800 : 740 },
      });
      for (const theme of ["light", "dark"] as const) {
        test(`main screen, ${theme}`, async ({ page }) => {
          await page.emulateMedia({ colorScheme: theme, reducedMotion: "reduce" });
          const zh = locale === "zh";
          const composer = page.getByRole("textbox", { name: zh ? "消息" : "Message" });
          const log = page.locator("[role=log]");
          const lastAnswer = log.locator('article[data-role="assistant"]').last();
          const send = async (text: string) => {
            await composer.fill(text);
            await composer.press("Enter");
          };
          await page.goto("/");
          await expect(composer).toBeVisible();
          if (width > 400 && !zh) {
            await send("/echo Plan for **Friday**:\n\n- [x] book the room");
            await expect(lastAnswer).toHaveAttribute("data-status", "complete");
            await page.getByRole("button", { name: zh ? "新对话" : "New chat" }).click();
          }
          await send(CODE);
          await expect(lastAnswer.locator(".hljs-keyword").first()).toBeVisible();
          await send(SUM[locale]);
          await expect(log.locator('article[data-role="tool"]')).toHaveCount(2, {
            timeout: 20_000,
          });
          await expect(lastAnswer).toHaveAttribute("data-status", "complete");
          await log.locator("details.tool-group summary").first().click();
          await log.evaluate((el) => el.scrollTo(0, el.scrollHeight));
          await page.mouse.move(0, 0);
          await page.screenshot({
            path: `docs/screenshots/main-${locale}-${width}-${theme}.png`,
          });
        });
      }
    });
  }
}
