import { expect, test } from "./app-test.ts";
import { ChatPage } from "./chat-page.ts";

test("create, edit and delete an agent; it survives a reload", async ({ page, chat }) => {
  const panel = await chat.openAgents();
  await expect(panel.getByText("Assistant", { exact: true })).toBeVisible();
  await expect(panel.getByText("Translator", { exact: true })).toBeVisible();
  await expect(panel.getByText("Summarizer", { exact: true })).toBeVisible();

  await panel.getByRole("button", { name: "New agent" }).click();
  await panel.getByRole("textbox", { name: "Name" }).fill("Translator");
  await panel.getByRole("textbox", { name: "Instructions" }).fill("Answer like a poet.");
  await panel.getByRole("button", { name: "Save agent" }).click();
  await expect(panel.getByRole("alert")).toHaveText(/Another agent has this name/);

  await panel.getByRole("textbox", { name: "Name" }).fill("Poet");
  await panel.getByRole("checkbox", { name: "calculator" }).check();
  await panel.getByRole("spinbutton", { name: /Step limit/ }).fill("3");
  await panel.getByRole("button", { name: "Save agent" }).click();
  await expect(panel.getByText("Poet", { exact: true })).toBeVisible();

  await page.reload();
  const again = await chat.openAgents();
  await again.getByRole("button", { name: "Edit Poet" }).click();
  await expect(again.getByRole("textbox", { name: "Instructions" })).toHaveValue(
    "Answer like a poet.",
  );
  await expect(again.getByRole("checkbox", { name: "calculator" })).toBeChecked();
  await again.getByRole("spinbutton", { name: /Step limit/ }).fill("0");
  await again.getByRole("button", { name: "Save agent" }).click();
  await expect(again.getByRole("alert")).toHaveText(/from 1 to 50/);
  await again.getByRole("button", { name: "Cancel" }).click();

  await again.getByRole("button", { name: "Remove Poet" }).click();
  await expect(again.getByText("Poet", { exact: true })).toHaveCount(0);
  await expect(again.getByRole("button", { name: "Remove Assistant" })).toHaveCount(0);
  await expect(again.getByRole("button", { name: "Reset Assistant" })).toBeVisible();
});

test("a pipeline runs Translator then Summarizer on each message, each answer labelled", async ({
  page,
  chat,
}) => {
  await chat.ask("/echo hello pipeline");
  await chat.setPipeline(["Translator", "Summarizer"]);
  await chat.ask("/echo second message");
  const answers = chat.messages("assistant");
  await expect(answers).toHaveCount(3);
  await expect(answers.nth(1)).toContainText("Translator");
  await expect(answers.nth(1)).toContainText("second message");
  await expect(answers.nth(2)).toContainText("Summarizer");
  await expect(answers.nth(2)).toHaveAttribute("data-status", "complete");

  await page.reload();
  await expect(chat.messages("assistant")).toHaveCount(3);
  await expect(page.getByRole("button", { name: "Agent: Translator → Summarizer" })).toBeVisible();
});

test("the README's pipeline: Translator then Summarizer on an English paragraph give a marked translation and a short summary", async ({
  chat,
}) => {
  const paragraph =
    "Parley keeps every conversation in the browser. The proxy holds the keys. A pipeline hands each answer to the next agent.";
  await chat.ask("/echo a conversation to set the pipeline on");
  await chat.setPipeline(["Translator", "Summarizer"]);
  await chat.ask(paragraph);
  const answers = chat.messages("assistant").filter({ hasNotText: "a conversation to set" });
  await expect(answers).toHaveCount(2);
  await expect(answers.nth(0)).toContainText("Translator");
  await expect(answers.nth(0)).toContainText("Translation into Chinese");
  await expect(answers.nth(0)).toContainText(paragraph);
  await expect(answers.nth(1)).toContainText("Summarizer");
  await expect(answers.nth(1)).toContainText("Summary (demo: 3 sentences, 21 words");
  await expect(answers.nth(1).getByRole("listitem")).toHaveText([
    "Parley keeps every conversation in the browser.",
    "The proxy holds the keys.",
    "A pipeline hands each answer to the next agent.",
  ]);
  await expect(answers.nth(1)).not.toContainText("Nice to meet you");
  await expect(answers.nth(1)).toHaveAttribute("data-status", "complete");
});

test("the tool steps of an answer fold into one line that expands to each call", async ({
  chat,
}) => {
  await chat.ask("What is 2+3, then times 4?");
  const groups = chat.log.locator("details.tool-group");
  await expect(groups).toHaveCount(1);
  const group = groups.first();
  await expect(group.locator("summary").first()).toHaveText(/Used calculator ×2/);
  await expect(chat.messages("tool")).toHaveCount(2);
  await expect(group.getByText('"expression": "2+3"')).toBeHidden();
  await group.locator("summary").first().click();
  const steps = group.locator("details.tool-step");
  await expect(steps).toHaveCount(2);
  await expect(steps.first().locator("summary")).toContainText("calculator");
  await expect(steps.first().locator("summary")).toContainText("done");
  await expect(steps.first().locator("summary")).toContainText(/\d+(\.\d+)? (ms|s)/);
  await expect(group.getByText('"expression": "2+3"')).toBeVisible();
  await expect(steps.first().getByText("5", { exact: true })).toBeVisible();

  const answer = chat.lastAnswer();
  await expect(chat.messages("assistant")).toHaveCount(1);
  await expect(answer.getByText("Total time")).toBeHidden();
  const details = answer.getByLabel("Answer details");
  // The latest answer's actions stay in sight; an earlier answer's show on hover and focus.
  await chat.page.mouse.move(0, 0);
  await expect(details).toHaveCSS("opacity", "1");
  await expect(answer.getByRole("button", { name: "Regenerate" })).toHaveCSS("opacity", "1");
  await details.click();
  await expect(answer.getByText("Agent", { exact: true })).toBeVisible();
  await expect(answer.getByText(/in all/)).toBeVisible();
  await expect(answer.getByText("Total time")).toBeVisible();

  await chat.ask("/echo a later answer");
  await chat.page.mouse.move(0, 0);
  const earlier = chat.messages("assistant").first();
  await expect(earlier.getByRole("button", { name: "Copy", exact: true })).toHaveCSS(
    "opacity",
    "0",
  );
  await expect(chat.lastAnswer().getByLabel("Answer details")).toHaveCSS("opacity", "1");
});

