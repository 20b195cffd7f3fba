import { expect, test } from "./app-test.ts";

test("a reload mid-answer keeps the question and the partial answer, marked interrupted, with Retry", async ({
  page,
  chat,
}) => {
  await chat.startLongAnswer(300);
  const seen = await chat.answerText();

  await page.reload();
  await expect(chat.messages("user")).toHaveCount(1);
  await expect(chat.messages("user")).toContainText("Write me something long please");
  await expect(chat.lastAnswer()).toHaveAttribute("data-status", "interrupted");
  const kept = await chat.answerText();
  expect(kept.length).toBeGreaterThan(50);
  const shorter = kept.length < seen.length ? kept : seen;
  expect(kept.slice(0, shorter.length - 20)).toBe(seen.slice(0, shorter.length - 20));
  await expect(chat.stop).toHaveCount(0);

  await chat.lastAnswer().getByRole("button", { name: "Retry" }).click();
  await chat.waitForAnswer();
  await expect(chat.lastAnswer()).toHaveAttribute("data-status", "complete");
  await expect(chat.messages("assistant")).toHaveCount(1);
  await page.reload();
  await expect(chat.lastAnswer()).toHaveAttribute("data-status", "complete");
});

test("switching conversations never stops an answer, and two answer at once", async ({
  page,
  chat,
}) => {
  await chat.sendMessage("Write me something long please");
  await expect(chat.lastAnswer()).toHaveAttribute("data-status", "streaming");
  const firstId = chat.activeId();
  await chat.newChat.click();
  await chat.sendMessage("Another long one, please");
  await expect(chat.lastAnswer()).toHaveAttribute("data-status", "streaming");
  const running = chat.conversations.getByText("generating", { exact: true });
  await expect(running).toHaveCount(2);

  await chat.conversation(/Write me something long/).click();
  await expect(page).toHaveURL(new RegExp(`/c/${firstId}$`));
  await chat.waitForAnswer();
  await expect(chat.lastAnswer()).toHaveAttribute("data-status", "complete");
  await chat.conversation(/Another long one/).click();
  await chat.waitForAnswer();
  await expect(chat.lastAnswer()).toHaveAttribute("data-status", "complete");
  await expect(chat.messages("user")).toHaveText([/Another long one/]);
});

test("Delete offers Undo, and the undone conversation survives a reload", async ({
  page,
  chat,
}) => {
  await chat.ask("/echo keep me");
  const id = chat.activeId();
  await chat.conversationAction("Delete");
  await expect(chat.conversation(/keep me/)).toHaveCount(0);
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(chat.conversation(/keep me/)).toHaveCount(1);
  await page.reload();
  await expect(chat.conversation(/keep me/)).toHaveCount(1);
  await chat.conversation(/keep me/).click();
  await expect(page).toHaveURL(new RegExp(`/c/${id}$`));
  await expect(chat.lastAnswer()).toHaveText(/keep me/);
});
