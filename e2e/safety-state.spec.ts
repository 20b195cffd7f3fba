import { expect, test } from "./app-test.ts";

const nested = (levels: number) => `${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`;

test("state nested too deep is refused with its path, and the conversation still opens", async ({
  page,
  chat,
}) => {
  await chat.ask("My name is Li Ming");
  const details = await chat.openDetails();
  const state = details.getByRole("textbox", { name: "State" });
  await expect(state).toHaveValue(/"name": "Li Ming"/);

  await state.fill(nested(65));
  await details.getByRole("button", { name: "Save state" }).click();
  const alert = details.getByRole("alert");
  await expect(alert).toContainText(`$${".a".repeat(64)}`);
  await expect(alert).toContainText("Nothing was saved");

  await page.reload();
  await expect(chat.messages("user")).toHaveCount(1);
  const reopened = await chat.openDetails();
  await expect(reopened.getByRole("textbox", { name: "State" })).toHaveValue(/"name": "Li Ming"/);
  await expect(page.getByText(/set aside|damaged/i)).toHaveCount(0);
});

test("an unsaved state edit survives closing Session details and a tool changing the state, which can then be loaded", async ({
  chat,
}) => {
  await chat.ask("/echo hello");
  const details = await chat.openDetails();
  const state = details.getByRole("textbox", { name: "State" });
  await state.fill('{"note": "my unsaved edit"}');
  await details.press("Escape");
  await expect(details).toBeHidden();

  await chat.ask("My name is Li Ming");
  await expect(chat.lastAnswer()).toContainText("Li Ming");
  await chat.openDetails();
  await expect(state).toHaveValue('{"note": "my unsaved edit"}');
  await expect(details.getByText("The state changed meanwhile")).toBeVisible();

  await details.getByRole("button", { name: "Load the new state" }).click();
  await expect(state).toHaveValue(/"name": "Li Ming"/);
  await expect(details.getByText("The state changed meanwhile")).toHaveCount(0);
});

test("a __proto__ key saved in Session details is kept as data across a reload", async ({
  page,
  chat,
}) => {
  await chat.ask("My name is Li Ming");
  const details = await chat.openDetails();
  const state = details.getByRole("textbox", { name: "State" });
  await state.fill('{"name": "Li Ming", "__proto__": {"polluted": "yes"}}');
  await details.getByRole("button", { name: "Save state" }).click();
  await expect(state).toHaveValue(/"__proto__": \{\s*"polluted": "yes"\s*\}/);

  await page.reload();
  const reopened = await chat.openDetails();
  const kept = reopened.getByRole("textbox", { name: "State" });
  await expect(kept).toHaveValue(/"__proto__": \{\s*"polluted": "yes"\s*\}/);
  await expect(kept).toHaveValue(/"name": "Li Ming"/);
  expect(await page.evaluate(() => (({}) as Record<string, unknown>).polluted ?? null)).toBeNull();
});
