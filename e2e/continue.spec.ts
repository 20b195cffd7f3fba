import { expect, test } from "./app-test.ts";

test("Continue after /cut grows the same answer, after a reload too, and the reload keeps it", async ({
  chat,
  page,
}) => {
  await chat.ask("/cut");
  await expect(chat.lastAnswer()).toHaveAttribute("data-status", "interrupted");
  const partial = await chat.answerText();

  // An interrupted answer read back from storage can be continued as well.
  await page.reload();
  await expect(chat.lastAnswer()).toHaveAttribute("data-status", "interrupted");
  const proceed = chat.lastAnswer().getByRole("button", { name: "Continue" });
  await proceed.click();
  await expect(chat.lastAnswer()).toHaveAttribute("data-status", "complete");
  await expect(chat.stop).toHaveCount(0);

  await expect(chat.messages("assistant")).toHaveCount(1);
  const grown = await chat.answerText();
  expect(grown.startsWith(partial)).toBe(true);
  expect(grown).toContain("this time ends normally.");
  await expect(page.getByRole("button", { name: "Continue" })).toHaveCount(0);
  await expect(page.getByRole("group", { name: /^Version \d+ of \d+$/ })).toHaveCount(0);

  await page.reload();
  await expect(chat.lastAnswer()).toHaveAttribute("data-status", "complete");
  await expect(chat.messages("assistant")).toHaveCount(1);
  expect(await chat.answerText()).toBe(grown);
  await expect(page.getByRole("button", { name: "Continue" })).toHaveCount(0);
});

test("an answer stopped by the conversation's max tokens offers Continue, which grows the same answer", async ({
  chat,
  page,
}) => {
  await chat.ask("/echo hi");
  const dialog = await chat.openConversationSettings();
  await dialog.getByRole("spinbutton", { name: "Max tokens" }).fill("6");
  await dialog.getByRole("button", { name: "Save settings" }).click();
  await expect(dialog).toBeHidden();

  await chat.ask("Tell me a story about a cat and a dog");
  const answer = chat.lastAnswer();
  await expect(answer).toContainText("Stopped at the length limit.");
  const first = await chat.answerText();
  await answer.getByRole("button", { name: "Continue" }).click();
  await chat.waitForAnswer();
  await expect.poll(() => chat.answerText()).not.toBe(first);
  const grown = await chat.answerText();
  expect(grown.startsWith(first)).toBe(true);
  expect(grown.length).toBeGreaterThan(first.length);
  await expect(chat.messages("assistant")).toHaveCount(2);
  await expect(page.getByRole("group", { name: /^Version \d+ of \d+$/ })).toHaveCount(0);
});
