import { expect, test } from "./app-test.ts";

/** An OpenAI fine-tuning JSONL file of `count` two-message conversations. */
function fineTuningLines(count: number): string {
  return Array.from({ length: count }, (_, i) =>
    JSON.stringify({
      messages: [
        { role: "user", content: `Question ${i}: what is ${i} squared?` },
        { role: "assistant", content: `${i} squared is ${i * i}.` },
      ],
    }),
  ).join("\n");
}

/** The `fingerprint` fields of the stored summary records (`s:<id>`), as an import wrote them. */
function storedFingerprints(page: import("@playwright/test").Page): Promise<number> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open("parley");
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const store = db.transaction("records", "readonly").objectStore("records");
    const values = await new Promise<unknown[]>((resolve, reject) => {
      const all = store.getAll(IDBKeyRange.bound("s:", "s:\uffff"));
      all.onsuccess = () => resolve(all.result);
      all.onerror = () => reject(all.error);
    });
    db.close();
    return values.filter((v) => typeof (v as { fingerprint?: unknown }).fingerprint === "string")
      .length;
  });
}

test("a large import lists every conversation, and importing it again finds them identical", async ({
  chat,
  io,
  page,
}) => {
  // Reading, planning and committing 400 conversations twice: 14 s on a quiet CI machine.
  test.setTimeout(60_000);
  const file = { name: "train.jsonl", text: fineTuningLines(400) };
  await io.choose([file]);
  await expect(io.dialog).toContainText("train.jsonl: OpenAI fine-tuning JSONL, 400 conversations");
  await expect(io.items()).toHaveCount(400);
  await expect(io.items().last()).toContainText(/Question 399.*New/);
  await io.commit();
  // Writing 400 conversations is the work measured by the import bench, not a UI wait.
  await expect(io.dialog.getByRole("status")).toHaveText(
    "Added 400, replaced 0, skipped 0, failed 0.",
    { timeout: 30_000 },
  );
  await io.dialog.getByRole("button", { name: "Close" }).click();
  await expect(chat.conversation(/Question/).first()).toBeVisible();
  expect(await storedFingerprints(page)).toBe(400);

  await io.choose([file]);
  await expect(io.items()).toHaveCount(400);
  await expect(io.items().filter({ hasText: "Identical: already in Parley, skipped" })).toHaveCount(
    400,
  );
  await expect(io.importButton).toBeDisabled();
  await expect(io.dialog).toContainText(
    "Nothing to import: every conversation in these files is already in Parley.",
  );
  await io.cancel.click();
  await expect(io.dialog).toBeHidden();
});
