import { expect, type Page, test } from "@playwright/test";

const CODE =
  "/echo Here is the function:\n\n```ts\nexport function total(prices: number[]): number {\n  return prices.reduce((sum, p) => sum + p, 0);\n}\n```\n\n| item | price |\n|:--|--:|\n| tea | 3.50 |\n| cake | 4.20 |";

/** What each picture's conversation says, and the names the script finds things by. */
const WORDS = {
  en: {
    plan: "/echo Plan for **Friday**:\n\n- [x] book the room",
    think: "/think The cake costs more than the tea, so the total is above 7.",
    sum: "What is 2+3, then times 4?",
    composer: "Message",
    newChat: "New chat",
    attach: "Attach files",
    regenerate: "Regenerate",
    previous: "Previous version",
    versions: "Version 2 of 3",
    tools: "Used calculator ×2",
    attachments: "Attachments",
  },
  zh: {
    plan: "/echo **周五**的安排：\n\n- [x] 订会议室",
    think: "/think 蛋糕比茶贵，所以总价超过 7。",
    sum: "先算 2+3，再把结果乘 4",
    composer: "消息",
    newChat: "新对话",
    attach: "附加文件",
    regenerate: "重新生成",
    previous: "上一版",
    versions: "第 2 版，共 3 版",
    tools: "已调用 calculator ×2",
    attachments: "附件",
  },
} as const;

const NOTES = {
  name: "prices.csv",
  mimeType: "text/csv",
  buffer: Buffer.from("item,price\ntea,3.50\ncake,4.20\n"),
};

/** The number of the log's newest row (rows are virtual, so their index, not their count). */
function lastRow(page: Page): Promise<number> {
  return page
    .locator("[role=log]")
    .evaluate((log) =>
      Math.max(
        -1,
        ...[...log.querySelectorAll("[data-index]")].map((e) =>
          Number(e.getAttribute("data-index")),
        ),
      ),
    );
}

for (const locale of ["en", "zh"] as const) {
  const words = WORDS[locale];
  for (const width of [1280, 375] as const) {
    test.describe(`${locale} at ${width} px`, () => {
      test.use({
        locale: locale === "zh" ? "zh-CN" : "en-US",
        viewport: { width, height: width > 400 ? 800 : 740 },
      });
      for (const theme of ["light", "dark"] as const) {
        test(`main screen, ${theme}`, async ({ page }) => {
          await page.emulateMedia({ colorScheme: theme, reducedMotion: "reduce" });
          const composer = page.getByRole("textbox", { name: words.composer });
          const log = page.locator("[role=log]");
          const lastAnswer = log.locator('article[data-role="assistant"]').last();
          const stop = page.locator("form.composer .send-button:not([type=submit])");
          // The run is marked before the user's message is saved, so once a new row shows, no
          // Stop means the answer is over.
          const finished = async (before: number) => {
            await expect.poll(() => lastRow(page)).toBeGreaterThan(before);
            await expect(stop).toHaveCount(0, { timeout: 20_000 });
            await expect(lastAnswer).toHaveAttribute("data-status", "complete");
          };
          const send = async (text: string) => {
            const before = await lastRow(page);
            await composer.fill(text);
            await composer.press("Enter");
            await finished(before);
          };

          await page.goto("/");
          await expect(composer).toBeVisible();
          if (width > 400) {
            await send(words.plan);
            await page.getByRole("button", { name: words.newChat, exact: true }).click();
            await expect(log.locator("article")).toHaveCount(0);
          }

          await send(CODE);
          for (let i = 0; i < 2; i++) {
            await lastAnswer.hover();
            await lastAnswer.getByRole("button", { name: words.regenerate }).click();
            await expect(lastAnswer).toHaveAttribute("data-status", "complete", {
              timeout: 20_000,
            });
            await expect(stop).toHaveCount(0, { timeout: 20_000 });
          }
          await lastAnswer.getByRole("button", { name: words.previous }).click();
          await expect(lastAnswer.getByRole("group", { name: words.versions })).toBeVisible();
          await expect(lastAnswer.locator(".hljs-keyword").first()).toBeVisible();
          await expect(lastAnswer.getByRole("table")).toBeVisible();

          await send(words.think);
          await expect(lastAnswer.locator("details.reasoning:not([open])")).toHaveCount(1);

          await send(words.sum);
          await expect(log.locator('article[data-role="tool"]')).toHaveCount(2);
          const tools = log.locator("details.tool-group:not([open]) summary", {
            hasText: words.tools,
          });

          await page
            .locator(`form.composer input[aria-label="${words.attach}"]`)
            .setInputFiles([NOTES]);
          await expect(
            page.getByRole("list", { name: words.attachments }).getByRole("listitem"),
          ).toHaveCount(1);
          const meter = page.getByRole("meter");
          await expect
            .poll(async () => Number(await meter.getAttribute("aria-valuenow")))
            .toBeGreaterThan(0);

          await log.evaluate((el) => el.scrollTo(0, el.scrollHeight));
          await expect(tools).toBeInViewport();
          await page.mouse.move(0, 0);
          await page.screenshot({
            path: `docs/screenshots/main-${locale}-${width}-${theme}.png`,
          });
        });
      }
    });
  }
}
