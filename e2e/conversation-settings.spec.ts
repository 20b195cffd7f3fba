import { expect, test } from "./app-test.ts";
import type { ChatPage } from "./chat-page.ts";

async function configure(chat: ChatPage) {
  const dialog = await chat.openConversationSettings();
  await dialog.getByRole("textbox", { name: "System prompt" }).fill("Answer like a pirate.");
  await dialog.getByRole("spinbutton", { name: "Temperature" }).fill("0.3");
  await dialog.getByRole("spinbutton", { name: "Max tokens" }).fill("200");
  await dialog.getByRole("button", { name: "Save settings" }).click();
  await expect(dialog).toBeHidden();
}

test("a conversation's system prompt and parameters reach the model and stay its own", async ({
  chat,
}) => {
  await chat.ask("/params");
  await expect(chat.lastAnswer()).toContainText("temperature=unset");
  await configure(chat);
  await chat.ask("/params");
  await expect(chat.lastAnswer()).toContainText("temperature=0.3 top_p=unset max_tokens=200");
  await chat.ask("/system");
  await expect(chat.lastAnswer()).toContainText("Answer like a pirate.");
  const first = chat.activeId();

  await chat.newChat.click();
  await chat.ask("/params");
  await expect(chat.lastAnswer()).toContainText("temperature=unset top_p=unset max_tokens=unset");
  expect(chat.activeId()).not.toBe(first);
  await chat.ask("/system");
  await expect(chat.lastAnswer()).not.toContainText("pirate");
});

test("a conversation's settings survive a reload", async ({ page, chat }) => {
  await chat.ask("/echo hi");
  await configure(chat);
  await page.reload();
  const reopened = await chat.openConversationSettings();
  await expect(reopened.getByRole("textbox", { name: "System prompt" })).toHaveValue(
    "Answer like a pirate.",
  );
  await expect(reopened.getByRole("spinbutton", { name: "Temperature" })).toHaveValue("0.3");
  await expect(reopened.getByRole("spinbutton", { name: "Max tokens" })).toHaveValue("200");
  await page.keyboard.press("Escape");
  await chat.ask("/params");
  await expect(chat.lastAnswer()).toContainText("temperature=0.3 top_p=unset max_tokens=200");
});

