import { expect, test } from "./app-test.ts";

test("a new conversation invites a first message; an example prompt sends with one click and names the tab", async ({
  page,
  chat,
}) => {
  await expect(page).toHaveTitle("Parley");
  const examples = chat.log.getByRole("list", { name: "Example prompts" });
  await expect(examples.getByRole("button")).toHaveCount(3);
  await examples.getByRole("button", { name: "What is 2+3, then times 4?" }).click();
  await chat.waitForAnswer();
  await expect(chat.lastAnswer()).toContainText("20");
  await expect(chat.messages("user")).toHaveText([/What is 2\+3/]);
  await expect(page).toHaveTitle("What is 2+3, then times 4?");
});

test("the sidebar groups conversations by date under headings, pinned ones first", async ({
  chat,
}) => {
  await chat.ask("/echo first");
  await chat.newChat.click();
  await chat.ask("/echo second");
  await chat.conversationAction("Pin");
  const headings = chat.conversations.getByRole("heading");
  await expect(headings).toHaveText(["Pinned", "Today"]);
  await expect(chat.conversations.getByRole("listitem")).toHaveCount(2);
});

test("menus open from their buttons, Escape closes them, and focus goes back", async ({
  page,
  chat,
}) => {
  await chat.ask("/echo hello");
  const trigger = page.getByRole("button", { name: "Conversation actions" });
  await trigger.click();
  await expect(page.getByRole("menu")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menu")).toHaveCount(0);
  await expect(trigger).toBeFocused();

  await chat.conversationAction("Session details");
  await expect(page.getByRole("dialog", { name: "Session details" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(trigger).toBeFocused();
});

test("the Undo toast after a delete does not cover the composer", async ({ page, chat }) => {
  await chat.ask("/echo to delete");
  await chat.conversationAction("Delete");
  const undo = page.getByRole("button", { name: "Undo" });
  await expect(undo).toBeVisible();
  const toast = await page.locator(".toast").boundingBox();
  const composer = await page.locator(".composer-card").boundingBox();
  if (!toast || !composer) throw new Error("the toast or the composer has no box");
  expect(toast.y + toast.height).toBeLessThanOrEqual(composer.y);
});
