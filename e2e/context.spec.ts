import { expect, test } from "./app-test.ts";
import { nativeExport } from "./import-export-helpers.ts";

const SESSION = "c0a7e1000001";
const TURNS = 1_500;

/** A Parley export of one conversation of `2 × turns` messages, each of some 120 characters. */
function longExport(turns: number): string {
  const messages = [];
  const at = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString();
  for (let i = 0; i < turns; i++) {
    const words = `number ${i} of a long conversation, with enough words to take some tokens`;
    messages.push({
      id: `u${i}`,
      role: "user",
      content: `Question ${words}?`,
      created_at: at(2 * i),
    });
    messages.push({
      id: `a${i}`,
      role: "assistant",
      content: `Answer ${words}.`,
      created_at: at(2 * i + 1),
      agent: "Assistant",
      model: "demo",
      status: "complete",
    });
  }
  const session = {
    format_version: 1,
    session_id: SESSION,
    created_at: at(0),
    updated_at: at(2 * turns),
    title: "A very long conversation",
    metadata: {},
    state: {},
    revision: 1,
    messages,
  };
  return nativeExport([session], at(0), 1);
}

test("a 3,000-message conversation still gets answers: the request is fitted, and the log marks where the model's view begins", async ({
  page,
  chat,
  io,
}) => {
  test.setTimeout(60_000);
  await io.choose([{ name: "long.json", text: longExport(TURNS) }]);
  await io.commit();
  await io.dialog.getByRole("button", { name: "Close" }).click();
  await chat.conversation(/A very long conversation/).click();
  await expect(page).toHaveURL(new RegExp(`/c/${SESSION}$`));

  // Counted by gpt-tokenizer in the token workers (the estimate would read "about …").
  await expect(page.getByRole("meter", { name: "Context used" })).toHaveAttribute(
    "aria-valuetext",
    /^[\d,]+ of 8,192 tokens/,
  );
  await chat.ask("/context");
  await expect(chat.lastAnswer()).toHaveAttribute("data-status", "complete");
  const said = /messages=(\d+) tokens=(\d+)/.exec(await chat.answerText());
  expect(said).not.toBeNull();
  const [messages, tokens] = [Number(said?.[1]), Number(said?.[2])];
  expect(messages).toBeGreaterThan(10);
  expect(messages).toBeLessThan(1_000);
  expect(tokens).toBeLessThan(8_192);

  const marker = chat.log.getByRole("separator", { name: "Earlier messages are not sent" });
  // The log is virtual: it is scrolled up most of a view at a time until the marker's row is drawn.
  await expect
    .poll(
      async () => {
        if ((await marker.count()) > 0) return true;
        await chat.log.evaluate((log) => log.scrollBy(0, -0.8 * log.clientHeight));
        return false;
      },
      { timeout: 30_000, intervals: [100] },
    )
    .toBe(true);
  await marker.scrollIntoViewIfNeeded();
  await expect(marker).toBeVisible();
  await expect(
    chat.log.getByText(/the 2\d{3} earlier messages stay in the conversation/),
  ).toBeVisible();
});

test("the Context used meter shows what the next send takes, and grows with a long draft and a long message", async ({
  chat,
}) => {
  await chat.ask("/echo hello");
  const meter = chat.page.getByRole("meter", { name: "Context used" });
  await expect(meter).toHaveAttribute("aria-valuemax", "8192");
  await expect(meter).toHaveAttribute("aria-valuetext", /of 8,192 tokens/);
  const value = async () => Number(await meter.getAttribute("aria-valuenow"));
  const before = await value();
  expect(before).toBeGreaterThan(0);

  const long = "A long message with many words in it. ".repeat(40);
  await chat.composer.fill(long);
  await expect.poll(value).toBeGreaterThan(before + 200);
  await chat.composer.press("Enter");
  await chat.waitForAnswer();
  await expect.poll(value).toBeGreaterThan(before + 200);
});

test("a conversation set to summarise sends a summary of what does not fit, shown folded in the log", async ({
  page,
  chat,
  io,
}) => {
  // Too long to send whole, short enough to be summarised whole.
  const turns = 160;
  await io.choose([{ name: "long.json", text: longExport(turns) }]);
  await io.commit();
  await io.dialog.getByRole("button", { name: "Close" }).click();
  await chat.conversation(/A very long conversation/).click();
  await expect(page).toHaveURL(new RegExp(`/c/${SESSION}$`));
  const dialog = await chat.openConversationSettings();
  await dialog.getByRole("radio", { name: "Summarise the oldest messages" }).check();
  await dialog.getByRole("button", { name: "Save settings" }).click();
  await expect(dialog).toBeHidden();

  // The summary request is held until the log has said that a summary is being made.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/v1/chat/completions", async (route) => {
    const first = route.request().postDataJSON()?.messages?.[0]?.content;
    if (typeof first === "string" && first.startsWith("Write a summary")) await held;
    await route.continue();
  });
  const summarising = chat.log
    .getByRole("status")
    .filter({ hasText: "Summarising earlier messages…" });
  await chat.sendMessage("/context");
  await expect(summarising).toBeVisible();
  release();
  await chat.waitForAnswer();
  await expect(chat.lastAnswer()).toHaveAttribute("data-status", "complete");
  await expect(summarising).toHaveCount(0);
  const summary = chat.log.locator('article[data-role="system"]');
  await expect(summary).toHaveCount(1);
  const title = summary.getByText(/^Summary of \d+ earlier messages$/);
  const covers = Number(/\d+/.exec((await title.textContent()) ?? "")?.[0]);
  expect(covers).toBeGreaterThan(0);
  await expect(summary.getByText(`Summary: ${covers} messages`)).toBeHidden();
  await title.click();
  await expect(summary.getByText(`Summary: ${covers} messages`)).toBeVisible();

  const said = /messages=(\d+)/.exec(await chat.answerText());
  const sent = Number(said?.[1]);
  // The system prompt, the summary, and the newest messages after what it covers.
  expect(sent).toBe(2 + 2 * turns + 1 - covers);
  expect(sent).toBeLessThan(2 * turns);
});
