import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./app-test.ts";
import { ChatPage } from "./chat-page.ts";
import { ImportExportPage } from "./import-export-helpers.ts";

const EDITED_TEXT = /^Edit(ed text| message)$/;
const SEND_EDITED = /^(Send|Ask) again$/;

/** Presses Shift+Tab until `target` has the focus, at most five times. */
async function tabBackTo(page: Page, target: Locator) {
  for (let step = 0; step < 5; step++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press("Shift+Tab");
  }
}

/** Where `what` sits on the screen once the log has stopped moving (an answer's last rows settle). */
async function settledTop(what: Locator): Promise<number> {
  let last = Number.NaN;
  await expect
    .poll(async () => {
      const top = (await what.boundingBox())?.y ?? Number.NaN;
      const still = top === last;
      last = top;
      return still;
    })
    .toBe(true);
  return last;
}

test("Edit keeps the old version: switch, reload, export, import into a fresh profile, fork", async ({
  page,
  chat,
  io,
  browser,
}) => {
  // A journey through three starts of the app (the first, a reload, a fresh profile) and three
  // answers: about 20 s on a quiet CI machine, past 30 s at a load average of 11.
  test.setTimeout(60_000);
  await chat.ask("/echo first");
  await chat.ask("/echo second");
  const question = chat.messages("user").first();
  await question.getByRole("button", { name: "Edit" }).click();
  await question.getByRole("textbox", { name: EDITED_TEXT }).fill("/context");
  await question.getByRole("button", { name: SEND_EDITED }).click();
  await chat.waitForAnswer();

  // Only the visible path was sent: the system prompt and the new question, not the four before.
  await expect(chat.lastAnswer()).toContainText("messages=2 ");
  await expect(chat.messages("user")).toHaveCount(1);
  const versions = chat.messages("user").first().getByRole("group", { name: "Version 2 of 2" });
  await expect(versions).toBeVisible();

  await versions.getByRole("button", { name: "Previous version" }).click();
  const back = chat.messages("user").first().getByRole("group", { name: "Version 1 of 2" });
  await expect(back).toBeVisible();
  await expect(chat.messages("user")).toHaveCount(2);
  await expect(chat.lastAnswer()).toContainText("second");
  await expect(back.getByRole("button", { name: "Next version" })).toBeFocused();

  await page.reload();
  await expect(
    chat.messages("user").first().getByRole("group", { name: "Version 1 of 2" }),
  ).toBeVisible();
  await expect(chat.lastAnswer()).toContainText("second");

  const file = await io.download(io.exportChat);
  expect(JSON.parse(file.text).version).toBe(3);
  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  const otherChat = new ChatPage(other);
  const otherIo = new ImportExportPage(other);
  await otherChat.open();
  await otherIo.choose([{ name: file.name, text: file.text }]);
  await expect(otherIo.dialog).toContainText("Parley export (version 3)");
  await otherIo.commit();
  await other.keyboard.press("Escape");
  await otherChat.conversations.getByRole("link").first().click();
  const imported = otherChat
    .messages("user")
    .first()
    .getByRole("group", { name: "Version 1 of 2" });
  await expect(imported).toBeVisible();
  await imported.getByRole("button", { name: "Next version" }).click();
  await expect(otherChat.lastAnswer()).toContainText("messages=2 ");
  // The same file again: the tree is recognised as the conversation already here.
  await otherIo.choose([{ name: file.name, text: file.text }]);
  await expect(otherIo.items()).toContainText(["Identical: already in Parley, skipped"]);
  await otherIo.cancel.click();
  await fresh.close();

  const original = chat.activeId();
  await chat.messages("assistant").first().getByRole("button", { name: "Fork" }).click();
  await expect.poll(() => chat.activeId()).not.toBe(original);
  await expect(chat.messages("user")).toHaveCount(1);
  await expect(chat.messages("assistant")).toHaveCount(1);
  await expect(chat.lastAnswer()).toContainText("first");
  await page.goBack();
  await expect.poll(() => chat.activeId()).toBe(original);
  await expect(
    chat.messages("user").first().getByRole("group", { name: "Version 1 of 2" }),
  ).toBeVisible();
});

test("Regenerate adds a version of the answer; both stay reachable", async ({ chat }) => {
  await chat.ask("/echo same");
  await chat.lastAnswer().getByRole("button", { name: "Regenerate" }).click();
  await chat.waitForAnswer();
  const versions = chat.lastAnswer().getByRole("group", { name: "Version 2 of 2" });
  await expect(versions).toBeVisible();
  await versions.getByRole("button", { name: "Previous version" }).click();
  await expect(chat.lastAnswer().getByRole("group", { name: "Version 1 of 2" })).toBeVisible();
  await expect(chat.messages("assistant")).toHaveCount(1);
});

test("a version added in one tab shows in the other, which can switch to it", async ({
  page,
  chat,
}) => {
  await chat.ask("/echo from one tab");
  const other = await page.context().newPage();
  const otherChat = new ChatPage(other);
  await otherChat.open(new URL(page.url()).pathname);
  await expect(otherChat.lastAnswer()).toContainText("from one tab");

  await chat.lastAnswer().getByRole("button", { name: "Regenerate" }).click();
  await chat.waitForAnswer();
  const there = otherChat.lastAnswer().getByRole("group", { name: "Version 2 of 2" });
  await expect(there).toBeVisible();
  await there.getByRole("button", { name: "Previous version" }).click();
  await expect(otherChat.lastAnswer().getByRole("group", { name: "Version 1 of 2" })).toBeVisible();
  await other.close();
});

