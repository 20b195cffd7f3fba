import type { Request } from "@playwright/test";
import { expect, test } from "./app-test.ts";

/** The app's request for a conversation's title (src/core/agent/title-request.ts). */
function isTitleRequest(request: Request): boolean {
  return (
    request.url().endsWith("/v1/chat/completions") &&
    (request.postData() ?? "").includes("Write a title for the conversation below")
  );
}

/** The text of a streamed answer (Chat Completions' server-sent events). */
function answerOf(body: string): string {
  return body
    .split("\n")
    .filter((line) => line.startsWith("data: {"))
    .map((line) => JSON.parse(line.slice(6)).choices[0]?.delta?.content ?? "")
    .join("");
}

/** `text` as a model's streamed answer, in one piece. */
function streamed(text: string): string {
  const chunk = (delta: object, finish: string | null) =>
    `data: ${JSON.stringify({ id: "t", object: "chat.completion.chunk", created: 1, model: "demo", choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
  return `${chunk({ content: text }, null)}${chunk({}, "stop")}data: [DONE]\n\n`;
}

test("a new conversation invites a first message; an example prompt sends with one click and names the tab", async ({
  page,
  chat,
}) => {
  await expect(page).toHaveTitle("Parley");
  const examples = chat.log.getByRole("list", { name: "Example prompts" });
  await expect(examples.getByRole("button")).toHaveCount(3);
  const titles: string[] = [];
  await page.route("**/v1/chat/completions", async (route) => {
    if (!isTitleRequest(route.request())) return route.continue();
    const response = await route.fetch();
    const body = await response.text();
    titles.push(answerOf(body));
    await route.fulfill({ response, body });
  });
  await examples.getByRole("button", { name: "What is 2+3, then times 4?" }).click();
  await chat.waitForAnswer();
  await expect(chat.lastAnswer()).toContainText("20");
  await expect(chat.messages("user")).toHaveText([/What is 2\+3/]);
  // The demo answers the title request with the first line, so the name stays what it was.
  await expect.poll(() => titles.length, { timeout: 15_000 }).toBe(1);
  expect(titles).toEqual(["What is 2+3, then times 4?"]);
  await expect(page).toHaveTitle("What is 2+3, then times 4?");
  await expect(chat.conversation(/^What is 2\+3, then times 4\?/)).toBeVisible();
});

test("after the first answer the conversation takes the title the model wrote, and keeps it", async ({
  page,
  chat,
}) => {
  await page.route("**/v1/chat/completions", (route) =>
    isTitleRequest(route.request())
      ? route.fulfill({ contentType: "text/event-stream", body: streamed('"Sums and products."') })
      : route.continue(),
  );
  await chat.ask("/echo first answer");
  await expect(page).toHaveTitle("Sums and products");
  await expect(chat.conversation(/^Sums and products/)).toHaveAttribute("aria-current", "page");
  await chat.ask("/echo second answer");
  await page.reload();
  await expect(page).toHaveTitle("Sums and products");
});

test("the sidebar groups conversations by date under headings, pinned ones first", async ({
  chat,
}) => {
  await chat.ask("/echo first");
  await chat.newChat.click();
  await chat.ask("/echo second");
  await chat.conversationAction("Pin");
  const headings = chat.conversations.getByRole("heading");
  await expect(headings).toHaveText(["Pinned", "Today"]);
  await expect(chat.conversations.getByRole("listitem")).toHaveCount(2);
});

test("menus open from their buttons, Escape closes them, and focus goes back", async ({
  page,
  chat,
}) => {
  await chat.ask("/echo hello");
  const trigger = page.getByRole("button", { name: "Conversation actions" });
  await trigger.click();
  await expect(page.getByRole("menu")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menu")).toHaveCount(0);
  await expect(trigger).toBeFocused();

  await chat.conversationAction("Session details");
  await expect(page.getByRole("dialog", { name: "Session details" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(trigger).toBeFocused();
});

for (const width of [1280, 375]) {
  test(`the Undo toast after a delete does not cover the composer at ${width} px`, async ({
    page,
    chat,
  }) => {
    await page.setViewportSize({ width, height: width > 400 ? 800 : 740 });
    await chat.ask("/echo to delete");
    await chat.conversationAction("Delete");
    const undo = page.getByRole("button", { name: "Undo" });
    await expect(undo).toBeVisible();
    const toast = await page.locator(".toast").boundingBox();
    const composer = await page.locator(".composer-card").boundingBox();
    if (!toast || !composer) throw new Error("the toast or the composer has no box");
    expect(toast.y + toast.height).toBeLessThanOrEqual(composer.y);
    const words = await page.locator(".toast").getByText("Conversation deleted.").boundingBox();
    expect(words?.height, "the toast's words take one line").toBeLessThan(30);
  });
}

test("the conversation is a reading column of 48rem; the composer is one card with Attach files, Model and Send; message actions are icons named by their tooltips", async ({
  page,
  chat,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await chat.ask("/echo a **reading** column ".repeat(20));
  const answer = await chat.lastAnswer().boundingBox();
  if (!answer) throw new Error("the answer has no box");
  expect(answer.width).toBeLessThanOrEqual(48 * 16);
  expect(answer.width).toBeGreaterThan(40 * 16);

  const card = page.locator(".composer-card");
  // The file input of the same name is visually hidden beside it.
  await expect(card.locator("button.attach-button")).toHaveAccessibleName("Attach files");
  for (const control of [
    card.getByRole("combobox", { name: "Model" }),
    card.getByRole("button", { name: "Send", exact: true }),
    card.getByRole("textbox", { name: "Message" }),
  ])
    await expect(control).toBeVisible();

  const copy = chat.lastAnswer().getByRole("button", { name: "Copy", exact: true });
  await copy.hover();
  await expect(copy).toHaveText("");
  await expect(page.getByRole("tooltip", { name: "Copy" })).toBeVisible();
});

test("a first message in Markdown names the conversation without its marks, in the list and the tab", async ({
  page,
  chat,
}) => {
  let asked = 0;
  await page.route("**/v1/chat/completions", async (route) => {
    if (!isTitleRequest(route.request())) return route.continue();
    const response = await route.fetch();
    await route.fulfill({ response, body: await response.text() });
    asked++;
  });
  await chat.ask("Plan for **Friday**: book the `room`");
  // The demo answers the title request with the first line as typed, marks and all.
  await expect.poll(() => asked, { timeout: 15_000 }).toBe(1);
  await expect(page).toHaveTitle("Plan for Friday: book the room");
  await expect(chat.conversation(/^Plan for Friday: book the room/)).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Plan for Friday: book the room",
  );
});

test("an answer follows its question closely, and the question's actions show beside it on hover", async ({
  page,
  chat,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await chat.ask("/echo close to the question");
  const question = chat.messages("user").last();
  const bubble = await question.locator(".content").boundingBox();
  const answer = await chat.lastAnswer().boundingBox();
  if (!bubble || !answer) throw new Error("the question or the answer has no box");
  expect(answer.y - (bubble.y + bubble.height)).toBeLessThanOrEqual(24);
  await question.hover();
  const edit = question.getByRole("button", { name: "Edit", exact: true });
  await expect(edit).toHaveCSS("opacity", "1");
  const button = await edit.boundingBox();
  if (!button) throw new Error("Edit has no box");
  expect(button.x + button.width).toBeLessThanOrEqual(bubble.x);
});
