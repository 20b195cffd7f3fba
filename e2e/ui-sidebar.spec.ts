import { expect, test } from "./app-test.ts";

test("search finds titles and message text; pin puts a conversation first; rename in place", async ({
  page,
  chat,
}) => {
  await chat.ask("/echo alpha topic with a hidden needle-word");
  await chat.newChat.click();
  await chat.ask("/echo beta topic");
  await chat.newChat.click();
  await chat.ask("/echo gamma topic");

  await chat.search.fill("beta");
  await expect(chat.conversations.getByRole("link")).toHaveCount(1);
  await chat.search.fill("needle-word");
  await expect(chat.conversations.getByRole("link")).toHaveCount(1);
  await expect(chat.conversations.getByRole("link")).toContainText("alpha topic");
  await chat.search.fill("");
  await expect(chat.conversations.getByRole("link")).toHaveCount(3);
  await expect(chat.conversations.getByRole("link").first()).toContainText("gamma");

  await chat.conversation(/alpha/).click();
  await chat.conversationAction("Pin");
  await expect(chat.conversations.getByRole("link").first()).toContainText("alpha");
  await page.getByRole("button", { name: "Conversation actions" }).click();
  await expect(page.getByRole("menuitem", { name: "Unpin" })).toBeVisible();
  await page.keyboard.press("Escape");

  await chat.conversationAction("Rename");
  const title = page.getByRole("textbox", { name: "New title" });
  await title.fill("Renamed in place");
  await title.press("Enter");
  await expect(page.getByRole("heading", { name: "Renamed in place" })).toBeVisible();
  await expect(page).toHaveTitle("Renamed in place");
  await page.reload();
  await expect(chat.conversations.getByRole("link").first()).toContainText("Renamed in place");
});

test("a conversation that is generating is marked in the list", async ({ chat }) => {
  await chat.sendMessage("Write me something long please");
  await expect(chat.conversations.getByText("generating")).toBeVisible();
  await chat.stop.click();
  await expect(chat.conversations.getByText("generating")).toHaveCount(0);
});
