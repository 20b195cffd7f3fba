import { expect, test } from "./app-test.ts";
import { ChatPage } from "./chat-page.ts";

test("unsent text stays with its conversation, and with the start screen, across switches and a reload", async ({
  chat,
  page,
}) => {
  await chat.composer.fill("draft on the start screen");
  await page.reload();
  await expect(chat.composer).toHaveValue("draft on the start screen");
  await chat.ask("/echo first chat");
  await expect(chat.composer).toHaveValue("");
  await chat.composer.fill("draft for the first chat");

  await chat.newChat.click();
  await expect(chat.composer).toHaveValue("");
  await chat.ask("/echo second chat");
  await chat.composer.fill("draft for the second chat");

  await chat.conversation(/first chat/).click();
  await expect(chat.composer).toHaveValue("draft for the first chat");
  await chat.conversation(/second chat/).click();
  await expect(chat.composer).toHaveValue("draft for the second chat");

  await page.reload();
  await expect(chat.composer).toHaveValue("draft for the second chat");
  await chat.composer.press("Enter");
  await chat.waitForAnswer();
  await expect(chat.composer).toHaveValue("");
  await chat.conversation(/first chat/).click();
  await chat.conversation(/second chat/).click();
  await expect(chat.lastAnswer()).toContainText("draft for the second chat");
  await expect(chat.composer).toHaveValue("");
});

test("the Agent popover closes on Escape (without stopping the answer) and on a click outside", async ({
  chat,
  page,
}) => {
  await chat.ask("/echo popover");
  const toggle = page.getByRole("button", { name: /^Agent: / });
  const stages = page.getByRole("group", { name: /run in order/ });

  await chat.startLongAnswer(20);
  await toggle.click();
  await expect(stages).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(stages).toBeHidden();
  await expect(toggle).toBeFocused();
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(chat.lastAnswer()).toHaveAttribute("data-status", "streaming");
  await expect(chat.stop).toBeVisible();
  await chat.stop.click();
  await chat.waitForAnswer();

  await toggle.click();
  await expect(stages).toBeVisible();
  await stages.getByRole("combobox").first().focus();
  await chat.log.click({ position: { x: 5, y: 5 } });
  await expect(stages).toBeHidden();
});

test.describe("at 375 px", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the open Agent popover covers no header button and its legend sits inside its box", async ({
    page,
  }) => {
    const chat = new ChatPage(page);
    await page.goto("/");
    await chat.ask("/echo narrow popover");
    await page.getByRole("button", { name: /^Agent: / }).click();
    const stages = page.getByRole("group", { name: /run in order/ });
    await expect(stages).toBeVisible();
    const box = await stages.boundingBox();
    const legend = await stages.locator("legend").boundingBox();
    if (!box || !legend) throw new Error("the popover has no box");
    expect(legend.y).toBeGreaterThanOrEqual(box.y);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    for (const name of ["Conversation actions", "More"]) {
      const button = await page.getByRole("button", { name, exact: true }).boundingBox();
      if (!button) throw new Error(`${name} is not shown`);
      const overlaps =
        button.x < box.x + box.width &&
        box.x < button.x + button.width &&
        button.y < box.y + box.height &&
        box.y < button.y + button.height;
      expect(overlaps, `${name} is not covered`).toBe(false);
    }
    await chat.conversationAction("Rename");
    await expect(page.getByRole("textbox", { name: "New title" })).toBeVisible();
  });
});

test("counts read in the singular for one: the import dialog and the Agents panel", async ({
  chat,
  io,
  page,
}) => {
  await chat.ask("/echo one to export");
  const file = await io.download(io.exportChat);
  await io.choose([file]);
  await expect(io.dialog).toContainText(", 1 conversation");
  await expect(io.dialog).not.toContainText("1 conversations");
  await io.cancel.click();

  const agents = await chat.openAgents();
  await expect(agents).not.toContainText(/\b1 steps\b/);
  await expect(agents).toContainText(/\d+ steps/);
  expect(page.url()).toContain("/c/");
});

test("sending while scrolled up brings the log down to the new message and follows the answer", async ({
  chat,
}) => {
  // Six streamed answers (so the log scrolls) and a long one: 28 s on a quiet CI machine.
  test.setTimeout(60_000);
  for (let i = 0; i < 6; i++) await chat.ask(`/echo line ${i}\n\n${"filler text ".repeat(40)}`);
  const distanceFromEnd = () =>
    chat.log.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight);
  await chat.log.evaluate((el) => el.scrollTo(0, 0));
  await chat.startLongAnswer(20);
  await expect(chat.messages("user").last()).toContainText("long");
  await expect(chat.lastAnswer()).toBeInViewport();
  await chat.waitForAnswer();
  await expect.poll(distanceFromEnd).toBeLessThan(50);
});

test("after /cut the alert takes its own space below the log and only one Retry shows at a time", async ({
  chat,
  page,
}) => {
  for (let i = 0; i < 4; i++) await chat.ask(`/echo line ${i}\n\n${"filler text ".repeat(40)}`);
  await chat.ask("/cut");
  const alert = page.getByRole("alert");
  await expect(alert).toBeVisible();
  const retries = page.getByRole("button", { name: "Retry" });
  await expect(retries).toHaveCount(1);
  await expect(alert.getByRole("button", { name: "Retry" })).toBeVisible();

  const bottomOf = async (what: typeof alert) => {
    const box = await what.boundingBox();
    if (!box) throw new Error("not shown");
    return { top: box.y, bottom: box.y + box.height };
  };
  await expect
    .poll(
      async () => (await bottomOf(chat.lastAnswer())).bottom - (await bottomOf(chat.log)).bottom,
    )
    .toBeLessThanOrEqual(0);
  expect((await bottomOf(chat.log)).bottom).toBeLessThanOrEqual((await bottomOf(alert)).top);

  await alert.getByRole("button", { name: "Close" }).click();
  await expect(alert).toHaveCount(0);
  await expect(chat.lastAnswer().getByRole("button", { name: "Retry" })).toBeVisible();
  await expect(retries).toHaveCount(1);
  await expect
    .poll(
      async () => (await bottomOf(chat.lastAnswer())).bottom - (await bottomOf(chat.log)).bottom,
    )
    .toBeLessThanOrEqual(0);
});
