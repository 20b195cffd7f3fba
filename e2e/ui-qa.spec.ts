import { expect, test } from "./app-test.ts";

test("unsent text stays with its conversation, and with the start screen, across switches and a reload", async ({
  chat,
  page,
}) => {
  await chat.composer.fill("draft on the start screen");
  await page.reload();
  await expect(chat.composer).toHaveValue("draft on the start screen");
  await chat.ask("/echo first chat");
  await expect(chat.composer).toHaveValue("");
  await chat.composer.fill("draft for the first chat");

  await chat.newChat.click();
  await expect(chat.composer).toHaveValue("");
  await chat.ask("/echo second chat");
  await chat.composer.fill("draft for the second chat");

  await chat.conversation(/first chat/).click();
  await expect(chat.composer).toHaveValue("draft for the first chat");
  await chat.conversation(/second chat/).click();
  await expect(chat.composer).toHaveValue("draft for the second chat");

  await page.reload();
  await expect(chat.composer).toHaveValue("draft for the second chat");
  await chat.composer.press("Enter");
  await chat.waitForAnswer();
  await expect(chat.composer).toHaveValue("");
  await chat.conversation(/first chat/).click();
  await chat.conversation(/second chat/).click();
  await expect(chat.lastAnswer()).toContainText("draft for the second chat");
  await expect(chat.composer).toHaveValue("");
});
