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
  await chat.ask("What is my name?");
  await expect(chat.lastAnswer()).toContainText("Wang Fang");
});
