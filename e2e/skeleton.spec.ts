import { expect, test } from "./app-test.ts";

test("arithmetic with two calculator calls shown in the log", async ({ chat }) => {
  await chat.ask("What is 2+3, then times 4?");
  await expect(chat.messages("tool")).toHaveCount(2);
  await expect(chat.log.getByText("calculator").first()).toBeVisible();
  await expect(chat.lastAnswer()).toContainText("20");
  await expect(chat.lastAnswer()).toHaveAttribute("data-status", "complete");
});

test("two conversations, switching, and a reload brings both back", async ({ page, chat }) => {
  await chat.ask("/echo first conversation");
  const firstId = chat.activeId();
  await chat.newChat.click();
  await chat.ask("/echo second conversation");
  const secondId = chat.activeId();
  expect(secondId).not.toBe(firstId);

  await chat.conversation(/first conversation/).click();
  await expect(page).toHaveURL(new RegExp(`/c/${firstId}$`));
  await expect(chat.lastAnswer()).toHaveText(/first conversation/);

  await page.reload();
  await expect(chat.conversations.getByRole("link")).toHaveCount(2);
  await expect(page).toHaveURL(new RegExp(`/c/${firstId}$`));
  await expect(chat.conversation(/first conversation/)).toHaveAttribute("aria-current", "page");
  await expect(chat.messages("user")).toHaveText([/first conversation/]);
  await expect(chat.lastAnswer()).toHaveText(/first conversation/);

  await chat.conversation(/second conversation/).click();
  await expect(chat.lastAnswer()).toHaveText(/second conversation/);
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/c/${firstId}$`));
  await expect(chat.lastAnswer()).toHaveText(/first conversation/);
});

test("Stop keeps the partial answer, marked interrupted, across a reload", async ({
  page,
  chat,
}) => {
  await chat.sendMessage("Write me something long please");
  await expect(chat.stop).toBeVisible();
  await expect(chat.messages("assistant").last()).toHaveAttribute("data-status", "streaming");
  await expect
    .poll(async () => ((await chat.lastAnswer().textContent()) ?? "").length, { timeout: 10_000 })
    .toBeGreaterThan(60);
  await chat.stop.click();
  await expect(chat.stop).toHaveCount(0);
  await expect(chat.lastAnswer()).toHaveAttribute("data-status", "interrupted");
  const partial = (await chat.lastAnswer().locator(".content").textContent()) ?? "";
  expect(partial.length).toBeGreaterThan(20);

  await page.reload();
  await expect(chat.lastAnswer()).toHaveAttribute("data-status", "interrupted");
  await expect(chat.lastAnswer().locator(".content")).toHaveText(partial);
  await expect(chat.messages("user")).toHaveCount(1);
});
