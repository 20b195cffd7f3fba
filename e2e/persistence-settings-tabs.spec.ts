import { type BrowserContext, expect, type Locator, test } from "@playwright/test";
import { ChatPage } from "./chat-page.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const SOON = { timeout: 2_000 };

async function tab(context: BrowserContext, path = "/"): Promise<ChatPage> {
  const chat = new ChatPage(await context.newPage());
  await chat.open(path);
  return chat;
}

const autoDelete = (settings: Locator) =>
  settings.getByRole("spinbutton", { name: "Delete conversations untouched for (days)" });

async function storedSettings(chat: ChatPage): Promise<Record<string, unknown>> {
  return chat.page.evaluate(() => JSON.parse(localStorage.getItem("parley.settings") ?? "{}"));
}

test("auto-delete turned off in one tab stays off when an older tab changes its theme", async ({
  context,
}) => {
  const a = await tab(context);
  await a.ask("/echo keep me");
  const inA = await a.openSettings();
  await autoDelete(inA).fill("30");

  const b = await tab(context);
  await expect(b.conversation(/keep me/)).toBeVisible();
  const inB = await b.openSettings();
  await expect(autoDelete(inB)).toHaveValue("30");
  await autoDelete(inB).fill("0");
  await expect(autoDelete(inA)).toHaveValue("0", SOON);

  await inA.getByRole("combobox", { name: "Theme" }).selectOption("dark");
  await expect(b.page.locator("html")).toHaveAttribute("data-theme", "dark", SOON);
  expect(await storedSettings(b)).toMatchObject({ autoDeleteDays: 0, theme: "dark" });

  // Forty days on, a reload runs auto-delete with what is stored: off, so nothing goes.
  await context.clock.setFixedTime(Date.now() + 40 * DAY_MS);
  await b.page.reload();
  await expect(b.conversation(/keep me/)).toBeVisible();
  await expect(b.conversations.getByRole("link")).toHaveCount(1);

  // The same reload with auto-delete on does delete it, in both tabs: the check above could fail.
  await a.page.keyboard.press("Escape");
  await expect(a.conversation(/keep me/)).toBeVisible();
  const again = await b.openSettings();
  await autoDelete(again).fill("30");
  await b.page.keyboard.press("Escape");
  await expect(b.conversation(/keep me/)).toHaveCount(0);
  await expect(a.conversation(/keep me/)).toHaveCount(0, SOON);
});
