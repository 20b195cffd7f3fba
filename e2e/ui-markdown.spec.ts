import { expect, test } from "./app-test.ts";
import { ChatPage } from "./chat-page.ts";
import { showEchoedAnswer } from "./echoed-answer.ts";

const PNG_1X1 = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

test("GFM, highlighted code with Copy, safe links and raw HTML as text", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const chat = new ChatPage(page);
  await chat.open();
  await chat.ask(
    [
      "/echo # Report",
      "",
      "| name | value |",
      "|:-----|------:|",
      "| a | 1 |",
      "",
      "- [x] done",
      "- [ ] todo",
      "",
      "~~old~~ and [site](https://example.com/docs) and [bad](javascript:alert(1))",
      "",
      '<img src=x onerror="alert(1)"> stays text',
      "",
      "```js",
      "const answer = 42;",
      "```",
    ].join("\n"),
  );
  const answer = chat.lastAnswer();
  await expect(answer.getByRole("table")).toBeVisible();
  await expect(answer.getByRole("cell", { name: "1" })).toHaveClass(/align-right/);
  await expect(answer.locator("del")).toHaveText("old");
  await expect(answer.getByText("[x]")).toHaveCount(1);
  const link = answer.getByRole("link", { name: "site" });
  await expect(link).toHaveAttribute("href", "https://example.com/docs");
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", "noopener noreferrer");
  await expect(answer.getByRole("link", { name: "bad" })).toHaveCount(0);
  await expect(answer.getByText('<img src=x onerror="alert(1)"> stays text')).toBeVisible();
  await expect(answer.locator("img")).toHaveCount(0);

  await expect(answer.locator("code .hljs-keyword").first()).toHaveText("const");
  await answer.getByRole("button", { name: "Copy code" }).click();
  await expect(answer.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("const answer = 42;");
});

test("remote images load only after the user asks", async ({ page }) => {
  const requested: string[] = [];
  await page.route("https://images.example.org/**", (route) => {
    requested.push(route.request().url());
    return route.fulfill({ status: 200, contentType: "image/png", body: PNG_1X1 });
  });
  const chat = new ChatPage(page);
  await chat.open();
  await chat.ask("/echo ![a cat](https://images.example.org/cat.png)");
  const answer = chat.lastAnswer();
  await expect(answer.getByText("https://images.example.org/cat.png")).toBeVisible();
  await expect(answer.locator("img")).toHaveCount(0);
  expect(requested).toEqual([]);
  await answer.getByRole("button", { name: "Load image" }).click();
  await expect(answer.getByRole("img", { name: "a cat" })).toBeVisible();
  expect(requested).toEqual(["https://images.example.org/cat.png"]);
});

test("a message nested too deeply is shown as plain text and the page keeps working", async ({
  chat,
}) => {
  await chat.ask(`/echo ${">".repeat(3000)} deep`);
  await expect(chat.lastAnswer()).toContainText("nested too deeply, so it is shown as plain text");
  await chat.ask("/echo still **alive**");
  await expect(chat.lastAnswer().locator("strong")).toHaveText("alive");
});

const fence = (language: string, code: string) => `\`\`\`${language}\n${code}\n\`\`\``;

test("typescript fences of a × 29,990 and _ × 29,900 are shown as plain text, not highlighted on the page (which froze it), and the page keeps taking clicks (issue 11)", async ({
  chat,
  io,
}) => {
  await showEchoedAnswer(
    chat,
    io,
    `${fence("typescript", "a".repeat(29_990))}\n\n${fence("typescript", "_".repeat(29_900))}`,
    "Long fences",
  );
  const code = chat.lastAnswer().locator("pre code");
  await expect(code).toHaveCount(2);
  await expect(code.first()).toHaveText("a".repeat(29_990));
  await expect(code.last()).toHaveText("_".repeat(29_900));
  for (const block of await code.all()) {
    await expect(block).toHaveAttribute("data-highlight", "plain");
    await expect(block).not.toHaveClass(/hljs/);
  }
  await chat.openSettings();
});

test("a long identifier at the highlighting limit is highlighted off the page, which keeps taking clicks", async ({
  chat,
}) => {
  const identifier = "a".repeat(9_990);
  await chat.ask(`/echo ${fence("typescript", identifier)}\n\n${fence("js", "let done = true;")}`);
  const code = chat.lastAnswer().locator("pre code");
  // The page takes clicks while the block is highlighted; Settings is modal, so it is closed
  // again before the answer is read.
  const settings = await chat.openSettings();
  await chat.page.keyboard.press("Escape");
  await expect(settings).toHaveCount(0);
  await expect(code.first()).toHaveText(identifier);
  await expect(code.first()).toHaveAttribute("data-highlight", /^(highlighted|plain)$/);
  await expect(code.last().locator(".hljs-keyword")).toHaveText("let");
});

test("a table of 14,700 columns is shown as plain text with a notice, and the page keeps taking clicks (issue 11)", async ({
  chat,
  io,
}) => {
  await showEchoedAnswer(
    chat,
    io,
    `|${"a|".repeat(14_700)}\n|${"-|".repeat(14_700)}`,
    "Wide table",
  );
  const answer = chat.lastAnswer();
  await expect(answer).toContainText("table too large to show as a table");
  await expect(answer.getByRole("table")).toHaveCount(0);
  await chat.openSettings();
});

test("math renders as MathML and a mermaid block as a diagram image, with no script", async ({
  page,
}) => {
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const chat = new ChatPage(page);
  await chat.open();
  await chat.ask(
    [
      "/echo Energy: $E=mc^2$",
      "",
      "$$",
      "\\href{javascript:alert(1)}{x} + \\frac{a}{b}",
      "$$",
      "",
      "```mermaid",
      "graph TD",
      '  A["<img src=x onerror=alert(2)>"] --> B[Done]',
      "  click A call alert(3)",
      "```",
    ].join("\n"),
  );
  const answer = chat.lastAnswer();
  const inline = answer.locator(".md-math math").first();
  await expect(inline).toBeVisible();
  await expect(inline.locator("msup")).toHaveCount(1);
  await expect(answer.locator(".md-math-display math[display=block] mfrac")).toHaveCount(1);
  await expect(answer.locator("a, [href], [style], [onerror]")).toHaveCount(0);

  const diagram = answer.getByRole("img", { name: "Diagram" });
  await expect(diagram).toBeVisible();
  await expect(diagram).toHaveAttribute("src", /^blob:/);
  const size = await diagram.evaluate((img: HTMLImageElement) => ({
    natural: img.naturalWidth,
    shown: img.getBoundingClientRect().width,
    column: img.closest(".md")?.getBoundingClientRect().width ?? 0,
  }));
  expect(size.natural).toBeGreaterThan(0);
  // Drawn at its own size (two boxes), not stretched to the column's width.
  expect(size.shown).toBe(size.natural);
  expect(size.shown).toBeLessThan(size.column);
  // The message actions' icons are the app's own SVG; the answer's content holds none.
  await expect(answer.locator(".md svg, iframe, foreignObject")).toHaveCount(0);
  await answer.getByText("Diagram source").click();
  await expect(answer.getByText("graph TD")).toBeVisible();

  await chat.ask("/echo ```mermaid\nthis is not a diagram -->\n```");
  const broken = chat.lastAnswer();
  await expect(broken.getByText("This diagram could not be drawn")).toBeVisible();
  await expect(broken.getByText("this is not a diagram")).toBeVisible();
  await expect(page.locator("body > [id^='dparley-diagram'], body > svg")).toHaveCount(0);
  expect(dialogs).toEqual([]);
});
