import type { Route } from "@playwright/test";
import { expect, test } from "./app-test.ts";
import { ChatPage } from "./chat-page.ts";

test("Stop after a tool ran leaves an Interrupted answer with Retry, also after a reload", async ({
  page,
  chat,
}) => {
  let calls = 0;
  let held: Route | undefined;
  await page.route("**/v1/chat/completions", (route) => {
    calls++;
    if (calls === 2) held = route;
    else void route.continue();
  });
  await chat.sendMessage("What is 2+3, then times 4?");
  await expect.poll(() => held !== undefined, { timeout: 15_000 }).toBe(true);
  await expect(chat.messages("tool")).toHaveCount(1);
  await chat.stop.click();

  const answer = chat.lastAnswer();
  await expect(answer).toHaveAttribute("data-status", "interrupted");
  await expect(answer).toContainText("Interrupted");
  await expect(page.getByRole("button", { name: "Retry" })).toHaveCount(1);
  await held?.abort().catch(() => {});
  await page.reload();
  await expect(chat.lastAnswer()).toHaveAttribute("data-status", "interrupted");
  await expect(page.getByRole("button", { name: "Retry" })).toHaveCount(1);
});

test("Delete during an answer, then Undo, brings the partial answer back marked interrupted", async ({
  page,
  chat,
}) => {
  await chat.startLongAnswer(40);
  const id = chat.activeId();
  await chat.conversationAction("Delete");
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page).toHaveURL(new RegExp(`/c/${id}$`));
  const answer = chat.lastAnswer();
  await expect(answer).toHaveAttribute("data-status", "interrupted");
  expect((await chat.answerText()).length).toBeGreaterThan(40);
});

// The deletion is written only once its Undo is no longer offered, so a reload at any point
// before then finds the conversation as it was, whatever the unload managed to write.
for (const point of ["after Delete", "right after Undo", "after Undo and a moment"] as const) {
  test(`Delete during an answer, then a reload ${point}, keeps the conversation and its partial answer`, async ({
    page,
    chat,
  }) => {
    await chat.startLongAnswer(40);
    await chat.conversationAction("Delete");
    const undo = page.getByRole("button", { name: "Undo" });
    await expect(undo).toBeVisible();
    await expect(chat.conversations.getByRole("link")).toHaveCount(0);
    if (point !== "after Delete") await undo.click();
    if (point === "after Undo and a moment") {
      await expect(chat.lastAnswer()).toHaveAttribute("data-status", "interrupted");
      await page.waitForTimeout(300);
    }
    await page.reload();
    await chat.conversation(/Write me something long/).click();
    await expect(chat.lastAnswer()).toHaveAttribute("data-status", "interrupted");
    expect((await chat.answerText()).length).toBeGreaterThan(40);
    await expect(chat.conversations.getByRole("link")).toHaveCount(1);
  });
}

test("New chat left unused leaves no empty conversation behind, also after a reload", async ({
  page,
  chat,
}) => {
  await chat.ask("/echo a real one");
  const real = chat.activeId();
  for (let i = 0; i < 3; i++) {
    await chat.newChat.click();
    await expect(page).not.toHaveURL(new RegExp(`/c/${real}$`));
    await expect(chat.messages()).toHaveCount(0);
    await chat.conversation(/a real one/).click();
    await expect(chat.messages("user")).toHaveCount(1);
  }
  await expect(chat.conversations.getByRole("link")).toHaveCount(1);
  await page.reload();
  await expect(chat.conversation(/a real one/)).toHaveCount(1);
  await expect(chat.conversations.getByRole("link")).toHaveCount(1);
});

for (const how of ["New chat", "Ctrl+Shift+O"] as const) {
  test(`${how} after a sent message leaves no empty conversation in the list, in Export all and Export…, or after a reload`, async ({
    page,
    chat,
    io,
  }) => {
    await chat.ask("/echo the real one");
    const real = chat.activeId();
    if (how === "New chat") await chat.newChat.click();
    else await page.keyboard.press("Control+Shift+O");
    await expect(page).not.toHaveURL(new RegExp(`/c/${real}$`));
    await expect(chat.messages()).toHaveCount(0);

    const all = JSON.parse((await io.download(io.exportAll)).text) as { sessions: unknown[] };
    expect(all.sessions).toHaveLength(1);
    await chat.appAction("Export…");
    const dialog = page.getByRole("dialog", { name: "Export conversations" });
    await expect(dialog.getByRole("listitem")).toHaveText([/the real one/]);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(await io.exportChat.open()).toBeDisabled();
    await page.keyboard.press("Escape");

    await page.reload();
    await expect(page).toHaveURL(/\/$/);
    await expect(chat.conversations.getByRole("link")).toHaveCount(1);
    await expect(chat.conversation(/the real one/)).toHaveCount(1);
  });
}

test("a new chat with unsent text comes back with it after a reload", async ({ page, chat }) => {
  await chat.ask("/echo the real one");
  await chat.newChat.click();
  const fresh = chat.activeId();
  await chat.composer.fill("not sent yet");
  await page.reload();
  await expect(page).toHaveURL(new RegExp(`/c/${fresh}$`));
  await expect(chat.composer).toHaveValue("not sent yet");
  await expect(chat.messages()).toHaveCount(0);
  await chat.composer.press("Enter");
  await chat.waitForAnswer();
  await expect(chat.messages("user")).toHaveText([/not sent yet/]);
  await expect(chat.conversations.getByRole("link")).toHaveCount(2);
});

test("text sent right after New chat goes into the new chat", async ({ page, chat }) => {
  await chat.ask("/echo the old one");
  const old = chat.activeId();
  await chat.newChat.click();
  await chat.ask("/echo the new one");
  expect(chat.activeId()).not.toBe(old);
  await expect(chat.messages("user")).toHaveText([/the new one/]);
  await chat.conversation(/the old one/).click();
  await expect(chat.messages("user")).toHaveText([/the old one/]);
  await expect(page).toHaveURL(new RegExp(`/c/${old}$`));
});

test("a conversation deleted in another tab sends this tab's address to the start, and Undo there opens it again", async ({
  page,
  chat,
  context,
}) => {
  await chat.ask("/echo shared one");
  const id = chat.activeId();
  const other = new ChatPage(await context.newPage());
  await other.open(`/c/${id}`);
  await expect(other.messages("user")).toHaveText([/shared one/]);

  await chat.conversationAction("Delete");
  await expect(other.page).toHaveURL(/\/$/);
  await expect(other.messages()).toHaveCount(0);

  await page.getByRole("button", { name: "Undo" }).click();
  await expect(other.page).toHaveURL(new RegExp(`/c/${id}$`));
  await expect(other.messages("user")).toHaveText([/shared one/]);
});
