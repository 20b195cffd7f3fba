import type { Page } from "@playwright/test";
import { expect, test } from "./app-test.ts";

const EDIT = /^Edit( and send again)?$/;
const EDITED_TEXT = /^Edit(ed text| message)$/;
const SEND_EDITED = /^(Send|Ask) again$/;

/** Every request to the model fails with 502 until the returned function is called. */
async function proxyFails(page: Page): Promise<() => Promise<void>> {
  const url = "**/v1/chat/completions";
  await page.route(url, (route) =>
    route.fulfill({
      status: 502,
      contentType: "application/json",
      body: JSON.stringify({ error: { type: "upstream_error", message: "The upstream is down." } }),
    }),
  );
  return () => page.unroute(url);
}

test("a Regenerate that fails keeps the answer it would have replaced", async ({ page, chat }) => {
  await chat.ask("/echo the first answer");
  await expect(chat.lastAnswer()).toContainText("the first answer");
  const restore = await proxyFails(page);

  await chat.lastAnswer().getByRole("button", { name: "Regenerate" }).click();

  await expect(page.getByRole("alert").filter({ hasText: "The upstream is down." })).toBeVisible();
  await expect(chat.messages("assistant")).toHaveCount(1);
  await expect(chat.lastAnswer()).toContainText("the first answer");
  await expect(chat.lastAnswer()).toHaveAttribute("data-status", "complete");
  await restore();
  await page.reload();
  await expect(chat.lastAnswer()).toContainText("the first answer");
});

test("an Edit and send again that fails puts the original question and answer back, and the edit in the box", async ({
  page,
  chat,
}) => {
  await chat.ask("/echo kept answer");
  const question = chat.messages("user").first();
  await question.getByRole("button", { name: EDIT }).click();
  await question.getByRole("textbox", { name: EDITED_TEXT }).fill("/fail 503");
  await question.getByRole("button", { name: SEND_EDITED }).click();

  await expect(page.getByRole("alert").filter({ hasText: "/fail 503" }).first()).toBeVisible();
  await expect(chat.composer).toHaveValue("/fail 503");
  await expect(chat.messages("user")).toHaveCount(1);
  await expect(chat.messages("user").first()).toContainText("/echo kept answer");
  await expect(chat.lastAnswer()).toContainText("kept answer");
  await page.reload();
  await expect(chat.messages("user").first()).toContainText("/echo kept answer");
  await expect(chat.lastAnswer()).toContainText("kept answer");
});

test("Regenerate and Edit are not offered while the answer runs in another tab", async ({
  page,
  chat,
}) => {
  await chat.ask("/echo ready");
  const other = await page.context().newPage();
  await other.goto(page.url());
  const otherLog = other.getByRole("log", { name: "Messages" });
  await expect(otherLog.locator('article[data-role="assistant"]')).toContainText("ready");
  await expect(other.getByRole("button", { name: "Regenerate" })).toBeVisible();

  await chat.startLongAnswer(20);
  await expect(other.getByRole("button", { name: "Regenerate" })).toHaveCount(0);
  await expect(other.getByRole("button", { name: EDIT })).toHaveCount(0);
  await chat.stop.click();
  await expect(other.getByRole("button", { name: /^(Regenerate|Retry)$/ }).first()).toBeVisible();
  await other.close();
});

test("Regenerate and Edit are not offered while sending is blocked", async ({ page, chat }) => {
  await chat.ask("/echo before the outage");
  await expect(chat.lastAnswer().getByRole("button", { name: "Regenerate" })).toBeVisible();
  await page.route("**/healthz", (route) => route.abort("connectionrefused"));
  await page.reload();
  await expect(page.getByRole("alert").filter({ hasText: "Sending is paused." })).toBeVisible();
  await expect(chat.lastAnswer()).toContainText("before the outage");
  await expect(chat.log.getByRole("button", { name: "Regenerate" })).toHaveCount(0);
  await expect(chat.log.getByRole("button", { name: EDIT })).toHaveCount(0);
});

for (const width of [1280, 500]) {
  test(`Edit on a message reaching above the log opens in view, with the caret at the end (${width} px)`, async ({
    page,
    chat,
  }) => {
    await page.setViewportSize({ width, height: 700 });
    const lines = Array.from({ length: 30 }, (_, i) => `line ${i} of the question`).join("\n");
    for (let i = 0; i < 4; i++) await chat.ask(`/echo question ${i}\n${lines}`);
    // Only the bottom of the question (its buttons) shows at the top of the log.
    const target = chat.messages("user").filter({ hasText: "question 2" });
    await target.evaluate((article) => {
      const log = article.closest("[role=log]");
      if (!log) throw new Error("the question is not in the log");
      log.scrollTop +=
        article.getBoundingClientRect().bottom - log.getBoundingClientRect().top - 40;
    });
    await target.getByRole("button", { name: EDIT }).click();

    const editor = chat.log.getByRole("textbox", { name: EDITED_TEXT });
    await expect(editor).toBeFocused();
    const inLog = async (what: typeof editor) => {
      const box = await what.boundingBox();
      const log = await chat.log.boundingBox();
      return Boolean(box && log && box.y >= log.y && box.y + box.height <= log.y + log.height);
    };
    await expect.poll(() => inLog(editor)).toBe(true);
    expect(await inLog(chat.log.getByRole("button", { name: SEND_EDITED }))).toBe(true);
    const value = await editor.inputValue();
    expect(value).toMatch(/^\/echo question 2/);
    const caret = await editor.evaluate((el: HTMLTextAreaElement) => [
      el.selectionStart,
      el.selectionEnd,
    ]);
    expect(caret).toEqual([value.length, value.length]);
    await page.keyboard.type(" (edited)");
    await expect(editor).toHaveValue(`${value} (edited)`);
  });
}
