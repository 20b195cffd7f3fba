import { expect, type Locator, type Page } from "@playwright/test";
import { test } from "./app-test.ts";
import { MenuItem } from "./import-export-helpers.ts";

/** Focus is in `dialog` and stays there through as many Tabs as it has stops and more. */
async function focusStaysIn(page: Page, dialog: Locator) {
  await expect(dialog.locator(":focus")).toHaveCount(1);
  for (let i = 0; i < 15; i++) {
    await page.keyboard.press("Tab");
    await expect(dialog.locator(":focus"), `Tab ${i + 1} stays in the dialog`).toHaveCount(1);
  }
}

// Session details: e2e/ui-session-details.spec.ts.
const OPENED = [
  { name: "Settings", menu: "More", item: "Settings" },
  { name: "Agents", menu: "More", item: "Agents" },
  { name: "Keyboard shortcuts", menu: "More", item: "Keyboard shortcuts" },
  { name: "Conversation settings", menu: "Conversation actions", item: "Conversation settings" },
] as const;

for (const { name, menu, item } of OPENED) {
  test(`${name} is a modal dialog: focus moves in and stays, Escape closes it, focus goes back to ${menu}`, async ({
    page,
    chat,
  }) => {
    await chat.ask("/echo dialogs");
    await new MenuItem(page, menu, item).click();
    const dialog = page.getByRole("dialog", { name });
    await expect(dialog).toBeVisible();
    await focusStaysIn(page, dialog);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole("button", { name: menu, exact: true })).toBeFocused();
  });
}

test("Import conversations is a modal dialog: focus moves in and stays, Escape closes it", async ({
  page,
  chat,
  io,
}) => {
  await chat.ask("/echo to import again");
  const file = await io.download(io.exportChat);
  await io.choose([file]);
  await focusStaysIn(page, io.dialog);
  await page.keyboard.press("Escape");
  await expect(io.dialog).toHaveCount(0);
  await expect(chat.composer).toBeVisible();
});

test("a rename is saved when the title field loses focus, and Escape leaves the title as it was", async ({
  page,
  chat,
}) => {
  await chat.ask("/echo to be renamed");
  await chat.conversationAction("Rename");
  const field = page.getByRole("textbox", { name: "New title" });
  await field.fill("Renamed on blur");
  await chat.composer.click();
  await expect(field).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Renamed on blur");
  await expect(chat.conversation(/^Renamed on blur/)).toBeVisible();

  await chat.conversationAction("Rename");
  await field.fill("Not kept");
  await field.press("Escape");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Renamed on blur");
  await page.reload();
  await expect(page).toHaveTitle("Renamed on blur");
});
