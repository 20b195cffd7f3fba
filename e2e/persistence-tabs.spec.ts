import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { ChatPage } from "./chat-page.ts";

async function tab(context: BrowserContext, path = "/"): Promise<ChatPage> {
  const chat = new ChatPage(await context.newPage());
  await chat.open(path);
  return chat;
}

async function rename(page: Page, title: string) {
  await new ChatPage(page).conversationAction("Rename");
  await page.getByRole("textbox", { name: "New title" }).fill(title);
  await page.getByRole("button", { name: "Save", exact: true }).click();
}

const SOON = { timeout: 2_000 };

test("an answer in one tab, a rename and a delete in the other: every change shows in both", async ({
  context,
}) => {
  // The journey waits out a long answer (about 9 s of words) and the delete's Undo window
  // (10 s) in two tabs that each start the tokenizer: about 28 s on a quiet two-core machine,
  // so the default 30 s left no room (it ran 32 s in CI).
  test.setTimeout(60_000);
  const a = await tab(context);
  await a.ask("/echo first conversation");
  const firstId = a.activeId();
  await a.newChat.click();
  await a.ask("/echo second conversation");
  const secondId = a.activeId();
  await a.newChat.click();
  await a.ask("/echo third conversation");

  const b = await tab(context, `/c/${firstId}`);
  await expect(b.conversations.getByRole("link")).toHaveCount(3);

  await a.conversation(/second conversation/).click();
  await a.sendMessage("Write me something long please");
  await expect(a.lastAnswer()).toHaveAttribute("data-status", "streaming");
  await expect(b.conversation(/second conversation/)).toContainText("generating", SOON);

  await rename(b.page, "Renamed in tab B");
  await expect(a.conversation(/Renamed in tab B/)).toBeVisible(SOON);
  await b.conversation(/third conversation/).click();
  await b.conversationAction("Delete");
  await expect(a.conversation(/third conversation/)).toHaveCount(0, SOON);

  await b.conversation(/second conversation/).click();
  await expect(b.page).toHaveURL(new RegExp(`/c/${secondId}$`));
  await expect(b.page.getByText("Answering in another tab")).toBeVisible();
  await b.composer.fill("may I?");
  await expect(b.send).toBeDisabled();

  await a.waitForAnswer();
  await expect(a.lastAnswer()).toHaveAttribute("data-status", "complete");
  await expect(b.lastAnswer()).toHaveAttribute("data-status", "complete", SOON);
  await expect(b.conversation(/second conversation/)).not.toContainText("generating", SOON);
  await expect(b.send).toBeEnabled();

  // The deletion is written once its Undo is no longer offered; a reload before keeps it.
  await expect(b.page.getByRole("button", { name: "Undo" })).toHaveCount(0, { timeout: 15_000 });
  for (const chat of [a, b]) {
    await chat.page.reload();
    await expect(chat.conversations.getByRole("link")).toHaveCount(2);
    await expect(chat.conversation(/Renamed in tab B/)).toBeVisible();
  }
  await b.conversation(/second conversation/).click();
  await expect(b.lastAnswer()).toHaveAttribute("data-status", "complete");
  await expect(b.messages("user")).toHaveText([/second conversation/, /something long/]);
});

test("two tabs editing the same conversation keep both changes", async ({ context }) => {
  const a = await tab(context);
  await a.ask("/echo shared conversation");
  const id = a.activeId();
  const b = await tab(context, `/c/${id}`);
  await expect(b.lastAnswer()).toHaveText(/shared conversation/);

  await Promise.all([rename(a.page, "Title from A"), b.ask("/echo message from B")]);
  await expect(a.messages("user")).toHaveText([/shared conversation/, /message from B/], SOON);
  await expect(b.conversation(/Title from A/)).toBeVisible(SOON);
  await a.ask("/echo message from A");
  await expect(b.messages("user")).toHaveText(
    [/shared conversation/, /message from B/, /message from A/],
    SOON,
  );

  await b.page.reload();
  await expect(b.conversation(/Title from A/)).toHaveAttribute("aria-current", "page");
  await expect(b.messages("user")).toHaveText([
    /shared conversation/,
    /message from B/,
    /message from A/,
  ]);
  await expect(b.messages("assistant")).toHaveCount(3);
});

test("a tab closed mid-answer: the other tab sees the run end and the partial answer, interrupted", async ({
  context,
}) => {
  const a = await tab(context);
  await a.sendMessage("Write me something long please");
  await expect(a.lastAnswer()).toHaveAttribute("data-status", "streaming");
  await expect
    .poll(async () => ((await a.lastAnswer().textContent()) ?? "").length, { timeout: 15_000 })
    .toBeGreaterThan(300);
  const id = a.activeId();
  const b = await tab(context, `/c/${id}`);
  await expect(b.conversation(/something long/)).toContainText("generating", SOON);

  await a.page.close({ runBeforeUnload: true });
  await expect(b.conversation(/something long/)).not.toContainText("generating", SOON);
  await expect(b.lastAnswer()).toHaveAttribute("data-status", "interrupted", SOON);
  await expect(b.lastAnswer().getByRole("button", { name: "Retry" })).toBeVisible();
  await b.page.reload();
  await expect(b.messages("user")).toHaveText([/something long/]);
  await expect(b.lastAnswer()).toHaveAttribute("data-status", "interrupted");
});
