import { expect, test } from "@playwright/test";
import { ChatPage } from "./chat-page.ts";

test("without IndexedDB the app runs in memory, says nothing is saved, and export still works", async ({
  page,
}) => {
  await page.addInitScript(() => {
    Object.defineProperty(globalThis, "indexedDB", { value: undefined, configurable: true });
  });
  const chat = new ChatPage(page);
  await chat.open();
  const banner = page.getByRole("alert").filter({ hasText: "Nothing is being saved" });
  await expect(banner).toBeVisible();

  await chat.ask("/echo kept in memory only");
  await expect(chat.lastAnswer()).toHaveText(/kept in memory only/);
  const download = page.waitForEvent("download");
  await new ChatPage(page).appAction("Export all");
  const file = await download;
  const text = await (await file.createReadStream()).toArray();
  expect(Buffer.concat(text).toString("utf8")).toContain("kept in memory only");

  await page.reload();
  await expect(banner).toBeVisible();
  await expect(chat.conversations.getByRole("link")).toHaveCount(0);
});
