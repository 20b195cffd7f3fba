import { expect, test } from "./app-test.ts";
import { ChatPage } from "./chat-page.ts";
import { ImportExportPage, withoutExportTime } from "./import-export-helpers.ts";

test("export a chat and everything, import into an empty browser, export again to the same bytes", async ({
  page,
  chat,
  io,
  browser,
}) => {
  const settings = await chat.openSettings();
  await settings.getByLabel("Access token").fill("tok-SECRET-never-exported");
  await page.keyboard.press("Escape");
  await chat.ask("/echo 你好 שלום 😀");
  await chat.newChat.click();
  await chat.ask("What is 2+3?");

  const one = await io.download(io.exportChat);
  expect(one.name).toMatch(/^parley-What-is-2\+3-\d{4}-\d{2}-\d{2}\.json$/);
  expect(JSON.parse(one.text).sessions).toHaveLength(1);
  const all = await io.download(io.exportAll);
  expect(all.name).toMatch(/^parley-all-\d{4}-\d{2}-\d{2}\.json$/);
  expect(all.text).not.toContain("tok-SECRET-never-exported");
  expect(JSON.parse(all.text).sessions).toHaveLength(2);

  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  const otherChat = new ChatPage(other);
  const otherIo = new ImportExportPage(other);
  await otherChat.open();
  await otherIo.choose([{ name: all.name, text: all.text }]);
  await expect(otherIo.dialog).toContainText(
    `${all.name}: Parley export (version 3), 2 conversations`,
  );
  await expect(otherIo.items()).toHaveCount(2);
  await expect(otherIo.items().filter({ hasText: "New" })).toHaveCount(2);
  await otherIo.commit();
  await expect(otherIo.dialog.getByRole("status")).toHaveText(
    "Added 2, replaced 0, skipped 0, failed 0.",
  );
  await otherIo.dialog.getByRole("button", { name: "Close" }).click();
  await expect(otherChat.conversations.getByRole("link")).toHaveCount(2);
  await otherChat.conversation(/你好/).click();
  await expect(otherChat.lastAnswer()).toContainText("你好 שלום 😀");

  const again = await otherIo.download(otherIo.exportAll);
  expect(withoutExportTime(again.text)).toBe(withoutExportTime(all.text));
  await fresh.close();
});
