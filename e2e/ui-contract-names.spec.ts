import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, test } from "./app-test.ts";
import type { ChatPage } from "./chat-page.ts";

type Role = Parameters<Page["getByRole"]>[0];

/** The contract's names (docs/ui-contract.md) as tests outside the project look them up. */
const ALWAYS: [Role, string][] = [
  ["button", "New chat"],
  ["navigation", "Conversations"],
  ["searchbox", "Search conversations"],
  ["textbox", "Message"],
  ["log", "Messages"],
  ["combobox", "Model"],
  ["button", "More"],
];
const IN_A_CONVERSATION: [Role, string][] = [["button", "Conversation actions"]];
/** The contract lets these live in menus; each is then one `menuitem` of its menu. */
const MORE_ITEMS = ["Export all", "Settings"];
const CONVERSATION_ITEMS = ["Rename", "Delete", "Export chat", "Session details"];

async function expectMenuItems(page: Page, menu: string, items: string[], state: string) {
  await page.getByRole("button", { name: menu, exact: true }).click();
  const open = page.getByRole("menu");
  for (const name of items) {
    await expect(open.getByRole("menuitem", { name }), `${state}: ${menu} › ${name}`).toHaveCount(
      1,
    );
  }
  await page.keyboard.press("Escape");
  await expect(open).toHaveCount(0);
}

/** Each name matches exactly one element with Playwright's default, non-exact matching. */
async function expectUnique(page: Page, names: [Role, string][], state: string) {
  for (const [role, name] of names) {
    await expect(page.getByRole(role, { name }), `${state}: ${role} "${name}"`).toHaveCount(1);
  }
}

async function expectAbsent(page: Page, names: [Role, string][], state: string) {
  for (const [role, name] of names) {
    await expect(page.getByRole(role, { name }), `${state}: no ${role} "${name}"`).toHaveCount(0);
  }
}

async function conversationWithAToolStepAndAnError(chat: ChatPage) {
  await chat.ask("What is 2+3, then times 4?");
  await expect(chat.messages("tool")).toHaveCount(2);
  await chat.ask("/fail 500");
  await expect(chat.lastAnswer()).toHaveAttribute("data-status", "error");
}

test("on the start screen each contract name is one element, the Model picker included", async ({
  page,
  chat,
}) => {
  await expect(chat.model).toBeVisible();
  await expectUnique(page, [...ALWAYS, ["button", "Send"]], "start screen");
  await expect(page.getByLabel("Import file")).toHaveCount(1);
  await expectAbsent(page, [["button", "Stop"], ...IN_A_CONVERSATION.slice(0, 2)], "start screen");
});

test("in a conversation with answers, a tool step and an error answer", async ({ page, chat }) => {
  await conversationWithAToolStepAndAnError(chat);
  await chat.log.locator("details.tool-group summary").first().click();
  const state = "answers, tool step, error";
  await expectUnique(page, [...ALWAYS, ...IN_A_CONVERSATION, ["button", "Send"]], state);
  await expectMenuItems(page, "More", MORE_ITEMS, state);
  await expectMenuItems(page, "Conversation actions", CONVERSATION_ITEMS, state);
  await expectUnique(page, [["button", "Retry"]], state);
  await expect(page.getByRole("alert")).toHaveCount(1);
  await expectAbsent(page, [["button", "Stop"]], state);

  const details = await chat.openDetails();
  await expectUnique(
    page,
    [
      ["region", "Session details"],
      ["textbox", "State"],
    ],
    "session details open",
  );
  await details.press("Escape");
  await expectUnique(page, [...ALWAYS, ...IN_A_CONVERSATION], "session details closed");

  await page.getByRole("button", { name: "Retry" }).click();
  await expect(chat.stop).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByRole("alert")).toContainText("(500)");
  await expectUnique(page, [["button", "Retry"]], "after Retry");
});

test("while a message is being edited", async ({ page, chat }) => {
  await chat.ask("/echo first");
  await chat.ask("/echo second");
  await chat.messages("user").first().getByRole("button", { name: "Edit", exact: true }).click();
  await expect(chat.log.getByRole("textbox", { name: "Edited text" })).toBeFocused();
  await expectUnique(page, [...ALWAYS, ...IN_A_CONVERSATION, ["button", "Send"]], "editing");
});

test("while an answer is generating, and after a delete", async ({ page, chat }) => {
  await chat.ask("/echo before");
  await chat.startLongAnswer(50);
  const state = "generating";
  await expectUnique(page, [...ALWAYS, ...IN_A_CONVERSATION, ["button", "Stop"]], state);
  await expectAbsent(page, [["button", "Send"]], state);
  await chat.stop.click();
  await chat.waitForAnswer();

  await chat.conversationAction("Delete");
  await expectUnique(page, [...ALWAYS, ["button", "Undo"], ["button", "Send"]], "deleted");
});

test("with the Import conversations dialog, Settings or Agents open, and after they close", async ({
  page,
  chat,
  io,
}) => {
  await chat.ask("/echo before");
  await io.choose([
    {
      name: "parley-v1.json",
      text: readFileSync("fixtures/exports/parley/parley-v1.json", "utf8"),
    },
  ]);
  const dialog = page.getByRole("dialog", { name: "Import conversations" });
  await expect(dialog).toBeVisible();
  await expectUnique(
    page,
    [
      ["button", "Import"],
      ["button", "Cancel"],
    ],
    "import dialog",
  );
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel("Import file")).toHaveCount(1);

  await chat.openSettings();
  await expectUnique(page, [["dialog", "Settings"]], "settings open");
  await page.keyboard.press("Escape");
  await expectUnique(page, [...ALWAYS, ...IN_A_CONVERSATION], "settings closed");

  const agents = await chat.openAgents();
  await agents.getByRole("button", { name: "New agent" }).click();
  await agents.getByRole("textbox", { name: "Name" }).fill("Poet");
  await agents.getByRole("button", { name: "Save agent" }).click();
  await expect(agents.getByText("Poet", { exact: true })).toBeVisible();
  await page.keyboard.press("Escape");
  await expectUnique(page, [...ALWAYS, ...IN_A_CONVERSATION], "agents closed");
});
