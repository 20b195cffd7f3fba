import type { Page } from "@playwright/test";
import type { SessionGroup } from "../bench/data/sessions.ts";
import { firstMarker, lastMarker, sessionIdOf } from "../bench/data/sessions.ts";
import { expect, test } from "./app-test.ts";
import { ChatPage } from "./chat-page.ts";
import { bundleSeedScript } from "./seed-script.ts";

const LONG: SessionGroup = { tag: "long", count: 1, messages: 10_000 };
const MANY: SessionGroup = { tag: "many", count: 10_000, messages: 2 };
const SCROLLABLE: SessionGroup = { tag: "scrollable", count: 1, messages: 16 };

let script = "";

test.beforeAll(async () => {
  test.setTimeout(180_000);
  script = await bundleSeedScript();
});

async function seed(page: Page, groups: SessionGroup[]) {
  await page.goto("/healthz");
  await page.evaluate(script);
  await page.evaluate(
    (g) =>
      (
        globalThis as unknown as { parleyBenchSeed: (g: SessionGroup[]) => Promise<unknown> }
      ).parleyBenchSeed(g),
    groups,
  );
}

const rendered = (page: Page, selector: string) => page.locator(selector).count();

test("a conversation of 10,000 messages opens at its end, renders only what is in view and scrolls to its start", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await seed(page, [LONG]);
  const id = sessionIdOf(LONG, 0);
  const chat = new ChatPage(page);
  await chat.open(`/c/${id}`);
  await expect(chat.log.getByText(lastMarker(id))).toBeVisible();
  expect(await rendered(page, "[role=log] article")).toBeLessThan(80);

  const log = chat.log;
  await expect
    .poll(
      async () => {
        await log.evaluate((el) => el.scrollTo(0, 0));
        return log.getByText(firstMarker(id)).isVisible();
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  expect(await rendered(page, "[role=log] article")).toBeLessThan(80);
});

test("a search hit in an early message of a long conversation opens it at that message, marked", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const group: SessionGroup = { tag: "found", count: 1, messages: 2_000 };
  await seed(page, [group]);
  const id = sessionIdOf(group, 0);
  const chat = new ChatPage(page);
  await chat.open("/");
  await chat.search.fill(firstMarker(id));
  await expect(chat.conversations.getByRole("link")).toHaveCount(1);
  await chat.conversations.getByRole("link").click();
  const hit = chat.log.getByText(firstMarker(id));
  await expect(hit).toBeInViewport();
  await expect(page.locator(".message-row[data-found]")).toContainText(firstMarker(id));
  // The mark fades: it is gone after a moment, the message stays in view.
  await expect(page.locator(".message-row[data-found]")).toHaveCount(0);
  await expect(hit).toBeInViewport();
});

test("the log follows new text at the bottom, goes down on send and stays put when the reader scrolls up mid-answer", async ({
  page,
}) => {
  // Three answers, one of them the demo's long answer (about 9 s of words); the history that
  // makes the log scroll is seeded rather than asked for.
  test.setTimeout(60_000);
  await seed(page, [SCROLLABLE]);
  const id = sessionIdOf(SCROLLABLE, 0);
  const chat = new ChatPage(page);
  await chat.open(`/c/${id}`);
  await expect(chat.log.getByText(lastMarker(id))).toBeVisible();
  const distanceFromEnd = () =>
    chat.log.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight);
  await expect.poll(distanceFromEnd).toBeLessThan(50);
  await chat.ask(`/echo the last line\n\n${"filler text ".repeat(30)}`);
  expect(await distanceFromEnd()).toBeLessThan(50);

  // Sending is asking to see the answer, so it brings the log down (as ChatGPT and Claude do);
  // a reader who scrolls up while an answer streams stays where they are.
  await chat.log.evaluate((el) => el.scrollTo(0, 0));
  await chat.ask("/echo sent while scrolled up");
  await expect.poll(distanceFromEnd).toBeLessThan(50);
  await expect(chat.lastAnswer()).toContainText("sent while scrolled up");

  // Scrolled up, the streaming answer is out of the virtual list's rows, so its end (Stop
  // gone) is what shows the reader was left in place for all of it: about 9 s of words.
  await chat.startLongAnswer(20);
  await chat.log.evaluate((el) => el.scrollTo(0, 0));
  await expect(chat.stop).toHaveCount(0, { timeout: 30_000 });
  expect(await chat.log.evaluate((el) => el.scrollTop)).toBeLessThan(50);

  await chat.log.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await chat.ask(`/echo at the bottom\n\n${"more words ".repeat(60)}`);
  await expect.poll(distanceFromEnd).toBeLessThan(50);
  await expect(chat.lastAnswer()).toBeInViewport();
});

test("a reader who scrolled up a little into the answer being written stays put while it grows and when it finishes", async ({
  page,
}) => {
  // The answer being written follows the list's rows outside its virtualiser: scrolled up into
  // it, the reader is past the rows' end, which the virtualiser would take for being at the end.
  test.setTimeout(60_000);
  await seed(page, [SCROLLABLE]);
  const id = sessionIdOf(SCROLLABLE, 0);
  const chat = new ChatPage(page);
  await chat.open(`/c/${id}`);
  await expect(chat.log.getByText(lastMarker(id))).toBeVisible();
  await chat.startLongAnswer(1_200);
  const top = await chat.log.evaluate((el) => {
    el.scrollTo(0, el.scrollHeight - el.clientHeight - 150);
    return el.scrollTop;
  });
  await expect(chat.stop).toHaveCount(0, { timeout: 30_000 });
  await expect(chat.lastAnswer()).toHaveAttribute("data-status", "complete");
  expect(Math.abs((await chat.log.evaluate((el) => el.scrollTop)) - top)).toBeLessThan(2);
});

test("10,000 conversations: the list renders only what is in view and scrolls to the oldest", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await seed(page, [MANY]);
  const chat = new ChatPage(page);
  await chat.open();
  await expect(chat.conversations.getByRole("link").first()).toBeVisible({ timeout: 30_000 });
  expect(await chat.conversations.getByRole("link").count()).toBeLessThan(80);
  const scroller = chat.conversations.locator(".conversation-scroller");
  await expect
    .poll(
      async () => {
        await scroller.evaluate((el) => el.scrollTo(0, el.scrollHeight));
        return chat.conversation("many 0001").isVisible();
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  expect(await chat.conversations.getByRole("link").count()).toBeLessThan(80);
  await chat.search.fill("many 9999");
  await expect(chat.conversations.getByRole("link")).toHaveCount(1);
});
