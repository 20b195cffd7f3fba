import { expect, test } from "./app-test.ts";
import { fixture } from "./import-export-helpers.ts";

test("an Open WebUI chat with two versions says so in the plan, shows the one last shown and keeps the other", async ({
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
    "2 versions (edits and answers again), all kept; 1 thinking step left out",
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

test("a ChatGPT conversation with an edited question imports both versions, the edited one shown", async ({
  chat,
  io,
}) => {
  await io.choose([
    {
      name: "conversations.json",
      text: fixture("exports/chatgpt/chatgpt-conv-edited-branch.json"),
    },
  ]);
  await expect(io.items()).toContainText("2 versions (edits and answers again), all kept");
  await io.commit();
  await io.dialog.getByRole("button", { name: "Close" }).click();
  await chat.conversation(/NET 8.0 Desktop Runtime/).click();
  const question = chat.messages("user").first();
  await expect(question).toContainText("이것을 설치하");
  const versions = question.getByRole("group", { name: "Version 2 of 2" });
  await expect(versions).toBeVisible();
  await versions.getByRole("button", { name: "Previous version" }).click();
  await expect(question.getByRole("group", { name: "Version 1 of 2" })).toBeVisible();
  await expect(question).not.toContainText("이것을 설치하");
  await expect(chat.messages("assistant").last()).toContainText(
    "Windows에서 데스크톱 애플리케이션",
  );
});
