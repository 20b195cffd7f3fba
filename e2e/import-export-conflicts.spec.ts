import { expect, test } from "./app-test.ts";

test("the dialog shows new, identical and conflicting conversations; replace, keep both and Cancel", async ({
  page,
  chat,
  io,
}) => {
  await chat.ask("/echo original answer");
  const exported = await io.download(io.exportChat);
  const document = JSON.parse(exported.text);
  const id = document.sessions[0].session_id;

  await io.choose([{ name: "same.json", text: exported.text }]);
  await expect(io.items()).toHaveText([/Identical: already in Parley, skipped/]);
  await io.cancel.click();
  await expect(io.dialog).toBeHidden();

  document.sessions[0].title = "Edited elsewhere";
  const answer = document.sessions[0].messages.findLast(
    (m: { role: string }) => m.role === "assistant",
  );
  answer.content = "changed answer";
  const changed = JSON.stringify(document);
  await io.choose([{ name: "changed.json", text: changed }]);
  await expect(io.items()).toHaveText([/Edited elsewhere.*Conflict: same id, other content/]);
  await io.dialog
    .getByRole("combobox", { name: "What to do with Edited elsewhere" })
    .selectOption("Replace");
  await io.commit();
  await expect(io.dialog.getByRole("status")).toHaveText(
    "Added 0, replaced 1, skipped 0, failed 0.",
  );
  await io.dialog.getByRole("button", { name: "Close" }).click();
  await expect(chat.conversations.getByRole("link")).toHaveCount(1);
  await chat.conversation(/Edited elsewhere/).click();
  await expect(page).toHaveURL(new RegExp(`/c/${id}$`));
  await expect(chat.lastAnswer()).toHaveText(/changed answer/);

  document.sessions[0].title = "Third version";
  await io.choose([{ name: "third.json", text: JSON.stringify(document) }]);
  await io.dialog
    .getByRole("combobox", { name: "What to do with Third version" })
    .selectOption("Keep both (new id)");
  await io.commit();
  await expect(io.dialog.getByRole("status")).toHaveText(
    "Added 1, replaced 0, skipped 0, failed 0.",
  );
  await io.dialog.getByRole("button", { name: "Close" }).click();
  await expect(chat.conversations.getByRole("link")).toHaveCount(2);
  await page.reload();
  await expect(chat.conversations.getByRole("link")).toHaveCount(2);
  await expect(chat.conversation(/Third version/)).toBeVisible();
  await expect(chat.conversation(/Edited elsewhere/)).toBeVisible();
});
