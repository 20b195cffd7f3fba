import { expect, test } from "./app-test.ts";

test("session details show totals and refuse invalid state JSON without saving", async ({
  page,
  chat,
}) => {
  await chat.ask("My name is Li Ming");
  const details = await chat.openDetails();
  await expect(details.getByText(chat.activeId())).toBeVisible();
  await expect(details.getByText("Tool calls")).toBeVisible();
  await expect(details.getByText("Tokens")).toBeVisible();
  const value = (term: string) =>
    details.locator("dt", { hasText: term }).locator("xpath=following-sibling::dd[1]");
  // The question and its answer; the tool step that stored the name is no message of its own.
  await expect(value("Messages")).toHaveText("2");
  await expect(value("Created")).not.toContainText("T");
  await expect(value("Created").locator("time")).toHaveAttribute("datetime", /^\d{4}-\d\d-\d\dT/);
  const state = details.getByRole("textbox", { name: "State" });
  await expect(state).toHaveValue(/"name": "Li Ming"/);

  await state.fill('{"name": "Li Ming",');
  await details.getByRole("button", { name: "Save state" }).click();
  await expect(details.getByRole("alert")).toContainText("Nothing was saved");
  await page.reload();
  const reopened = await chat.openDetails();
  await expect(reopened.getByRole("textbox", { name: "State" })).toHaveValue(/"name": "Li Ming"/);

  await reopened.getByRole("textbox", { name: "State" }).fill('{"name": "Wang Fang"}');
  await reopened.getByRole("button", { name: "Save state" }).click();
  await expect(reopened.getByRole("status")).toContainText("Saved");
  await page.keyboard.press("Escape");
  await chat.ask("What is my name?");
  await expect(chat.lastAnswer()).toContainText("Wang Fang");
});

test("session details is a dialog: focus moves in and stays, Escape closes, focus returns", async ({
  page,
  chat,
}) => {
  await chat.ask("/echo hello");
  const opener = page.getByRole("button", { name: "Conversation actions" });
  await chat.conversationAction("Session details");
  const dialog = page.getByRole("dialog", { name: "Session details" });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator(":focus")).toHaveCount(1);
  for (let i = 0; i < 12; i++) await page.keyboard.press("Tab");
  await expect(dialog.locator(":focus")).toHaveCount(1);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});
