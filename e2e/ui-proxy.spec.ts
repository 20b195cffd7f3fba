import { expect, test } from "./app-test.ts";
import { ChatPage } from "./chat-page.ts";

test("an unreachable proxy shows a banner and disables Send with the reason", async ({ page }) => {
  await page.route("**/healthz", (route) => route.abort("connectionrefused"));
  const chat = new ChatPage(page);
  await chat.open();
  await expect(page.getByRole("alert").filter({ hasText: "Sending is paused." })).toContainText(
    "cannot be reached",
  );
  await chat.composer.fill("hello");
  await expect(chat.send).toBeDisabled();
  await expect(chat.composer).toHaveAccessibleDescription(/cannot be reached/);
});

test("a proxy error is an alert that keeps the user's message, with Retry", async ({
  page,
  chat,
}) => {
  await chat.sendMessage("/fail 503");
  const alert = page
    .getByRole("alert")
    .filter({ has: page.getByRole("button", { name: "Retry" }) });
  await expect(alert).toBeVisible();
  await expect(chat.messages("user")).toHaveText([/\/fail 503/]);
  await alert.getByRole("button", { name: "Retry" }).click();
  await expect(alert).toBeVisible();
  await expect(chat.messages("user")).toHaveCount(1);
});

/** Serves `/v1/models` with whatever `offered` holds when the page asks. */
async function offerModels(page: import("@playwright/test").Page, offered: { ids: string[] }) {
  await page.route("**/v1/models", (route) =>
    route.fulfill({
      json: { object: "list", data: offered.ids.map((id) => ({ id, object: "model" })) },
    }),
  );
}

test("a chosen model the proxy stops offering: an alert names it and Send is disabled", async ({
  page,
}) => {
  const offered = { ids: ["demo", "other/model"] };
  await offerModels(page, offered);
  const chat = new ChatPage(page);
  await chat.open();
  await expect(chat.model).toHaveValue("demo");
  await chat.model.selectOption("other/model");

  offered.ids = ["demo"];
  await page.reload();
  const banner = page.getByRole("alert").filter({ hasText: "Sending is paused." });
  await expect(banner).toContainText("The model other/model is no longer offered");
  await expect(chat.model).toHaveValue("other/model");
  await chat.composer.fill("hello");
  await expect(chat.send).toBeDisabled();

  await chat.model.selectOption("demo");
  await expect(banner).toHaveCount(0);
  await expect(chat.send).toBeEnabled();
});

test("a model set on the conversation's agent that the proxy stops offering blocks Send", async ({
  page,
}) => {
  const offered = { ids: ["demo", "other/model"] };
  await offerModels(page, offered);
  const chat = new ChatPage(page);
  await chat.open();
  await expect(chat.model).toHaveValue("demo");
  const panel = await chat.openAgents();
  await panel.getByRole("button", { name: "Edit Assistant" }).click();
  await panel.getByRole("combobox", { name: "Model" }).selectOption("other/model");
  await panel.getByRole("button", { name: "Save agent" }).click();
  await page.keyboard.press("Escape");

  offered.ids = ["demo"];
  await page.reload();
  await expect(page.getByRole("alert").filter({ hasText: "Sending is paused." })).toContainText(
    "other/model",
  );
  await expect(chat.model).toHaveValue("demo");
  await chat.composer.fill("hello");
  await expect(chat.send).toBeDisabled();
});

test.describe("in Chinese", () => {
  test.use({ locale: "zh-CN" });

  test("a proxy error says what failed in Chinese, the English detail after it", async ({
    page,
  }) => {
    await page.goto("/");
    await page.getByRole("textbox", { name: "消息", exact: true }).fill("/fail 500");
    await page.keyboard.press("Enter");
    const alert = page
      .getByRole("alert")
      .filter({ has: page.getByRole("button", { name: "重试" }) });
    await expect(alert).toContainText("模型代理或其服务商出错（500）");
    await expect(alert).toContainText("详情：");
    const answer = page.locator('article[data-role="assistant"]').last();
    await expect(answer).toHaveAttribute("data-status", "error");
    await expect(answer).toContainText("这条回答失败了。");
    await expect(page.getByRole("button", { name: "重试" })).toHaveCount(1);
  });

  test("a proxy that cannot be reached mid-send is said in Chinese, the browser's words after it", async ({
    page,
  }) => {
    await page.route("**/v1/chat/completions", (route) => route.abort("failed"));
    await page.goto("/");
    await page.getByRole("textbox", { name: "消息", exact: true }).fill("你好");
    await page.keyboard.press("Enter");
    const answer = page.locator('article[data-role="assistant"]').last();
    await expect(answer).toHaveAttribute("data-status", "error");
    await expect(answer).toContainText("这条回答失败了。");
    await expect(answer).toContainText("无法连接模型代理");
    await expect(answer.locator(".muted")).toHaveText(/^详情：\S/);
    const alert = page
      .getByRole("alert")
      .filter({ has: page.getByRole("button", { name: "重试" }) });
    await expect(alert).toContainText("无法连接模型代理");
    await expect(alert).not.toContainText("Could not reach");
  });
});

test("an answer that ended with [DONE] but no finish reason was shown as failed: it is complete, with a note", async ({
  page,
}) => {
  const piece = (content: string) =>
    `data: ${JSON.stringify({ id: "c", object: "chat.completion.chunk", created: 1, model: "demo", choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;
  await page.route("**/v1/chat/completions", (route) =>
    route.fulfill({
      contentType: "text/event-stream",
      body: `${piece("A whole ")}${piece("answer.")}data: [DONE]\n\n`,
    }),
  );
  const chat = new ChatPage(page);
  await chat.open();
  await chat.ask("hello");
  const answer = chat.lastAnswer();
  await expect(answer).toHaveAttribute("data-status", "complete");
  await expect(answer).toContainText("A whole answer.");
  await expect(answer.getByText("without saying why it stopped")).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "stopped before" })).toHaveCount(0);
  await page.reload();
  await expect(chat.lastAnswer().getByText("without saying why it stopped")).toBeVisible();
});
