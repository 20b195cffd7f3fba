import { expect, test } from "./app-test.ts";
import { dumpIndexedDb } from "./import-export-helpers.ts";

const hostile: Array<{ name: string; text: string | Buffer; says: RegExp }> = [
  {
    name: "deep.json",
    text: `${"[".repeat(50_000)}${"]".repeat(50_000)}`,
    says: /deep\.json at \$\[0\]\[0\].*nested more than 100 levels/,
  },
  {
    name: "cut.json",
    text: '{"format":"parley","version":1,"sessions":[{"title":"x',
    says: /cut\.json at \$\.sessions\[0\]\.title: The file ends too early/,
  },
  {
    name: "future.json",
    text: '{"format":"parley","version":99,"sessions":[]}',
    says: /future\.json at \$\.version: .*newer Parley/,
  },
  {
    name: "latin1.json",
    text: Buffer.from([0x5b, 0x22, 0xe9, 0x22, 0x5d]),
    says: /latin1\.json at \$: The file is not valid UTF-8/,
  },
  {
    name: "proto.json",
    text: '{"format":"parley","version":1,"exported_at":"2026-01-01T00:00:00Z","app":{"name":"x","version":"1"},"sessions":[{"__proto__":{"admin":true},"format_version":1,"session_id":"zz"}]}',
    says: /proto\.json at \$\.sessions\[0\]\.session_id/,
  },
];

test("hostile files are refused with the file and JSON path, Import stays disabled, and IndexedDB stays exactly as it was", async ({
  page,
  chat,
  io,
}) => {
  await chat.ask("/echo keep me safe");
  await page.waitForTimeout(500);
  const before = await dumpIndexedDb(page);
  expect(before).toContain("keep me safe");

  for (const file of hostile) {
    await io.choose([{ name: file.name, text: file.text }]);
    await expect(io.dialog.getByRole("alert")).toContainText(file.says);
    await expect(io.importButton).toBeDisabled();
    await expect(io.importButton).toHaveAccessibleDescription(
      "Nothing can be imported: Parley could not read these files (see above).",
    );
    await io.cancel.click();
    await expect(io.dialog).toBeHidden();
  }
  await page.waitForTimeout(500);
  expect(await dumpIndexedDb(page)).toBe(before);
  await page.reload();
  await expect(chat.conversations.getByRole("link")).toHaveCount(1);
  await expect(chat.lastAnswer()).toHaveText(/keep me safe/);
});