test("Copy, Regenerate and Edit-and-resend", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const chat = new ChatPage(page);
  await chat.open();
  await chat.ask("/echo first words");
  await chat.lastAnswer().getByRole("button", { name: "Copy", exact: true }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("first words");

  await chat.lastAnswer().getByRole("button", { name: "Regenerate" }).click();
  await chat.waitForAnswer();
  await expect(chat.messages("assistant")).toHaveCount(1);
  await expect(chat.lastAnswer()).toContainText("first words");

  await chat.messages("user").first().getByRole("button", { name: "Edit", exact: true }).click();
  const editor = chat.log.getByRole("textbox", { name: "Edited text" });
  // The text being edited takes the column's width, not the few words a line it was squeezed to.
  const [edited, log] = await Promise.all([editor.boundingBox(), chat.log.boundingBox()]);
  expect(edited && log && edited.width / Math.min(log.width, 48 * 16)).toBeGreaterThan(0.9);
  await editor.fill("/echo edited words");
  await editor.press("Enter");
  await chat.waitForAnswer();
  await expect(chat.messages("user")).toHaveText([/edited words/]);
  await expect(chat.messages("assistant")).toHaveCount(1);
  await expect(chat.lastAnswer()).toContainText("edited words");
});

test("reaching the step limit shows an error answer in the log, kept across a reload", async ({
  page,
  chat,
}) => {
  await chat.ask("/echo start");
  const panel = await chat.openAgents();
  await panel.getByRole("button", { name: "New agent" }).click();
  await panel.getByRole("textbox", { name: "Name" }).fill("Hasty");
  await panel.getByRole("checkbox", { name: "calculator" }).check();
  await panel.getByRole("spinbutton", { name: /Step limit/ }).fill("1");
  await panel.getByRole("button", { name: "Save agent" }).click();
  await expect(panel.getByText("Hasty", { exact: true })).toBeVisible();
  await page.keyboard.press("Escape");
  await chat.setPipeline(["Hasty"]);

  await chat.ask("What is 2+3, then times 4?");
  await expect(chat.messages("tool")).toHaveCount(1);
  await expect(chat.lastAnswer()).toHaveAttribute("data-status", "error");
  await expect(chat.lastAnswer()).toContainText("used all 1 model calls");
  await page.reload();
  await expect(chat.lastAnswer()).toHaveAttribute("data-status", "error");
  await expect(chat.lastAnswer()).toContainText("used all 1 model calls");
  await expect(chat.lastAnswer()).toContainText("Step limit reached");
});

test("a removed agent comes back with Undo; a reset built-in too", async ({ page, chat }) => {
  const panel = await chat.openAgents();
  await panel.getByRole("button", { name: "New agent" }).click();
  await panel.getByRole("textbox", { name: "Name" }).fill("Poet");
  await panel.getByRole("textbox", { name: "Instructions" }).fill("Answer like a poet.");
  await panel.getByRole("button", { name: "Save agent" }).click();
  await expect(panel.getByText("Poet", { exact: true })).toBeVisible();

  await panel.getByRole("button", { name: "Remove Poet" }).click();
  await expect(panel.getByText("Poet", { exact: true })).toHaveCount(0);
  await expect(panel.getByRole("status")).toContainText("Agent Poet removed.");
  await panel.getByRole("button", { name: "Undo" }).click();
  await expect(panel.getByText("Poet", { exact: true })).toBeVisible();
  await expect(panel.getByRole("button", { name: "Undo" })).toHaveCount(0);

  await panel.getByRole("button", { name: "Edit Assistant" }).click();
  await panel.getByRole("textbox", { name: "Instructions" }).fill("Only haiku.");
  await panel.getByRole("button", { name: "Save agent" }).click();
  await panel.getByRole("button", { name: "Reset Assistant" }).click();
  await panel.getByRole("button", { name: "Undo" }).click();
  await expect(panel.getByRole("button", { name: "Undo" })).toHaveCount(0);

  await page.reload();
  const again = await chat.openAgents();
  await expect(again.getByText("Poet", { exact: true })).toBeVisible();
  await again.getByRole("button", { name: "Edit Poet" }).click();
  await expect(again.getByRole("textbox", { name: "Instructions" })).toHaveValue(
    "Answer like a poet.",
  );
  await again.getByRole("button", { name: "Cancel" }).click();
  await again.getByRole("button", { name: "Edit Assistant" }).click();
  await expect(again.getByRole("textbox", { name: "Instructions" })).toHaveValue("Only haiku.");
});
