import { expect, test } from "./app-test.ts";

test("language switches live and theme applies at once; both survive a reload", async ({
  page,
  chat,
}) => {
  const settings = await chat.openSettings();
  await settings.getByRole("combobox", { name: "Theme" }).selectOption("dark");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await settings.getByRole("combobox", { name: "Language" }).selectOption("zh");
  await expect(page.getByRole("dialog", { name: "设置" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("button", { name: "新对话" })).toBeVisible();

  await page.reload();
  await expect(page.getByRole("button", { name: "新对话" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "消息" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
});

test("settings show the access token, defaults and storage usage", async ({ chat }) => {
  const settings = await chat.openSettings();
  await expect(settings.getByLabel("Access token")).toHaveAttribute("type", "password");
  await expect(settings.getByRole("combobox", { name: "Default model" })).toHaveValue("demo");
  await expect(settings.getByRole("combobox", { name: "Default agent" })).toHaveValue("Assistant");
  await expect(settings.getByText(/used of .* available to Parley/)).toBeVisible();
});

test("a Chinese browser gets Chinese: the built-in agent's name in answers and Settings, Session details' times by Intl", async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: "zh-CN" });
  const page = await context.newPage();
  await page.goto("/");
  await expect(page.getByRole("button", { name: "新对话" })).toBeVisible();
  await expect(page.getByRole("button", { name: "更多" })).toBeVisible();
  const composer = page.getByRole("textbox", { name: "消息" });
  await composer.fill("/echo 你好");
  await composer.press("Enter");
  const answer = page.locator('[role=log] article[data-role="assistant"]').last();
  await expect(answer).toHaveAttribute("data-status", "complete", { timeout: 20_000 });
  await expect(answer.locator(".who")).toHaveText("助手");
  await page.getByRole("button", { name: "更多" }).click();
  await page.getByRole("menuitem", { name: "设置" }).click();
  const agent = page
    .getByRole("dialog", { name: "设置" })
    .getByRole("combobox", { name: "默认智能体" });
  await expect(agent.locator("option:checked")).toHaveText("助手");
  await page.keyboard.press("Escape");
  // Session details' times are the reader's own, in Chinese (Intl), not an ISO string.
  await page.getByRole("button", { name: "对话操作" }).click();
  await page.getByRole("menuitem", { name: "对话详情" }).click();
  const details = page.getByRole("dialog", { name: "对话详情" });
  const created = details
    .locator("dt", { hasText: "创建时间" })
    .locator("xpath=following-sibling::dd[1]");
  await expect(created).toContainText(/\d{4}年\d{1,2}月\d{1,2}日/);
  await expect(created).not.toContainText("T");
  await context.close();
});