test("switching to a version with a longer branch below keeps the message where it was, by keyboard", async ({
  page,
  chat,
}) => {
  await page.setViewportSize({ width: 1280, height: 700 });
  const lines = Array.from({ length: 40 }, (_, i) => `line ${i} of the long branch`).join("\n");
  await chat.ask("/echo the first question");
  await chat.ask(`/echo ${lines}`);
  await chat.log.evaluate((log) => {
    log.scrollTop = 0;
  });
  const question = chat.messages("user").filter({ hasText: "the first question" });
  await question.getByRole("button", { name: "Edit" }).click();
  await chat.log.getByRole("textbox", { name: EDITED_TEXT }).fill("/echo asked again");
  await chat.log.getByRole("button", { name: SEND_EDITED }).click();
  await chat.waitForAnswer();

  // The new branch is two short messages: the whole log fits, so it is at its end.
  const now = chat.log.getByRole("group", { name: "Version 2 of 2" });
  const before = await settledTop(now);
  // Reached by the keyboard alone: from the question's Edit button, back along the tab order.
  await chat.messages("user").getByRole("button", { name: "Edit" }).focus();
  const previous = now.getByRole("button", { name: "Previous version" });
  await tabBackTo(page, previous);
  await expect(previous).toBeFocused();
  await page.keyboard.press("Enter");

  const back = chat.log.getByRole("group", { name: "Version 1 of 2" });
  await expect(back.getByRole("button", { name: "Next version" })).toBeFocused();
  expect(Math.abs((await settledTop(back)) - before)).toBeLessThan(2);
  await expect(chat.log).toContainText("the first question");
});

test("at the end of a long log, showing an earlier question's longer version keeps that question in place", async ({
  page,
  chat,
}) => {
  await page.setViewportSize({ width: 1280, height: 700 });
  const lines = Array.from({ length: 30 }, (_, i) => `line ${i} of a long answer`).join("\n");
  await chat.ask(`/echo the opening\n${lines}`);
  await chat.ask(`/echo the question\n${lines}`);
  const question = chat.messages("user").filter({ hasText: "the question" });
  await question.getByRole("button", { name: "Edit" }).click();
  await chat.log.getByRole("textbox", { name: EDITED_TEXT }).fill("/echo a short one");
  await chat.log.getByRole("button", { name: SEND_EDITED }).click();
  await chat.waitForAnswer();

  // The reader is at the end of the log, the edited question in view above its short answer.
  const now = chat.log.getByRole("group", { name: "Version 2 of 2" });
  await expect(now).toBeInViewport();
  const before = await settledTop(now);
  await now.getByRole("button", { name: "Previous version" }).click();

  const back = chat.log.getByRole("group", { name: "Version 1 of 2" });
  await expect(back.getByRole("button", { name: "Next version" })).toBeFocused();
  expect(Math.abs((await settledTop(back)) - before)).toBeLessThan(2);
});

test("search finds a text that lives only on a hidden branch, and opening the hit shows that branch", async ({
  chat,
}) => {
  await chat.ask("/echo the start");
  await chat.ask("/echo a recipe for apple crumble");
  const question = chat.messages("user").filter({ hasText: "apple crumble" });
  await question.getByRole("button", { name: "Edit" }).click();
  await chat.log.getByRole("textbox", { name: EDITED_TEXT }).fill("/echo a recipe for bread");
  await chat.log.getByRole("button", { name: SEND_EDITED }).click();
  await chat.waitForAnswer();
  await expect(chat.log).not.toContainText("apple crumble");

  await chat.newChat.click();
  await chat.search.fill("apple crumble");
  const hit = chat.conversations.getByRole("link");
  await expect(hit).toHaveCount(1);
  await hit.click();
  await expect(chat.lastAnswer()).toContainText("a recipe for apple crumble");
  await expect(
    chat.messages("user").filter({ hasText: "apple crumble" }).getByRole("group", {
      name: "Version 1 of 2",
    }),
  ).toBeVisible();
});

test("a search for the first question's words, edited away, opens the branch that still holds them", async ({
  chat,
}) => {
  await chat.ask("/echo walrus facts");
  const question = chat.messages("user").first();
  await question.getByRole("button", { name: "Edit" }).click();
  await chat.log.getByRole("textbox", { name: EDITED_TEXT }).fill("/echo otter facts");
  await chat.log.getByRole("button", { name: SEND_EDITED }).click();
  await chat.waitForAnswer();
  await expect(chat.log).not.toContainText("walrus");

  // The title is still the first question as it was first asked.
  await chat.newChat.click();
  await chat.search.fill("walrus");
  const hit = chat.conversations.getByRole("link");
  await expect(hit).toHaveCount(1);
  // The title at once, then the text search's hit below it: the message on the hidden branch.
  await expect(hit).toHaveText(/walrus facts.*walrus facts/);
  await hit.click();
  await expect(chat.lastAnswer()).toContainText("walrus facts");
  await expect(
    chat.messages("user").first().getByRole("group", { name: "Version 1 of 2" }),
  ).toBeVisible();
});
