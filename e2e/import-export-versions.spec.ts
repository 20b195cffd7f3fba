import { expect, test } from "./app-test.ts";
import { fixture } from "./import-export-helpers.ts";

test("an Open WebUI chat with two versions says so in the plan and imports the one last shown", async ({
  chat,
  io,
}) => {
  await io.choose([
    { name: "chat-export-tea.json", text: fixture("exports/open-webui/chat-export-tea.json") },
  ]);
  await expect(io.dialog).toContainText(
    "chat-export-tea.json: Open WebUI chat export, 2 conversations",
  );
  await expect(io.items().filter({ hasText: "Steeping tea" })).toContainText(
    "2 versions (edits and answers again); 1 message on other branches left out",
  );
  await io.commit();
  await expect(io.dialog.getByRole("status")).toHaveText(
    "Added 2, replaced 0, skipped 0, failed 0.",
  );
  await io.dialog.getByRole("button", { name: "Close" }).click();
  await chat.conversation(/Steeping tea/).click();
  await expect(chat.messages()).toHaveCount(4);
  await expect(chat.messages("assistant").last()).toContainText("just off the boil");
});