test("a value out of range is refused in words beside its field and nothing is saved", async ({
  page,
  chat,
}) => {
  await chat.ask("/echo hi");
  const dialog = await chat.openConversationSettings();
  const temperature = dialog.getByRole("spinbutton", { name: "Temperature" });
  await temperature.fill("5");
  await dialog.getByRole("spinbutton", { name: "Max tokens" }).fill("-1");
  await dialog.getByRole("button", { name: "Save settings" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Temperature must be a number from 0 to 2.");
  await expect(temperature).toHaveAttribute("aria-invalid", "true");
  await temperature.fill("1");
  await dialog.getByRole("button", { name: "Save settings" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(
    "Max tokens must be a whole number from 1 to 1,000,000.",
  );
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await chat.ask("/params");
  await expect(chat.lastAnswer()).toContainText("temperature=unset");
  await page.reload();
  const reopened = await chat.openConversationSettings();
  await expect(reopened.getByRole("spinbutton", { name: "Temperature" })).toHaveValue("");
});

test("/think shows the model's reasoning folded above its answer, kept through a reload, exported, never sent back", async ({
  page,
  chat,
  io,
}) => {
  await chat.ask("/think Count the apples");
  const answer = chat.lastAnswer();
  await expect(answer.locator(".content")).toContainText("Done thinking");
  const reasoning = answer.locator("details.reasoning");
  await expect(reasoning.locator("summary")).toHaveText(/^Thought for \d+ s$/);
  const thought = answer.getByText("Count the apples", { exact: true });
  await expect(thought).toHaveCount(0);
  await reasoning.locator("summary").click();
  await expect(reasoning.getByText("Count the apples", { exact: true })).toBeVisible();

  await page.reload();
  const again = chat.lastAnswer().locator("details.reasoning");
  await expect(again.locator("summary")).toHaveText(/^Thought for \d+ s$/);

  const exported = JSON.parse((await io.download(io.exportChat)).text);
  const messages = exported.sessions[0].messages as { role: string; reasoning?: object }[];
  expect(messages.find((m) => m.role === "assistant")?.reasoning).toMatchObject({
    text: "Count the apples",
  });

  const sent = page.waitForRequest((r) => r.url().endsWith("/v1/chat/completions"));
  await chat.ask("/echo next");
  const request = (await sent).postDataJSON() as { messages: Record<string, unknown>[] };
  const earlier = request.messages.find((m) => m.role === "assistant");
  expect(Object.keys(earlier ?? {}).sort()).toEqual(["content", "role"]);
});

test("the agent's parameters are the defaults a conversation shows and sends; one field can go back to its default", async ({
  chat,
}) => {
  const agents = await chat.openAgents();
  await agents.getByRole("button", { name: "Edit Assistant" }).click();
  await agents.getByRole("spinbutton", { name: "Temperature" }).fill("0.7");
  await agents.getByRole("spinbutton", { name: "Top P" }).fill("0.5");
  await agents.getByRole("combobox", { name: "Reasoning effort" }).selectOption("high");
  await agents.getByRole("button", { name: "Save agent" }).click();
  await chat.page.keyboard.press("Escape");
  await expect(agents).toBeHidden();

  await chat.ask("/params");
  await expect(chat.lastAnswer()).toContainText(
    "temperature=0.7 top_p=0.5 max_tokens=unset reasoning_effort=high",
  );
  const dialog = await chat.openConversationSettings();
  await expect(dialog.getByText("Agent's default: 0.7")).toBeVisible();
  await expect(dialog.getByText("Agent's default: 0.5")).toBeVisible();
  await expect(dialog.getByRole("combobox", { name: "Reasoning effort" })).toHaveValue("");
  await expect(dialog.getByRole("option", { name: "The agent's default (High)" })).toHaveCount(1);
  await dialog.getByRole("spinbutton", { name: "Temperature" }).fill("0.2");
  await dialog.getByRole("spinbutton", { name: "Top P" }).fill("0.9");
  await dialog.getByRole("combobox", { name: "Reasoning effort" }).selectOption("low");
  await dialog.getByRole("button", { name: "Save settings" }).click();
  await chat.ask("/params");
  await expect(chat.lastAnswer()).toContainText(
    "temperature=0.2 top_p=0.9 max_tokens=unset reasoning_effort=low",
  );

  const again = await chat.openConversationSettings();
  await again.getByRole("button", { name: "Use the agent's default for Temperature" }).click();
  await expect(again.getByRole("spinbutton", { name: "Temperature" })).toHaveValue("");
  await again.getByRole("button", { name: "Save settings" }).click();
  await chat.ask("/params");
  await expect(chat.lastAnswer()).toContainText(
    "temperature=0.7 top_p=0.9 max_tokens=unset reasoning_effort=low",
  );
});

test("each choice for a conversation too long for the model has its radio beside its words", async ({
  chat,
}) => {
  await chat.ask("/echo hi");
  const dialog = await chat.openConversationSettings();
  for (const name of ["Leave out the oldest messages", "Summarise the oldest messages"]) {
    const place = await dialog.getByRole("radio", { name }).evaluate((radio) => {
      const words = [...(radio.parentElement?.childNodes ?? [])].find(
        (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
      );
      const range = document.createRange();
      if (words) range.selectNodeContents(words);
      const text = range.getBoundingClientRect();
      const box = radio.getBoundingClientRect();
      return { middle: (box.top + box.bottom) / 2, right: box.right, text };
    });
    // On one line: the radio's middle is within the words' height, and the words follow it.
    expect(place.middle).toBeGreaterThan(place.text.top);
    expect(place.middle).toBeLessThan(place.text.bottom);
    expect(place.text.left).toBeGreaterThan(place.right);
  }
});
